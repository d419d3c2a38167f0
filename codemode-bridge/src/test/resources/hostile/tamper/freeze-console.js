// expect: ok
// result: true
async () => { Object.freeze(console); console.log('still'); return Object.isFrozen(t); }
