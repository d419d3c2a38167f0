// expect: ok
// result: "survived"
async () => { console.log({ toJSON() { throw new Error('no'); }, toString() { throw new Error('no'); } }); return 'survived'; }
