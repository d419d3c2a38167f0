// expect: thrown
// message: Error
async () => { printErr('x'); return 'ran'; }
