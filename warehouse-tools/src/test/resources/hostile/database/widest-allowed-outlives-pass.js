// expect: timeout
// The widest values allowed over every line take longer than the pass: its end cancels the statement.
async () => warehouse.query({sql: "SELECT sum(length(replace(lpad(product, 10000, 'x'), 'x', 'xx'))) AS n FROM invoice_lines"})
