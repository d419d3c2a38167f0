// expect: not_json
// message: the program returned nothing (undefined): return the answer
async () => { const answer = 42; }
