-- Realistic analyst queries the allowlist must accept and render so DuckDB returns the same result.
-- Entries start with "-- name: ..."; "-- rows: unordered" marks a result compared as a multiset.
-- Every other entry has a top-level ORDER BY that fully determines the row order.

-- name: revenue by region
SELECT region, sum(amount_cents) / 100.0 AS revenue
FROM invoices
WHERE status <> 'void'
GROUP BY region
ORDER BY revenue DESC, region

-- name: revenue by month and region
SELECT date_trunc('month', issued_on) AS month, region, sum(amount_cents) AS revenue_cents
FROM invoices
WHERE status IN ('paid', 'open', 'overdue')
GROUP BY 1, 2
ORDER BY month, region

-- name: revenue by segment with join
SELECT c.segment, count(DISTINCT c.customer_id) AS customers, sum(i.amount_cents) AS revenue_cents
FROM invoices i
JOIN customers c ON c.customer_id = i.customer_id
WHERE i.status = 'paid'
GROUP BY c.segment
ORDER BY revenue_cents DESC, c.segment

-- name: top ten customers by paid revenue
SELECT c.name, c.region, sum(i.amount_cents) AS paid_cents
FROM customers c
JOIN invoices i USING (customer_id)
WHERE i.status = 'paid'
GROUP BY c.name, c.region
ORDER BY paid_cents DESC, c.name
LIMIT 10

-- name: summary view by region and year
SELECT region, year(month) AS year, sum(revenue) AS revenue, sum(invoice_count) AS invoices
FROM invoice_summary
GROUP BY region, year(month)
ORDER BY region, year

-- name: monthly growth with lag
WITH monthly AS (
  SELECT date_trunc('month', issued_on) AS month, sum(amount_cents) AS revenue_cents
  FROM invoices
  WHERE status <> 'void'
  GROUP BY 1
)
SELECT month, revenue_cents,
       lag(revenue_cents) OVER (ORDER BY month) AS previous_cents,
       round(100.0 * (revenue_cents - lag(revenue_cents) OVER (ORDER BY month))
             / lag(revenue_cents) OVER (ORDER BY month), 2) AS growth_pct
FROM monthly
ORDER BY month

-- name: overdue aging buckets
-- trino: differs: date - date is an INTERVAL in Trino, which it will not compare with a number; write date_diff('day', due_on, DATE '2026-01-31')
SELECT CASE
         WHEN DATE '2026-01-31' - due_on <= 30 THEN '0-30'
         WHEN DATE '2026-01-31' - due_on <= 60 THEN '31-60'
         WHEN DATE '2026-01-31' - due_on <= 90 THEN '61-90'
         ELSE '90+'
       END AS bucket,
       count(*) AS invoices,
       sum(amount_cents) AS outstanding_cents
FROM invoices
WHERE status = 'overdue'
GROUP BY 1
ORDER BY bucket

-- name: product mix from invoice lines
SELECT product, sum(quantity) AS units, sum(quantity * unit_price_cents) AS revenue_cents
FROM invoice_lines
GROUP BY product
ORDER BY revenue_cents DESC, product

-- name: product mix by region
SELECT i.region, l.product, sum(l.quantity * l.unit_price_cents) AS revenue_cents
FROM invoice_lines l
JOIN invoices i ON i.invoice_id = l.invoice_id
WHERE i.status <> 'void'
GROUP BY i.region, l.product
ORDER BY i.region, revenue_cents DESC, l.product

-- name: first invoice cohort per customer
WITH first_invoice AS (
  SELECT customer_id, min(issued_on) AS first_on
  FROM invoices
  GROUP BY customer_id
)
SELECT date_trunc('quarter', first_on) AS cohort, count(*) AS customers
FROM first_invoice
GROUP BY 1
ORDER BY cohort

-- name: cohort retention by year
WITH cohort AS (
  SELECT customer_id, year(min(issued_on)) AS cohort_year
  FROM invoices
  GROUP BY customer_id
),
activity AS (
  SELECT DISTINCT customer_id, year(issued_on) AS active_year
  FROM invoices
)
SELECT c.cohort_year, a.active_year, count(*) AS active_customers
FROM cohort c
JOIN activity a ON a.customer_id = c.customer_id
GROUP BY c.cohort_year, a.active_year
ORDER BY c.cohort_year, a.active_year

