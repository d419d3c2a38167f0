// expect: timeout
// expect[trino]: ok
// result[trino]: {"columns":[{"name":"n","type":"bigint"}],"rows":[{"n":3084390844}],"rowCount":1,"truncated":false}
// The widest values allowed over every line take longer than the pass: its end cancels the statement.
// Trino (a coordinator and a worker) sums them in about half a second: the pass gets the answer.
async () => warehouse.query({sql: "SELECT sum(length(replace(lpad(product, 10000, 'x'), 'x', 'xx'))) AS n FROM invoice_lines"})
