-- Hostile or out-of-policy SQL the allowlist must refuse, each with the expected reason code
-- ("-- expect:") and optionally the expected offending element ("-- element:").

-- name: insert
-- expect: STATEMENT_KIND
-- element: INSERT
INSERT INTO invoices VALUES ('INV-1', 'C1', 'emea', DATE '2024-01-01', NULL, NULL, 'paid', 'USD', 1)

-- name: update
-- expect: STATEMENT_KIND
UPDATE invoices SET status = 'paid'

-- name: delete
-- expect: STATEMENT_KIND
DELETE FROM invoices WHERE region = 'emea'

-- name: merge
-- expect: STATEMENT_KIND
MERGE INTO invoices t USING customers s ON t.customer_id = s.customer_id WHEN MATCHED THEN UPDATE SET status = 'x'

-- name: create table as
-- expect: STATEMENT_KIND
CREATE TABLE stolen AS SELECT * FROM invoices

-- name: create temp view
-- expect: STATEMENT_KIND
CREATE TEMP VIEW v AS SELECT * FROM invoices

-- name: create macro
-- expect: STATEMENT_KIND
CREATE MACRO leak() AS TABLE SELECT * FROM read_csv('/etc/passwd')

-- name: drop table
-- expect: STATEMENT_KIND
DROP TABLE invoices

-- name: alter table
-- expect: STATEMENT_KIND
ALTER TABLE invoices ADD COLUMN note VARCHAR

-- name: truncate
-- expect: STATEMENT_KIND
TRUNCATE invoices

-- name: copy to file
-- expect: STATEMENT_KIND
-- element: COPY
COPY invoices TO '/tmp/invoices.csv'

-- name: copy query to file
-- expect: STATEMENT_KIND
COPY (SELECT * FROM invoices) TO '/tmp/x.parquet' (FORMAT parquet)

-- name: copy from file
-- expect: STATEMENT_KIND
COPY invoices FROM '/tmp/evil.csv'

-- name: export database
-- expect: STATEMENT_KIND
-- element: EXPORT
EXPORT DATABASE '/tmp/dump'

-- name: import database
-- expect: STATEMENT_KIND
IMPORT DATABASE '/tmp/dump'

-- name: attach
-- expect: STATEMENT_KIND
-- element: ATTACH
ATTACH '/tmp/other.duckdb' AS other

-- name: detach
-- expect: STATEMENT_KIND
DETACH wh

-- name: install extension
-- expect: STATEMENT_KIND
INSTALL httpfs

-- name: load extension
-- expect: STATEMENT_KIND
LOAD httpfs

-- name: set option
-- expect: STATEMENT_KIND
-- element: SET
SET enable_external_access = true

-- name: set variable
-- expect: STATEMENT_KIND
SET VARIABLE secret = 42

-- name: reset
-- expect: STATEMENT_KIND
RESET threads

-- name: pragma
-- expect: STATEMENT_KIND
-- element: PRAGMA
PRAGMA database_list

-- name: call
-- expect: STATEMENT_KIND
-- element: CALL
CALL pragma_version()

-- name: explain
-- expect: STATEMENT_KIND
-- element: EXPLAIN
EXPLAIN SELECT * FROM invoices

-- name: explain analyze
-- expect: STATEMENT_KIND
EXPLAIN ANALYZE SELECT * FROM invoices

-- name: describe
-- expect: STATEMENT_KIND
-- element: DESCRIBE
DESCRIBE invoices

-- name: show tables
-- expect: STATEMENT_KIND
SHOW TABLES

-- name: summarize
-- expect: STATEMENT_KIND
-- element: SUMMARIZE
SUMMARIZE invoices

-- name: begin transaction
-- expect: STATEMENT_KIND
BEGIN TRANSACTION

-- name: checkpoint
-- expect: STATEMENT_KIND
CHECKPOINT

-- name: use
-- expect: STATEMENT_KIND
USE other

-- name: prepare
-- expect: STATEMENT_KIND
PREPARE q AS SELECT * FROM invoices

