// expect: thrown
// message: Error
async () => { readline(); return 'ran'; }
