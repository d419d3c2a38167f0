// expect: thrown
// message: Error
async () => { exit(1); return 'ran'; }
