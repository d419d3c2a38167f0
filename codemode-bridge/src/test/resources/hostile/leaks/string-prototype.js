// expect: ok
// result: "A"
async () => { const seen = 'a'.toUpperCase(); String.prototype.toUpperCase = () => 'pwned'; return seen; }