-- name: rank customers within region
SELECT region, name, revenue_cents, rnk
FROM (
  SELECT c.region, c.name, sum(i.amount_cents) AS revenue_cents,
         rank() OVER (PARTITION BY c.region ORDER BY sum(i.amount_cents) DESC) AS rnk
  FROM customers c
  JOIN invoices i ON i.customer_id = c.customer_id
  GROUP BY c.region, c.name
) ranked
WHERE rnk <= 3
ORDER BY region, rnk, name

-- name: qualify largest invoice per region
SELECT region, invoice_id, amount_cents
FROM invoices
QUALIFY row_number() OVER (PARTITION BY region ORDER BY amount_cents DESC, invoice_id) = 1
ORDER BY region

-- name: filter aggregates by status
SELECT region,
       count(*) FILTER (WHERE status = 'paid') AS paid,
       count(*) FILTER (WHERE status = 'open') AS open,
       count(*) FILTER (WHERE status = 'overdue') AS overdue,
       sum(amount_cents) FILTER (WHERE status = 'void') AS void_cents
FROM invoices
GROUP BY region
ORDER BY region

-- name: double colon casts
SELECT region, (sum(amount_cents) / 100)::DECIMAL(18, 2) AS revenue, count(*)::VARCHAR AS n
FROM invoices
GROUP BY region
ORDER BY region

-- name: ilike search on customer names
SELECT customer_id, name, country
FROM customers
WHERE name ILIKE '%a%' AND country NOT ILIKE 'us'
ORDER BY customer_id
LIMIT 20

-- name: interval arithmetic on due dates
SELECT invoice_id, issued_on, issued_on + INTERVAL 30 DAY AS expected_due, due_on
FROM invoices
WHERE due_on > issued_on + INTERVAL '45' DAY
ORDER BY invoice_id
LIMIT 25

-- name: extract and strftime
SELECT extract(year FROM issued_on) AS year, extract(quarter FROM issued_on) AS quarter,
       strftime(min(issued_on), '%Y-%m-%d') AS first_day, count(*) AS invoices
FROM invoices
GROUP BY 1, 2
ORDER BY 1, 2

-- name: days to pay by segment
SELECT c.segment, avg(i.paid_on - i.issued_on) AS avg_days_to_pay, median(i.paid_on - i.issued_on) AS median_days
FROM invoices i
JOIN customers c ON c.customer_id = i.customer_id
WHERE i.paid_on IS NOT NULL
GROUP BY c.segment
ORDER BY c.segment

-- name: date_diff with columns
SELECT status, max(date_diff('day', issued_on, due_on)) AS max_terms, min(date_diff('day', issued_on, due_on)) AS min_terms
FROM invoices
GROUP BY status
ORDER BY status

-- name: union of regions
SELECT region FROM customers
UNION
SELECT region FROM invoices
ORDER BY region

-- name: except customers never overdue
SELECT customer_id FROM customers
EXCEPT
SELECT customer_id FROM invoices WHERE status = 'overdue'
ORDER BY customer_id

-- name: intersect active in 2023 and 2025
SELECT customer_id FROM invoices WHERE year(issued_on) = 2023
INTERSECT
SELECT customer_id FROM invoices WHERE year(issued_on) = 2025
ORDER BY customer_id
LIMIT 50

-- name: union all with literal labels
SELECT 'paid' AS kind, count(*) AS n FROM invoices WHERE status = 'paid'
UNION ALL
SELECT 'unpaid', count(*) FROM invoices WHERE paid_on IS NULL
ORDER BY kind

-- name: exists subquery
SELECT c.customer_id, c.name
FROM customers c
WHERE EXISTS (SELECT 1 FROM invoices i WHERE i.customer_id = c.customer_id AND i.status = 'overdue')
ORDER BY c.customer_id
LIMIT 30

-- name: not exists subquery
SELECT count(*) AS customers_never_overdue
FROM customers c
WHERE NOT EXISTS (SELECT 1 FROM invoices i WHERE i.customer_id = c.customer_id AND i.status = 'overdue')

-- name: in subquery with segment
SELECT region, count(*) AS enterprise_invoices
FROM invoices
WHERE customer_id IN (SELECT customer_id FROM customers WHERE segment = 'enterprise')
GROUP BY region
ORDER BY region

