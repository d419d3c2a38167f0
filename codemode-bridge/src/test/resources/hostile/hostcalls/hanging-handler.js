// expect: timeout
async () => t.block({})
