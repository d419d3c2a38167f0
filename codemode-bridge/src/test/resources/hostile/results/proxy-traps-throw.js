// expect: not_json
async () => new Proxy({}, { ownKeys() { throw new Error('trap'); } })