-- name: vacuum
-- expect: STATEMENT_KIND
VACUUM

-- name: stacked drop
-- expect: MULTIPLE_STATEMENTS
SELECT 1; DROP TABLE invoices

-- name: two selects
-- expect: MULTIPLE_STATEMENTS
SELECT 1; SELECT 2

-- name: stacked attach after comment
-- expect: MULTIPLE_STATEMENTS
SELECT * FROM invoices; /* harmless */ ATTACH '/tmp/x.db'

-- name: statement hidden after line comment
-- expect: MULTIPLE_STATEMENTS
SELECT 1 -- first
; COPY invoices TO '/tmp/x.csv'

-- name: pivot statement
-- expect: UNSUPPORTED_SYNTAX
-- element: PIVOT
PIVOT invoices ON status USING sum(amount_cents)

-- name: pivot in from
-- expect: UNSUPPORTED_NODE
SELECT * FROM invoices PIVOT (sum(amount_cents) FOR status IN ('paid', 'open'))

-- name: unpivot statement
-- expect: UNSUPPORTED_SYNTAX
UNPIVOT invoice_summary ON revenue, invoice_count INTO NAME metric VALUE amount

-- name: read_csv of passwd in select
-- expect: FUNCTION_NOT_ALLOWED
-- element: read_csv
SELECT read_csv('/etc/passwd')

-- name: read_csv of passwd in from
-- expect: TABLE_FUNCTION
-- element: read_csv
SELECT * FROM read_csv('/etc/passwd')

-- name: read_parquet in from
-- expect: TABLE_FUNCTION
SELECT * FROM read_parquet('x')

-- name: table function after allowlisted table
-- expect: TABLE_FUNCTION
SELECT * FROM invoices, read_csv('/etc/passwd')

-- name: read_text in join
-- expect: TABLE_FUNCTION
SELECT * FROM invoices i JOIN read_text('/etc/hosts') t ON true

-- name: glob in select
-- expect: FUNCTION_NOT_ALLOWED
SELECT glob('/home/*')

-- name: glob as table
-- expect: TABLE_FUNCTION
SELECT * FROM TABLE(glob('/*'))

-- name: query function
-- expect: FUNCTION_NOT_ALLOWED
-- element: query
SELECT query('SELECT 1')

-- name: query_table in from
-- expect: TABLE_FUNCTION
SELECT * FROM query_table('invoices')

-- name: duckdb settings table function
-- expect: TABLE_FUNCTION
SELECT * FROM duckdb_settings()

-- name: pragma table function
-- expect: TABLE_FUNCTION
SELECT * FROM pragma_database_list()

-- name: current_setting
-- expect: FUNCTION_NOT_ALLOWED
-- element: current_setting
SELECT current_setting('memory_limit')

-- name: getenv
-- expect: FUNCTION_NOT_ALLOWED
SELECT getenv('HOME')

-- name: getvariable
-- expect: FUNCTION_NOT_ALLOWED
SELECT getvariable('secret')

-- name: version
-- expect: FUNCTION_NOT_ALLOWED
SELECT version()

-- name: nextval changes state
-- expect: FUNCTION_NOT_ALLOWED
SELECT nextval('seq')

-- name: current_schema keyword
-- expect: FUNCTION_NOT_ALLOWED
-- element: current_schema
SELECT CURRENT_SCHEMA

-- name: quoted current_user column is a call in duckdb
-- expect: FUNCTION_NOT_ALLOWED
-- element: current_user
SELECT "current_user" FROM invoices

-- name: user keyword in where
-- expect: FUNCTION_NOT_ALLOWED
-- element: user
SELECT * FROM invoices WHERE region = user

-- name: quoted function name
-- expect: FUNCTION_NOT_ALLOWED
-- element: read_csv
SELECT "read_csv"('/etc/passwd')

-- name: unicode escaped function name
-- expect: FUNCTION_NOT_ALLOWED
-- element: read_csv
SELECT U&"\0072ead_csv"('/etc/passwd')

-- name: schema qualified function
-- expect: FUNCTION_NOT_ALLOWED
SELECT main.read_csv('/etc/passwd')

