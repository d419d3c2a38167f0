// expect: thrown
// message: Error
async () => { print('x'); return 'ran'; }
