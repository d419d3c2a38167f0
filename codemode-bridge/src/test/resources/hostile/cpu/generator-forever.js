// expect: limit cpu|memory
async () => { function* g() { for (;;) yield 1; } let n = 0; for (const x of g()) n += x; return n; }
