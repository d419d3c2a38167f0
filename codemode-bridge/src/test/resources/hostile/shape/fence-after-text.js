// expect: invalid_program
// message: the program must be exactly one async function expression
// calls: none
```js
async () => t.echo({value: 1})
```
