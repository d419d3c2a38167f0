// expect: limit cpu|memory
async () => { for (;;) { try { throw new Error('x'); } catch (e) { continue; } } }
