// expect: thrown
// message: is not a function
// calls: none
async () => 1
```
;t.echo({value: 'second'})
```