-- name: pg_catalog qualified function
-- expect: FUNCTION_NOT_ALLOWED
SELECT pg_catalog.lower('x')

-- name: function deep in case
-- expect: FUNCTION_NOT_ALLOWED
-- element: read_text
SELECT CASE WHEN status = 'paid' THEN 1 ELSE CASE WHEN region = 'emea' THEN length(read_text('/etc/passwd')) END END FROM invoices

-- name: function in window partition
-- expect: FUNCTION_NOT_ALLOWED
-- element: getenv
SELECT sum(amount_cents) OVER (PARTITION BY getenv('USER')) FROM invoices

-- name: function in scalar subquery
-- expect: FUNCTION_NOT_ALLOWED
SELECT region, (SELECT current_setting('threads')) FROM invoices

-- name: function in in-subquery
-- expect: FUNCTION_NOT_ALLOWED
SELECT * FROM invoices WHERE region IN (SELECT getenv('REGION'))

-- name: function in exists subquery
-- expect: FUNCTION_NOT_ALLOWED
SELECT * FROM customers c WHERE EXISTS (SELECT 1 FROM invoices i WHERE i.customer_id = c.customer_id AND version() > '1')

-- name: function in cte body
-- expect: FUNCTION_NOT_ALLOWED
WITH x AS (SELECT region, getvariable('v') AS v FROM invoices) SELECT * FROM x

-- name: table function in cte body
-- expect: TABLE_FUNCTION
WITH x AS (SELECT * FROM read_json('/tmp/f.json')) SELECT * FROM x

-- name: function in order by
-- expect: FUNCTION_NOT_ALLOWED
SELECT * FROM invoices ORDER BY current_setting('threads')

-- name: function in having
-- expect: FUNCTION_NOT_ALLOWED
SELECT region, count(*) FROM invoices GROUP BY region HAVING count(*) > length(getenv('X'))

-- name: function in join on
-- expect: FUNCTION_NOT_ALLOWED
SELECT * FROM invoices i JOIN customers c ON c.customer_id = i.customer_id AND current_setting('threads') = '1'

-- name: function in group by
-- expect: FUNCTION_NOT_ALLOWED
SELECT count(*) FROM invoices GROUP BY getenv('X')

-- name: function in qualify
-- expect: FUNCTION_NOT_ALLOWED
SELECT * FROM invoices QUALIFY row_number() OVER (ORDER BY getenv('X')) = 1

-- name: function in filter clause
-- expect: FUNCTION_NOT_ALLOWED
SELECT count(*) FILTER (WHERE getenv('X') IS NULL) FROM invoices

-- name: function in union branch
-- expect: TABLE_FUNCTION
SELECT region FROM invoices UNION ALL SELECT * FROM read_csv_auto('/etc/passwd')

-- name: table function in scalar subquery
-- expect: TABLE_FUNCTION
SELECT (SELECT count(*) FROM glob('/*'))

-- name: table function in lateral subquery
-- expect: TABLE_FUNCTION
SELECT * FROM invoices i JOIN LATERAL (SELECT * FROM read_text('/etc/passwd')) t ON true

-- name: lateral table function
-- expect: TABLE_FUNCTION
SELECT * FROM invoices, LATERAL TABLE(read_csv('/etc/passwd'))

-- name: unnest
-- expect: TABLE_FUNCTION
SELECT * FROM UNNEST(ARRAY[1, 2]) AS t(x)

-- name: unknown table
-- expect: TABLE_NOT_ALLOWED
-- element: payroll
SELECT * FROM payroll

-- name: unknown table in subquery
-- expect: TABLE_NOT_ALLOWED
SELECT * FROM invoices WHERE customer_id IN (SELECT customer_id FROM payroll)

-- name: information_schema
-- expect: SCHEMA_NOT_ALLOWED
-- element: information_schema
SELECT * FROM information_schema.tables

-- name: quoted information_schema
-- expect: SCHEMA_NOT_ALLOWED
SELECT * FROM "INFORMATION_SCHEMA"."COLUMNS"

