// expect: ok
// result: "function"
async () => { const seen = typeof [].push; Array.prototype.push = null; return seen; }
