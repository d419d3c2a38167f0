// expect: not_json
async () => ({ get x() { throw new Error('no'); } })