-- name: scalar subquery share of total
SELECT region, sum(amount_cents) * 100.0 / (SELECT sum(amount_cents) FROM invoices) AS share_pct
FROM invoices
GROUP BY region
ORDER BY region

-- name: values mapping table
SELECT s.label, count(*) AS invoices
FROM invoices i
JOIN (VALUES ('paid', 'Settled'), ('open', 'Waiting'), ('overdue', 'Late'), ('void', 'Cancelled')) AS s(status, label)
  ON s.status = i.status
GROUP BY s.label
ORDER BY s.label

-- name: plain values
-- rows: unordered
VALUES (1, 'one'), (2, 'two'), (3, 'three')

-- name: rollup region and segment
SELECT i.region, c.segment, sum(i.amount_cents) AS revenue_cents
FROM invoices i
JOIN customers c ON c.customer_id = i.customer_id
GROUP BY ROLLUP (i.region, c.segment)
ORDER BY i.region NULLS FIRST, c.segment NULLS FIRST

-- name: cube with grouping
SELECT region, status, GROUPING(region, status) AS level, count(*) AS n
FROM invoices
GROUP BY CUBE (region, status)
ORDER BY level, region NULLS FIRST, status NULLS FIRST

-- name: grouping sets
SELECT region, year(issued_on) AS year, count(*) AS n
FROM invoices
GROUP BY GROUPING SETS ((region), (year(issued_on)), ())
ORDER BY region NULLS FIRST, year NULLS FIRST

-- name: having large customers
SELECT customer_id, count(*) AS invoices, sum(amount_cents) AS total_cents
FROM invoices
GROUP BY customer_id
HAVING count(*) > 100 AND sum(amount_cents) > 1000000
ORDER BY total_cents DESC, customer_id
LIMIT 15

-- name: running total per region with frame
SELECT region, month, revenue,
       sum(revenue) OVER (PARTITION BY region ORDER BY month ROWS BETWEEN UNBOUNDED PRECEDING AND CURRENT ROW) AS running
FROM (SELECT region, month, sum(revenue) AS revenue FROM invoice_summary GROUP BY region, month) m
ORDER BY region, month

-- name: three month moving average with named window
SELECT region, month, revenue, avg(revenue) OVER w AS moving_avg
FROM (SELECT region, month, sum(revenue) AS revenue FROM invoice_summary GROUP BY region, month) m
WINDOW w AS (PARTITION BY region ORDER BY month ROWS BETWEEN 2 PRECEDING AND CURRENT ROW)
ORDER BY region, month

-- name: ntile quartiles of invoice amounts
SELECT quartile, min(amount_cents) AS low, max(amount_cents) AS high, count(*) AS n
FROM (SELECT amount_cents, ntile(4) OVER (ORDER BY amount_cents, invoice_id) AS quartile FROM invoices) q
GROUP BY quartile
ORDER BY quartile

-- name: distinct countries by region
SELECT DISTINCT region, country
FROM customers
ORDER BY region, country

-- name: like and between filters
SELECT invoice_id, issued_on, amount_cents
FROM invoices
WHERE invoice_id LIKE 'INV-00%' AND issued_on BETWEEN DATE '2024-03-01' AND DATE '2024-03-31'
ORDER BY invoice_id
LIMIT 40

-- name: null handling with coalesce
SELECT status, count(*) AS n, count(paid_on) AS with_payment, min(coalesce(paid_on, due_on)) AS earliest
FROM invoices
GROUP BY status
ORDER BY status

-- name: left join customers without lines
SELECT c.segment, count(i.invoice_id) AS invoices
FROM customers c
LEFT JOIN invoices i ON i.customer_id = c.customer_id AND i.status = 'void'
GROUP BY c.segment
ORDER BY c.segment

-- name: full outer join of two aggregates
SELECT coalesce(a.region, b.region) AS region, a.paid, b.unpaid
FROM (SELECT region, count(*) AS paid FROM invoices WHERE status = 'paid' GROUP BY region) a
FULL OUTER JOIN (SELECT region, count(*) AS unpaid FROM invoices WHERE status <> 'paid' GROUP BY region) b
  ON a.region = b.region
ORDER BY region

-- name: natural join on customer id
SELECT region, count(*) AS n
FROM (SELECT customer_id, segment FROM customers) c
NATURAL JOIN (SELECT customer_id, region FROM invoices) i
GROUP BY region
ORDER BY region

