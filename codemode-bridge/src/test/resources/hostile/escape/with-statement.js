// expect: ok
// result: "undefined"
async function () { with ({}) { return typeof Java; } }
