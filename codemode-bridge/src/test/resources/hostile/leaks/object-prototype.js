// expect: ok
// result: "clean"
async () => { const seen = ({}).polluted; Object.prototype.polluted = 'yes'; return seen ?? 'clean'; }
