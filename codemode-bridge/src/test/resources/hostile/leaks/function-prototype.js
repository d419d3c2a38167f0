// expect: ok
// result: "function"
async () => { const seen = typeof Function.prototype.call; Function.prototype.call = null; Function.prototype.apply = null; return seen; }
