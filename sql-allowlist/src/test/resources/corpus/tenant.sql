-- Queries that try to reach rows outside the tenant, directly or through CTEs, subqueries, joins, unions
-- and the summary view. Run for tenant {emea} over the full warehouse, each must return exactly what the
-- same query returns over a warehouse that holds only emea rows.

-- name: all regions asked for directly
SELECT DISTINCT region FROM invoices ORDER BY region

-- name: another region by filter
SELECT count(*) AS n FROM invoices WHERE region = 'apac'

-- name: customers of every region
SELECT region, count(*) AS n FROM customers GROUP BY region ORDER BY region

-- name: invoice lines through their invoice
SELECT count(*) AS lines, sum(quantity * unit_price_cents) AS cents FROM invoice_lines

-- name: summary view regions
SELECT region, count(*) AS months, sum(revenue) AS revenue FROM invoice_summary GROUP BY region ORDER BY region

-- name: cte shadows invoices and reads the real table inside
WITH invoices AS (SELECT * FROM invoices WHERE status <> 'void')
SELECT region, count(*) AS n, sum(amount_cents) AS cents FROM invoices GROUP BY region ORDER BY region

-- name: cte shadows invoices with customers rows
WITH invoices AS (SELECT customer_id, region FROM main.customers)
SELECT region, count(*) AS n FROM invoices GROUP BY region ORDER BY region

-- name: later cte reads the shadowing cte and the real lines
WITH invoices AS (SELECT * FROM invoices WHERE status = 'paid'),
     lines AS (SELECT l.* FROM invoice_lines l JOIN invoices i ON i.invoice_id = l.invoice_id)
SELECT count(*) AS n, sum(quantity) AS units FROM lines

-- name: cte shadows invoice_lines
WITH invoice_lines AS (SELECT invoice_id, count(*) AS n FROM invoice_lines GROUP BY invoice_id)
SELECT max(n) AS most_lines, count(*) AS invoices FROM invoice_lines

-- name: scalar subquery totals
SELECT (SELECT count(*) FROM invoices) AS invoices, (SELECT count(*) FROM customers) AS customers,
       (SELECT count(*) FROM invoice_lines) AS lines, (SELECT sum(invoice_count) FROM invoice_summary) AS summarized

-- name: in subquery over another table
SELECT count(*) AS n FROM customers WHERE customer_id IN (SELECT customer_id FROM invoices WHERE status = 'overdue')

-- name: not in subquery
SELECT count(*) AS n FROM customers WHERE customer_id NOT IN (SELECT customer_id FROM invoices WHERE amount_cents > 5000000)

-- name: exists subquery on lines
SELECT count(*) AS n FROM invoices i
WHERE EXISTS (SELECT 1 FROM invoice_lines l WHERE l.invoice_id = i.invoice_id AND l.quantity > 10)

-- name: union of regions from every table
SELECT region FROM customers UNION SELECT region FROM invoices UNION SELECT region FROM invoice_summary ORDER BY region

-- name: join of three tables
SELECT c.region, c.segment, count(DISTINCT i.invoice_id) AS invoices, sum(l.quantity) AS units
FROM customers c
JOIN invoices i ON i.customer_id = c.customer_id
JOIN invoice_lines l ON l.invoice_id = i.invoice_id
GROUP BY c.region, c.segment
ORDER BY c.region, c.segment

-- name: left join keeps tenant customers only
SELECT c.customer_id, count(i.invoice_id) AS n
FROM customers c LEFT JOIN invoices i ON i.customer_id = c.customer_id AND i.status = 'overdue'
GROUP BY c.customer_id
ORDER BY n DESC, c.customer_id
LIMIT 20

-- name: lateral subquery
SELECT c.customer_id, t.total
FROM customers c, LATERAL (SELECT sum(amount_cents) AS total FROM invoices i WHERE i.customer_id = c.customer_id) t
ORDER BY t.total DESC NULLS LAST, c.customer_id
LIMIT 10

-- name: derived table and window
SELECT region, customer, revenue, rank() OVER (ORDER BY revenue DESC, customer) AS rnk
FROM (SELECT region, customer, sum(revenue) AS revenue FROM invoice_summary GROUP BY region, customer) s
ORDER BY rnk
LIMIT 10

-- name: qualified and quoted table names
SELECT count(*) AS n FROM main."INVOICES" x JOIN "Customers" USING (customer_id)

-- name: cte inside a subquery shadows only there
SELECT (WITH customers AS (SELECT * FROM invoices) SELECT count(*) FROM customers) AS invoices_seen_as_customers,
       count(*) AS customers
FROM customers
