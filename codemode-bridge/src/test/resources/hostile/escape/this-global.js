// expect: ok
// result: "undefined"
async function () { return typeof this.Java; }
