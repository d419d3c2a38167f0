// expect: thrown
// message: Error
async () => { quit(); return 'ran'; }