-- name: cross join calendar
SELECT y.year, r.region
FROM (VALUES (2023), (2024), (2025)) AS y(year)
CROSS JOIN (SELECT DISTINCT region FROM customers) r
ORDER BY y.year, r.region

-- name: reserved word aliases and quoted identifiers
SELECT year(issued_on) AS year, month(issued_on) AS month, count(*) AS "Invoice Count"
FROM main.invoices
WHERE "STATUS" = 'paid'
GROUP BY 1, 2
ORDER BY year, month
LIMIT 12

-- name: select star exclude
SELECT * EXCLUDE (country, name)
FROM customers
ORDER BY customer_id
LIMIT 10

-- name: try_cast and string functions
SELECT customer_id, upper(left(name, 3)) AS code, length(name) AS len, TRY_CAST(substring(customer_id, 2) AS INTEGER) AS num,
       replace(lower(name), ' ', '-') AS slug, concat_ws('/', region, segment, country) AS path,
       region || '-' || segment AS region_segment
FROM customers
ORDER BY customer_id
LIMIT 20

-- name: string_agg of products per invoice
SELECT invoice_id, string_agg(product, ', ' ORDER BY line_no) AS products, count(*) AS line_count
FROM invoice_lines
WHERE invoice_id IN (SELECT invoice_id FROM invoices WHERE issued_on = DATE '2024-06-03')
GROUP BY invoice_id
ORDER BY invoice_id

-- name: percentile within group and quantile
SELECT region,
       percentile_cont(0.5) WITHIN GROUP (ORDER BY amount_cents) AS p50,
       quantile_disc(amount_cents, 0.9) AS p90
FROM invoices
GROUP BY region
ORDER BY region

-- name: arg_max best month per region
SELECT region, arg_max(month, revenue) AS best_month, max(revenue) AS best_revenue
FROM (SELECT region, month, sum(revenue) AS revenue FROM invoice_summary GROUP BY region, month) m
GROUP BY region
ORDER BY region

-- name: dense rank products
SELECT product, units, dense_rank() OVER (ORDER BY units DESC) AS position
FROM (SELECT product, sum(quantity) AS units FROM invoice_lines GROUP BY product) p
ORDER BY position, product

-- name: lead to next invoice
-- trino: differs: date - date is an INTERVAL in Trino (1 00:00:00.000), not a number of days; write date_diff('day', a, b)
SELECT customer_id, invoice_id, issued_on,
       lead(issued_on) OVER (PARTITION BY customer_id ORDER BY issued_on, invoice_id) - issued_on AS days_to_next
FROM invoices
WHERE customer_id = 'C0001'
ORDER BY issued_on, invoice_id
LIMIT 50

-- name: case within window and percent of region
SELECT region, segment, revenue, round(100.0 * revenue / sum(revenue) OVER (PARTITION BY region), 1) AS pct_of_region
FROM (
  SELECT c.region, c.segment, sum(CASE WHEN i.status = 'void' THEN 0 ELSE i.amount_cents END) AS revenue
  FROM customers c JOIN invoices i ON i.customer_id = c.customer_id
  GROUP BY c.region, c.segment
) s
ORDER BY region, segment

-- name: cte shadows a table name
WITH invoices AS (SELECT * FROM invoices WHERE status = 'overdue')
SELECT region, count(*) AS overdue
FROM invoices
GROUP BY region
ORDER BY region

-- name: nested ctes and derived tables
WITH paid AS (SELECT customer_id, amount_cents FROM invoices WHERE status = 'paid'),
     per_customer AS (SELECT customer_id, sum(amount_cents) AS total FROM paid GROUP BY customer_id)
SELECT segment, avg(total) AS avg_total
FROM (SELECT c.segment, p.total FROM per_customer p JOIN customers c USING (customer_id)) x
GROUP BY segment
ORDER BY segment

-- name: lateral top invoice per customer
SELECT c.customer_id, t.invoice_id, t.amount_cents
FROM customers c,
     LATERAL (SELECT invoice_id, amount_cents FROM invoices i WHERE i.customer_id = c.customer_id
              ORDER BY amount_cents DESC, invoice_id LIMIT 1) t
ORDER BY c.customer_id
LIMIT 25

-- name: offset pagination
SELECT invoice_id, amount_cents
FROM invoices
ORDER BY amount_cents DESC, invoice_id
LIMIT 10 OFFSET 20

