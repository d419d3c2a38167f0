// expect: limit cpu
async () => t.echo(new Proxy({value: 1}, { ownKeys() { for (;;) {} } }))
