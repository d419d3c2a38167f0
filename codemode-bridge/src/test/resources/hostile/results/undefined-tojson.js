// expect: not_json
// message: the returned value cannot become JSON
async () => ({toJSON() { return undefined; }})
