// expect: ok
// result: "TypeError"
async () => { 'use strict'; try { t.echo = () => 'forged'; } catch (e) { return e.name; } }
