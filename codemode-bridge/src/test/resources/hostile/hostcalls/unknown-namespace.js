// expect: thrown
// message: ReferenceError: warehouse is not defined: there is no namespace warehouse; the namespaces are t (discover_tools
// calls: none
async () => warehouse.query({sql: 'SELECT 1'})
