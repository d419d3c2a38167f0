// expect: invalid_program
// message: the program is TypeScript, which this sandbox does not run: the parameter type annotation `: number` at line 4, column 53
// calls: none
async () => (await t.echo({value: 1})) && [1].map((x: number) => x)
