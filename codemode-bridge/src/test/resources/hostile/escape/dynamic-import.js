// expect: thrown
async () => { await import('fs'); }