-- name: pg_catalog
-- expect: SCHEMA_NOT_ALLOWED
SELECT * FROM pg_catalog.pg_tables

-- name: duckdb catalog view without schema
-- expect: TABLE_NOT_ALLOWED
-- element: duckdb_tables
SELECT * FROM duckdb_tables

-- name: sqlite_master
-- expect: TABLE_NOT_ALLOWED
SELECT * FROM sqlite_master

-- name: unknown schema
-- expect: SCHEMA_NOT_ALLOWED
-- element: other
SELECT * FROM other.invoices

-- name: unconfigured catalog
-- expect: SCHEMA_NOT_ALLOWED
SELECT * FROM wh.main.invoices

-- name: system catalog
-- expect: SCHEMA_NOT_ALLOWED
SELECT * FROM system.main.duckdb_settings

-- name: temp schema
-- expect: SCHEMA_NOT_ALLOWED
SELECT * FROM temp.main.invoices

-- name: file path string in from
-- expect: FILE_PATH
SELECT * FROM '/etc/passwd'

-- name: file path string in join
-- expect: FILE_PATH
SELECT * FROM invoices JOIN 'x.csv' USING (invoice_id)

-- name: quoted parquet file name
-- expect: FILE_PATH
SELECT * FROM "data.parquet"

-- name: url as table
-- expect: FILE_PATH
SELECT * FROM "s3://bucket/secrets.csv"

-- name: explicit table
-- expect: UNSUPPORTED_SYNTAX
-- element: TABLE
TABLE invoices

-- name: explicit table in subquery
-- expect: UNSUPPORTED_SYNTAX
SELECT * FROM (TABLE invoices)

-- name: recursive cte
-- expect: RECURSIVE_CTE
WITH RECURSIVE r(n) AS (SELECT 1 UNION ALL SELECT n + 1 FROM r WHERE n < 10) SELECT * FROM r

-- name: forward reference to a later cte is a table
-- expect: TABLE_NOT_ALLOWED
-- element: later
WITH early AS (SELECT * FROM later), later AS (SELECT 1 AS x) SELECT * FROM early

-- name: cte body cannot read itself
-- expect: TABLE_NOT_ALLOWED
-- element: payroll
WITH payroll AS (SELECT * FROM payroll) SELECT * FROM payroll

-- name: cte named like a file
-- expect: UNSUPPORTED_SYNTAX
WITH "x.csv" AS (SELECT 1 AS a) SELECT * FROM "x.csv"

-- name: double slash differential hides query_table
-- expect: UNSUPPORTED_SYNTAX
-- element: //
SELECT 1 // 1, query_table('payroll') AS leak

-- name: dollar quote differential
-- expect: UNSUPPORTED_SYNTAX
-- element: $$
SELECT $$, query_table('payroll') $$ FROM invoices

-- name: dollar quote differential hidden in quoted alias
-- expect: UNSUPPORTED_SYNTAX
SELECT $$ AS a, 1 AS "$$, (SELECT count(*) FROM query_table('payroll')) AS leak, $$" FROM invoices

-- name: positional parameter
-- expect: UNSUPPORTED_SYNTAX
SELECT * FROM invoices WHERE region = $1

-- name: jdbc parameter
-- expect: UNSUPPORTED_SYNTAX
SELECT * FROM invoices WHERE region = ?

-- name: nested comment hides a call
-- expect: SYNTAX
SELECT 1 /* outer /* inner */ , read_csv('/etc/passwd') */

-- name: group by all before where
-- expect: UNSUPPORTED_SYNTAX
-- element: GROUP BY ALL
SELECT region, count(*) FROM invoices GROUP BY ALL WHERE region = 'emea'

-- name: order by all with another key
-- expect: UNSUPPORTED_SYNTAX
-- element: ORDER BY ALL
SELECT region, status FROM invoices ORDER BY ALL, region

-- name: distinct on without a space after the list
-- expect: UNSUPPORTED_SYNTAX
-- element: DISTINCT ON
SELECT DISTINCT ON (customer_id)customer_id, issued_on FROM invoices ORDER BY customer_id, issued_on DESC