-- name: make_date and last_day
SELECT make_date(year(issued_on), month(issued_on), 1) AS month_start, last_day(min(issued_on)) AS month_end, count(*) AS n
FROM invoices
WHERE issued_on < DATE '2023-04-01'
GROUP BY 1
ORDER BY 1

-- name: comments are fine
SELECT /* inline */ region, -- trailing comment
       count(*) AS n
FROM invoices
GROUP BY region
ORDER BY region

-- name: star replace and count_if
SELECT * REPLACE (upper(segment) AS segment)
FROM customers
WHERE customer_id IN (SELECT customer_id FROM invoices GROUP BY customer_id HAVING count_if(paid_on IS DISTINCT FROM due_on) > 50)
ORDER BY customer_id
LIMIT 10

-- name: nulls last and similar to
SELECT invoice_id, paid_on
FROM invoices
WHERE invoice_id SIMILAR TO 'INV-00000[1-3].*'
ORDER BY paid_on DESC NULLS LAST, invoice_id
LIMIT 30

-- name: first and last aggregates
SELECT i.customer_id, first(c.segment) AS segment, last(c.country) AS country, count(*) AS invoices
FROM invoices i JOIN customers c USING (customer_id)
GROUP BY i.customer_id
ORDER BY i.customer_id
LIMIT 20

-- name: order by all
SELECT region, status, count(*) AS invoices
FROM invoices
GROUP BY region, status
ORDER BY ALL

-- name: order by all descending
SELECT region, status
FROM invoices
GROUP BY region, status
ORDER BY ALL DESC

-- name: daily date spine with generate_series
SELECT CAST(t.d AS DATE) AS spine_day, count(i.invoice_id) AS invoices
FROM generate_series(DATE '2024-01-01', DATE '2024-01-31', INTERVAL 1 DAY) AS t(d)
LEFT JOIN invoices i ON i.issued_on = t.d
GROUP BY 1
ORDER BY 1

-- name: monthly spine with a string interval step
SELECT t.m AS month_start, count(i.invoice_id) AS invoices
FROM generate_series(TIMESTAMP '2024-01-01 00:00:00', TIMESTAMP '2024-12-01 00:00:00', INTERVAL '1' MONTH) AS t(m)
LEFT JOIN invoices i ON date_trunc('month', i.issued_on) = t.m
GROUP BY t.m
ORDER BY t.m

-- name: integer series without alias
SELECT generate_series, generate_series * generate_series AS square
FROM generate_series(1, 10)
ORDER BY generate_series

-- name: quoted range series
SELECT r.n, count(c.customer_id) AS customers
FROM "range"(0, 5) AS r(n)
LEFT JOIN customers c ON length(c.name) % 5 = r.n
GROUP BY r.n
ORDER BY r.n

-- name: statistics aggregates
SELECT region,
       quantile(amount_cents, 0.5) AS median_cents,
       kurtosis(amount_cents) AS kurt,
       skewness(amount_cents) AS skew,
       entropy(status) AS status_entropy,
       weighted_avg(amount_cents, 2) AS wavg,
       regr_avgx(amount_cents, 1) AS avgx, regr_avgy(amount_cents, 1) AS avgy,
       regr_count(amount_cents, 1) AS n, regr_sxx(amount_cents, 1) AS sxx,
       regr_sxy(amount_cents, 1) AS sxy, regr_syy(amount_cents, 1) AS syy,
       bit_and(amount_cents) AS band, bit_or(amount_cents) AS bor, bit_xor(amount_cents) AS bxor
FROM invoices
GROUP BY region
ORDER BY region

-- name: string distances and hashes
SELECT name,
       levenshtein(name, 'Acme') AS lev, damerau_levenshtein(name, 'Acme') AS dlev,
       jaro_similarity(name, 'Acme') AS jaro, jaro_winkler_similarity(name, 'Acme') AS jw,
       jaccard(name, 'Acme') AS jac, mismatches(left(name, 4), 'Acme') AS mis, hamming(left(name, 4), 'Acme') AS ham,
       sha256(name) AS digest, split_part(name, ' ', 1) AS first_word
FROM customers
WHERE length(name) >= 4
ORDER BY name
LIMIT 30

