// expect: thrown
// message: t.fail (refused)
async () => Promise.all([new Promise(() => {}), t.fail({kind: 'refused', message: 'no'})])
