// expect: ok
// result: ["TypeError","function"]
async () => { 'use strict'; try { delete t.echo; } catch (e) { return [e.name, typeof t.echo]; } }