-- name: from first
-- expect: UNSUPPORTED_SYNTAX
FROM invoices SELECT region

-- name: backticks
-- expect: UNSUPPORTED_SYNTAX
SELECT `region` FROM invoices

-- name: hash comment
-- expect: UNSUPPORTED_SYNTAX
SELECT region # the region
FROM invoices

-- name: anti join
-- expect: UNSUPPORTED_SYNTAX
SELECT * FROM customers ANTI JOIN invoices USING (customer_id)

-- name: asof join
-- expect: UNSUPPORTED_SYNTAX
SELECT * FROM invoices i ASOF JOIN customers c ON i.customer_id = c.customer_id

-- name: using sample
-- expect: UNSUPPORTED_SYNTAX
SELECT * FROM invoices USING SAMPLE 10%

-- name: tablesample
-- expect: UNSUPPORTED_NODE
SELECT * FROM invoices TABLESAMPLE BERNOULLI(10)

-- name: interval string with a fraction
-- expect: UNSUPPORTED_SYNTAX
SELECT issued_on + INTERVAL '1.5 days' FROM invoices

-- name: placeholder spelling in the text is not rewritten
-- expect: SYNTAX
SELECT "$000", date FROM invoices

-- name: range as a scalar function builds a list
-- expect: FUNCTION_NOT_ALLOWED
-- element: range
SELECT range(1, 5) FROM invoices

-- name: ordered call of a function outside the allowlist
-- expect: FUNCTION_NOT_ALLOWED
-- element: array_agg
SELECT array_agg(amount_cents ORDER BY issued_on) FROM invoices

-- name: ordered call hides a function in its ordering
-- expect: FUNCTION_NOT_ALLOWED
-- element: getenv
SELECT first(amount_cents ORDER BY getenv('HOME')) FROM invoices

-- name: distinct on hides a function in its keys
-- expect: FUNCTION_NOT_ALLOWED
-- element: getenv
SELECT DISTINCT ON (getenv('HOME')) customer_id FROM invoices

-- name: series from range over the row limit
-- expect: TABLE_FUNCTION
SELECT * FROM range(0, 1000000000)

-- name: floor to unit
-- expect: UNSUPPORTED_SYNTAX
SELECT FLOOR(issued_on TO MONTH) FROM invoices

-- name: first with an offset is match_recognize navigation in babel
-- expect: UNSUPPORTED_SYNTAX
-- element: FIRST
SELECT first(amount_cents, 1) FROM invoices

-- name: series with a computed bound
-- expect: TABLE_FUNCTION
SELECT * FROM generate_series(1, (SELECT count(*) FROM invoices))

-- name: series over the row limit
-- expect: TABLE_FUNCTION
-- element: generate_series
SELECT * FROM generate_series(TIMESTAMP '2024-01-01 00:00:00', TIMESTAMP '2024-12-31 00:00:00', INTERVAL 1 MINUTE)

-- name: joined series over the row limit together
-- expect: TABLE_FUNCTION
SELECT * FROM generate_series(1, 1000) a, generate_series(1, 1000) b

-- name: lpad to a huge width
-- expect: FUNCTION_NOT_ALLOWED
-- element: lpad
SELECT lpad(name, 1000000000, '.') FROM customers

-- name: lpad to a computed width
-- expect: FUNCTION_NOT_ALLOWED
SELECT rpad(name, length(name) * 1000000, '.') FROM customers

-- name: printf width from an argument
-- expect: FUNCTION_NOT_ALLOWED
-- element: printf
SELECT printf('%*d', 1000000000, 1)

-- name: format with a huge width
-- expect: FUNCTION_NOT_ALLOWED
SELECT format('{:>999999999}', name) FROM customers

-- name: replace nested to grow a padded string tenfold per level
-- expect: TOO_COMPLEX
-- element: replace
SELECT length(replace(replace(lpad('', 10000, 'x'), 'x', 'xxxxxxxxxx'), 'x', 'xxxxxxxxxx'))

