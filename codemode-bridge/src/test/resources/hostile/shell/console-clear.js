// expect: thrown
// message: Error
async () => { console.clear(); return 'ran'; }
