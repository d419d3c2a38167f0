// expect: not_json
async () => Symbol('s')
