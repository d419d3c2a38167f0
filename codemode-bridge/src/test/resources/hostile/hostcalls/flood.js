// expect: ok
// result: 984
async () => (await Promise.allSettled(Array.from({length: 1000}, () => t.echo({value: 1})))).filter(r => r.status === 'rejected' && r.reason.kind === 'budget').length