-- name: replace with a computed replacement
-- expect: FUNCTION_NOT_ALLOWED
-- element: replace
SELECT replace(name, 'a', name) FROM customers

-- name: regexp_replace of every position by its backreferences
-- expect: TOO_COMPLEX
-- element: regexp_replace
SELECT regexp_replace(lpad('', 10000, 'x'), 'x', '\0\0\0\0', 'g')

-- name: concatenation chain through CTEs
-- expect: TOO_COMPLEX
-- element: ||
WITH a AS (SELECT name || name || name || name AS s FROM customers), b AS (SELECT s || s || s || s AS s FROM a) SELECT s || s AS s FROM b

-- name: aggregated string copied
-- expect: TOO_COMPLEX
-- element: ||
SELECT string_agg(name, ',') || string_agg(name, ',') FROM customers

-- name: cast to extension type
-- expect: TYPE_NOT_ALLOWED
SELECT CAST(region AS JSON) FROM invoices

-- name: double colon to extension type
-- expect: TYPE_NOT_ALLOWED
SELECT region::GEOMETRY FROM invoices

-- name: match_recognize
-- expect: UNSUPPORTED_NODE
SELECT * FROM invoices MATCH_RECOGNIZE (ORDER BY issued_on MEASURES 1 AS x PATTERN (A) DEFINE A AS true)

-- name: time travel
-- expect: UNSUPPORTED_NODE
SELECT * FROM invoices FOR SYSTEM_TIME AS OF TIMESTAMP '2020-01-01 00:00:00'

-- name: query hint
-- expect: UNSUPPORTED_NODE
SELECT /*+ parallel(8) */ * FROM invoices

-- name: regex operator
-- expect: UNSUPPORTED_NODE
SELECT * FROM customers WHERE name ~ '^A'

-- name: sequence value
-- expect: UNSUPPORTED_NODE
SELECT NEXT VALUE FOR seq

-- name: empty
-- expect: SYNTAX

-- name: only a comment
-- expect: SYNTAX
-- nothing here

-- name: garbage
-- expect: SYNTAX
SELECT FROM WHERE

-- name: series with a zero step
-- expect: TABLE_FUNCTION
SELECT * FROM generate_series(1, 10, 0)

-- name: nul inside a string literal
-- expect: UNSUPPORTED_SYNTAX
-- element: U+0000
-- unescape: yes
SELECT invoice_id FROM invoices WHERE status = 'paid\u0000' OR TRUE

-- name: nul before a second statement
-- expect: UNSUPPORTED_SYNTAX
-- element: U+0000
-- unescape: yes
SELECT 1 AS x\u0000; DROP TABLE invoices

-- name: nul inside a quoted identifier
-- expect: UNSUPPORTED_SYNTAX
-- element: U+0000
-- unescape: yes
SELECT "region\u0000" FROM invoices

-- name: nul inside a comment
-- expect: UNSUPPORTED_SYNTAX
-- element: U+0000
-- unescape: yes
SELECT region /* a \u0000 */ FROM invoices

-- name: zero-width space in a table name
-- expect: TABLE_NOT_ALLOWED
-- unescape: yes
SELECT * FROM "pay\u200broll"

-- name: right-to-left override in a function name
-- expect: FUNCTION_NOT_ALLOWED
-- unescape: yes
SELECT "\u202evsc_daer"(region) FROM invoices

-- name: byte-order mark in a schema
-- expect: SCHEMA_NOT_ALLOWED
-- unescape: yes
SELECT * FROM "\ufeffmain".invoices

-- name: scalar unnest of a list
-- expect: UNSUPPORTED_SYNTAX
-- element: unnest(
SELECT unnest([1, 2])

-- name: scalar unnest of a column
-- expect: UNSUPPORTED_SYNTAX
SELECT unnest(region) FROM invoices

-- name: scalar unnest in an expression
-- expect: UNSUPPORTED_SYNTAX
SELECT 1 + UNNEST (x) AS y FROM (VALUES (1)) AS t(x)