-- name: try and type aliases
SELECT invoice_id,
       try(CAST(right(invoice_id, 3) AS INTEGER)) AS suffix,
       (unit_price_cents::float8) / 100 AS amount, CAST(unit_price_cents AS float4) AS amount4,
       CAST(quantity AS int2) AS q2, CAST(line_no AS int8) AS l8
FROM invoice_lines
ORDER BY invoice_id, line_no
LIMIT 50

-- name: bounded padding and formatting
SELECT customer_id, lpad(customer_id, 12, '0') AS padded, rpad(region, 10, '.') AS region_dots,
       printf('%-10s|%8d', region, length(name)) AS fixed, format('{:>12}', country) AS right_aligned
FROM customers
ORDER BY customer_id
LIMIT 20

-- name: columns named date time and timestamp
-- trino: differs: date - date is an INTERVAL in Trino (15 00:00:00.000), not a number of days; write date_diff('day', a, b)
SELECT date, t.time, timestamp, value
FROM (SELECT issued_on AS date, due_on - issued_on AS time, CAST(issued_on AS TIMESTAMP) AS timestamp,
             amount_cents AS value
      FROM invoices) AS t
WHERE date >= DATE '2025-12-01'
ORDER BY date, value, t.time
LIMIT 40

-- name: trailing comma before from
SELECT region,
       count(*) AS invoices,
FROM invoices
GROUP BY region
ORDER BY region

-- name: interval strings
SELECT count(*) AS recent,
       min(issued_on + INTERVAL '30 days') AS first_due,
       max(CAST(issued_on AS TIMESTAMP) + '36 hours'::INTERVAL) AS last_plus,
       min(issued_on - INTERVAL '1 year 2 months') AS earliest_back
FROM invoices
WHERE issued_on >= DATE '2025-12-31' - INTERVAL '2 weeks'
ORDER BY 1

-- name: between parenthesised double colon dates
SELECT region, count(*) AS invoices
FROM invoices
WHERE issued_on BETWEEN ('2024-01-01'::DATE) AND ('2024-03-31'::DATE)
GROUP BY region
ORDER BY region

-- name: group by all
SELECT region, status, count(*) AS invoices, sum(amount_cents) AS cents
FROM invoices
GROUP BY ALL
ORDER BY region, status

-- name: group by all with having and order by all
SELECT c.segment, i.status, count(*) AS invoices
FROM invoices i JOIN customers c USING (customer_id)
GROUP BY ALL
HAVING count(*) > 10
ORDER BY ALL

-- name: distinct on latest invoice per customer
SELECT DISTINCT ON (customer_id) customer_id, invoice_id, issued_on
FROM invoices
ORDER BY customer_id, issued_on DESC, invoice_id

-- name: ordered aggregates
SELECT region,
       first(invoice_id ORDER BY issued_on, invoice_id) AS first_invoice,
       last(invoice_id ORDER BY issued_on, invoice_id) AS last_invoice,
       sum(amount_cents ORDER BY issued_on) AS cents,
       string_agg(DISTINCT status, ',' ORDER BY status) AS statuses
FROM invoices
GROUP BY region
ORDER BY region

-- name: string_agg ordered by its argument
SELECT invoice_id, string_agg(product, ', ' ORDER BY product) AS products
FROM invoice_lines
GROUP BY invoice_id
ORDER BY invoice_id
LIMIT 25

-- name: last value ignoring nulls
SELECT invoice_id, paid_on,
       last_value(paid_on IGNORE NULLS) OVER (ORDER BY issued_on, invoice_id) AS last_paid,
       first_value(paid_on IGNORE NULLS) OVER (PARTITION BY customer_id ORDER BY issued_on, invoice_id) AS first_paid
FROM invoices
ORDER BY invoice_id
LIMIT 200

-- name: range spine unquoted
SELECT r.n, count(c.customer_id) AS customers
FROM range(0, 5) AS r(n)
LEFT JOIN customers c ON length(c.name) % 5 = r.n
GROUP BY r.n
ORDER BY r.n

-- name: weekly spine with a string interval step
SELECT CAST(w.week_start AS DATE) AS week_start, count(i.invoice_id) AS invoices
FROM generate_series(DATE '2024-01-01', DATE '2024-03-25', '1 week'::INTERVAL) AS w(week_start)
LEFT JOIN invoices i ON i.issued_on >= w.week_start AND i.issued_on < w.week_start + INTERVAL '7 days'
GROUP BY 1
ORDER BY 1
