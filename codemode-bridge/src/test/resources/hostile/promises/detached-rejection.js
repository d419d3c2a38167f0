// expect: ok
// result: "done"
async () => { Promise.reject(new Error('ignored')); t.fail({kind: 'failed'}); return 'done'; }
