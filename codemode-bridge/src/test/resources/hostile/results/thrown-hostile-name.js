// expect: thrown
async () => { const e = new Error('x'); Object.defineProperty(e, 'name', { get() { throw new Error('trap'); } }); throw e; }
