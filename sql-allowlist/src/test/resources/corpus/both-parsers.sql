-- Probes for the two parser paths (BothParsersTest): one text per line, lines starting with "--" are notes.
-- Each line exercises part of the grammar the core and Babel parsers share (operators and their precedence,
-- literals, identifiers, keywords that are names in one grammar and not the other, functions with their own
-- syntax, clauses, statements), or a token only Babel knows. Whatever core parses, Babel must parse and
-- render the same, and approval must give the same result on both paths.
-- Over the warehouse tables, so that approvals (not only refusals) are compared:
SELECT region, sum(amount_cents) / 100.0 AS revenue FROM invoices GROUP BY region
SELECT amount_cents - 1 - 2, amount_cents / 2 * 3, amount_cents - 2 + 3, 2 + 3 * 4, (2 + 3) * 4, - - 1, 1 - -1, -amount_cents * 2 FROM invoices
SELECT status || region || currency, status || 1 FROM invoices
SELECT NOT status = 'paid', status = 'paid' AND region = 'emea' OR currency = 'EUR' AND NOT amount_cents > 0 FROM invoices
SELECT paid_on IS NOT DISTINCT FROM due_on, paid_on IS DISTINCT FROM due_on FROM invoices
SELECT amount_cents % 7, amount_cents % 7 * 2, mod(amount_cents, 7) FROM invoices
SELECT status != 'paid', status <> 'paid' FROM invoices
SELECT invoice_id FROM invoices LIMIT 1, 2
SELECT invoice_id FROM invoices ORDER BY invoice_id LIMIT 2 OFFSET 1
SELECT invoice_id FROM invoices ORDER BY invoice_id OFFSET 1 ROWS FETCH NEXT 2 ROWS ONLY
SELECT invoice_id FROM invoices FETCH FIRST ROW ONLY
SELECT substring(name FROM 1 FOR 2), substring(name, 1, 2), position('a' IN name), trim(BOTH 'x' FROM name), trim(name), ltrim(name), rtrim(name) FROM customers
SELECT left(name, 2), right(name, 2) FROM customers
SELECT first(name), last(name) FROM customers
SELECT count(*) FILTER (WHERE amount_cents > 100) AS big FROM invoices
SELECT * FROM customers, invoices WHERE customers.customer_id = invoices.customer_id
SELECT CURRENT_DATE, CURRENT_TIMESTAMP FROM invoices
SELECT ceil(amount_cents / 3.0), floor(amount_cents / 3.0) FROM invoices
SELECT floor(issued_on TO MONTH) FROM invoices
SELECT CAST(amount_cents AS INTEGER), CAST(amount_cents AS VARCHAR(10)), CAST(amount_cents AS DECIMAL(10, 2)), CAST(issued_on AS TIMESTAMP), CAST(amount_cents AS DOUBLE), CAST(amount_cents AS BIGINT) FROM invoices
SELECT TRY_CAST(status AS INTEGER) FROM invoices
SELECT "region", "amount_cents" AS "year", i."status" FROM invoices AS i
SELECT DATE '2024-01-01' + INTERVAL '1' DAY, issued_on + INTERVAL 1 DAY, INTERVAL '1-2' YEAR TO MONTH FROM invoices
SELECT issued_on + INTERVAL '3' MONTH, INTERVAL '2' HOUR FROM invoices
SELECT name LIKE 'A%' ESCAPE '!', name NOT LIKE 'A%', name SIMILAR TO 'A%', name NOT SIMILAR TO 'A%' FROM customers
SELECT name ILIKE 'a%', name NOT ILIKE 'a%' FROM customers
SELECT name RLIKE 'a' FROM customers
SELECT amount_cents BETWEEN SYMMETRIC 100 AND 0, amount_cents NOT BETWEEN 1 AND 2, amount_cents BETWEEN 1 AND 2 AND status = 'paid' FROM invoices
SELECT CASE status WHEN 'paid' THEN 1 ELSE 0 END, CASE WHEN amount_cents > 0 THEN 'x' END, nullif(status, 'void'), coalesce(paid_on, due_on, issued_on) FROM invoices
SELECT if(amount_cents > 0, 'x', 'y') FROM invoices
SELECT DISTINCT region FROM invoices
SELECT ALL region FROM invoices
SELECT invoice_id FROM invoices WHERE region IN ('emea', 'apac') AND customer_id = ANY (SELECT customer_id FROM customers) AND amount_cents > ALL (SELECT 1) AND EXISTS (SELECT 1)
SELECT 'a' 'b' FROM invoices
SELECT 1e3, .5, 1., 1.5e-3, 9223372036854775807, 123456789012345678901234567890 FROM invoices
SELECT 1_000 AS n
SELECT 0x1F AS n
SELECT 1d FROM invoices
SELECT 2nd FROM invoices
SELECT region AS "1_000" FROM invoices
SELECT /*+ hint */ region FROM invoices
SELECT timestampdiff(DAY, issued_on, due_on), timestampadd(DAY, 1, issued_on) FROM invoices
SELECT date_diff('day', issued_on, due_on), date_part('year', issued_on), date_add(issued_on, INTERVAL 1 DAY), date_sub('day', issued_on, due_on) FROM invoices
SELECT datediff('day', issued_on, due_on) FROM invoices
SELECT datepart('year', issued_on) FROM invoices
SELECT dateadd('day', 1, issued_on) FROM invoices
SELECT date_part(year, issued_on) FROM invoices
SELECT datediff(day, issued_on, due_on) FROM invoices
SELECT date_trunc('month', issued_on), date_trunc('day', issued_on) FROM invoices
SELECT extract(quarter FROM issued_on), extract(dow FROM issued_on), extract(doy FROM issued_on), extract(epoch FROM issued_on), extract(week FROM issued_on) FROM invoices
SELECT region, segment, count(*) FROM customers GROUP BY ROLLUP (region, segment)
SELECT region, segment, count(*) FROM customers GROUP BY CUBE (region, segment)
SELECT region, segment, count(*) FROM customers GROUP BY GROUPING SETS ((region), (segment), ())
SELECT region, GROUPING(region), GROUPING_ID(region) FROM customers GROUP BY region
SELECT region, count(*) FROM customers GROUP BY DISTINCT region
SELECT count(*) FROM customers GROUP BY ()
SELECT row_number() OVER (PARTITION BY region ORDER BY amount_cents ROWS BETWEEN 1 PRECEDING AND CURRENT ROW) FROM invoices
SELECT sum(amount_cents) OVER (ORDER BY issued_on RANGE BETWEEN INTERVAL '1' DAY PRECEDING AND CURRENT ROW) FROM invoices
SELECT sum(amount_cents) OVER (ORDER BY issued_on ROWS UNBOUNDED PRECEDING), avg(amount_cents) OVER (PARTITION BY region) FROM invoices
SELECT percentile_cont(0.5) WITHIN GROUP (ORDER BY amount_cents), percentile_disc(0.5) WITHIN GROUP (ORDER BY amount_cents) FROM invoices
SELECT string_agg(product, ',' ORDER BY product), listagg(product, ',') FROM invoice_lines
SELECT region FROM invoices QUALIFY row_number() OVER (PARTITION BY region ORDER BY amount_cents DESC) = 1
SELECT i.invoice_id FROM invoices i NATURAL JOIN customers c LEFT OUTER JOIN invoice_lines l ON i.invoice_id = l.invoice_id
SELECT i.invoice_id FROM invoices i RIGHT JOIN customers c USING (customer_id) FULL JOIN invoice_lines l ON TRUE CROSS JOIN customers d
SELECT i.invoice_id FROM invoices i INNER JOIN customers c ON (i.customer_id = c.customer_id)
SELECT i.invoice_id FROM (invoices i JOIN customers c ON TRUE)
SELECT i.invoice_id FROM invoices i CROSS APPLY customers c
SELECT c.name, x.n FROM customers c, LATERAL (SELECT count(*) AS n FROM invoices i WHERE i.customer_id = c.customer_id) x
SELECT c.name FROM customers c LEFT JOIN LATERAL (SELECT 1 AS one) x ON TRUE
VALUES (1), (2)
VALUES (1, 'a'), (2, 'b')
SELECT * FROM (VALUES (1, 2)) AS v(a, b)
SELECT * FROM invoices AS x (a, b, c, d, e, f, g, h, i)
WITH x AS (SELECT region FROM invoices) SELECT * FROM x
WITH x (r) AS (SELECT region FROM invoices), y AS (SELECT r FROM x) SELECT * FROM y
WITH RECURSIVE x AS (SELECT 1 AS n) SELECT * FROM x
SELECT region FROM invoices ORDER BY region DESC NULLS LAST, status ASC NULLS FIRST LIMIT 10 OFFSET 5
SELECT region FROM invoices UNION SELECT region FROM customers INTERSECT SELECT region FROM invoices EXCEPT SELECT segment FROM customers ORDER BY 1
SELECT region FROM invoices UNION ALL SELECT region FROM customers EXCEPT ALL SELECT segment FROM customers
SELECT region FROM invoices INTERSECT ALL SELECT region FROM customers
SELECT region FROM invoices MINUS SELECT region FROM customers
(SELECT region FROM invoices) UNION (SELECT region FROM customers)
(SELECT region FROM invoices ORDER BY region LIMIT 3)
SELECT region FROM invoices WHERE status = 'paid' UNION (SELECT region FROM customers ORDER BY region LIMIT 1)
SELECT i.*, c.name FROM invoices i JOIN customers c USING (customer_id)
SELECT {fn UCASE(name)} FROM customers
SELECT paid_on IS NULL, paid_on IS NOT NULL, (paid_on IS NULL) IS TRUE, (paid_on IS NULL) IS NOT FALSE, (paid_on IS NULL) IS UNKNOWN FROM invoices
SELECT invoice_id FROM invoices WHERE customer_id <> ALL (SELECT customer_id FROM customers) AND customer_id NOT IN (SELECT customer_id FROM customers)
SELECT invoice_id FROM invoices WHERE customer_id = SOME (SELECT customer_id FROM customers)
SELECT ~1 FROM invoices
SELECT 1 & 2, 1 | 2, 1 ^ 2 FROM invoices
SELECT 1 << 2 FROM invoices
SELECT year(issued_on), month(issued_on), day(issued_on) FROM invoices
SELECT quarter(issued_on), week(issued_on), dayofweek(issued_on), dayname(issued_on), dayofmonth(issued_on), hour(issued_on) FROM invoices
SELECT region, avg(amount_cents) OVER w FROM invoices WINDOW w AS (PARTITION BY region ORDER BY issued_on)
SELECT count(DISTINCT region), any_value(region), bool_and(amount_cents > 0), count_if(amount_cents > 0), arg_max(region, amount_cents), max_by(region, amount_cents) FROM invoices
SELECT name COLLATE "de" FROM customers
SELECT CAST(issued_on AS TIMESTAMP WITH LOCAL TIME ZONE), CAST(issued_on AS TIME WITH TIME ZONE), CAST(issued_on AS TIMESTAMP(3)) FROM invoices
SELECT CAST(amount_cents AS STRING), CAST(amount_cents AS TEXT), CAST(amount_cents AS HUGEINT), CAST(amount_cents AS INT8), CAST(amount_cents > 0 AS BOOL) FROM invoices
SELECT CAST(status AS JSON) FROM invoices
SELECT CAST(amount_cents AS INTEGER ARRAY) FROM invoices
SELECT CAST(status AS VARCHAR CHARACTER SET "UTF-8") FROM invoices
SELECT CAST(amount_cents AS INTERVAL DAY) FROM invoices
SELECT TIMESTAMP '2020-01-01 00:00:00', TIME '10:00:00', DATE '2020-02-29' FROM invoices
SELECT GEOMETRY 'POINT(0 0)' FROM invoices
SELECT N'abc', X'ab', U&'\0041', E'a\nb', _latin1'x' FROM invoices
SELECT CURRENT_DATE - 1 FROM invoices
SELECT region FROM invoices WHERE status = 'x' OR region = 'y' AND currency = 'z'
SELECT region FROM invoices WHERE NOT paid_on IS NULL
SELECT - i.amount_cents FROM invoices i
SELECT region FROM invoices AS "select"
SELECT "i"."region" FROM "invoices" AS "i"
SELECT region AS "R", status "S" FROM invoices
SELECT region value FROM invoices
SELECT region AS temp, status AS seed, currency AS plans FROM invoices
SELECT region AS snapshot FROM invoices
SELECT region AS semi, status AS anti FROM invoices
SELECT i.region FROM invoices i semi JOIN customers c ON TRUE
SELECT i.region FROM invoices i anti JOIN customers c ON TRUE
SELECT i.region FROM invoices i LEFT SEMI JOIN customers c ON TRUE
SELECT i.region FROM invoices i LEFT ANTI JOIN customers c ON TRUE
SELECT i.region FROM invoices i ASOF JOIN customers c ON TRUE
SELECT i.region FROM invoices i POSITIONAL JOIN customers c
SELECT sum(amount_cents) FROM invoices GROUP BY ALL
SELECT region FROM invoices ORDER BY ALL
SELECT DISTINCT ON (region) region FROM invoices
SELECT $1 FROM invoices
SELECT ? FROM invoices
SELECT region FROM invoices TABLESAMPLE BERNOULLI (10)
SELECT region FROM invoices i TABLESAMPLE SYSTEM (1)
SELECT * FROM TABLE(read_csv('x'))
SELECT * FROM UNNEST(ARRAY[1])
SELECT ARRAY[1, 2], ROW(1, 2), (1, 2) FROM invoices
SELECT MULTISET[1] FROM invoices
SELECT NEXT VALUE FOR s
SELECT region FROM invoices FOR UPDATE
SELECT region FROM invoices WHERE region MEMBER OF ARRAY['x']
SELECT CONVERT(status, INTEGER) FROM invoices
SELECT TRANSLATE(status USING latin1) FROM invoices
SELECT translate(status, 'a', 'b') FROM invoices
SELECT OVERLAY(status PLACING 'x' FROM 1) FROM invoices
SELECT JSON_VALUE(status, '$.a'), JSON_OBJECT('a' : 1), JSON_OBJECT(KEY 'a' VALUE 1) FROM invoices
SELECT invoice_id FROM invoices WHERE (region, status) IN (('emea', 'paid'))
SELECT invoice_id FROM invoices WHERE EXISTS (SELECT 1) AND UNIQUE (SELECT 1)
SELECT CASE WHEN paid_on IS NULL THEN 0 ELSE 1 END + 1 FROM invoices
SELECT amount_cents::INTEGER FROM invoices
SELECT (amount_cents / 100)::DECIMAL(18, 2) FROM invoices
SELECT * EXCLUDE (region) FROM invoices
SELECT * REPLACE (amount_cents + 1 AS amount_cents) FROM invoices
SELECT i.* EXCLUDE (region) FROM invoices i
SELECT region FROM invoices WHERE region ~ 'x'
SELECT region FROM invoices WHERE region !~ 'x'
SELECT region FROM invoices WHERE region <=> status
SELECT region FROM invoices WHERE region == status
SELECT region FROM invoices WHERE region ! = status
SELECT amount_cents // 100 FROM invoices
SELECT region FROM invoices; SELECT region FROM customers
SELECT region FROM invoices;
SELECT region FROM invoices;;
;
SET x = 1
RESET x
SHOW tables
BEGIN
COMMIT
ROLLBACK
DISCARD ALL
CREATE TABLE x (a INT)
CREATE TEMP TABLE x AS SELECT 1
EXPLAIN PLAN FOR SELECT 1
DESCRIBE invoices
INSERT INTO invoices VALUES (1)
DELETE FROM invoices
UPDATE invoices SET region = 'x'
MERGE INTO invoices USING customers ON TRUE WHEN MATCHED THEN DELETE
TABLE invoices
SELECT 1 FROM invoices WHERE region = 'emea' -- comment
SELECT 1 /* c */ FROM invoices
SELECT "$$" FROM invoices
SELECT $$ FROM invoices
SELECT a$b FROM invoices
SELECT region FROM invoices WHERE status = 'it''s'
SELECT 1 AS "year", 2 AS "select"
SELECT region, status FROM invoices GROUP BY region, status HAVING count(*) > 1 ORDER BY 1 DESC
SELECT exp(1), ln(2), log10(3), power(2, 3), sqrt(4), abs(-1), round(1.5), trunc(1.5), round(amount_cents, 2), sign(amount_cents) FROM invoices
SELECT upper(name), lower(name), initcap(name), char_length(name), character_length(name), length(name), replace(name, 'a', 'b'), reverse(name), repeat(name, 2), lpad(name, 2, ' '), rpad(name, 2, ' '), concat(name, region), concat_ws(',', name, region) FROM customers
SELECT strftime(issued_on, '%Y'), strptime('2020', '%Y'), make_date(2020, 1, 1), last_day(issued_on), epoch(issued_on) FROM invoices
SELECT greatest(issued_on, due_on), least(issued_on, due_on), random() FROM invoices
SELECT stddev(amount_cents), variance(amount_cents), corr(amount_cents, amount_cents), regr_slope(amount_cents, amount_cents), covar_pop(amount_cents, amount_cents) FROM invoices
SELECT median(amount_cents), mode(region), quantile_cont(amount_cents, 0.5), approx_count_distinct(region), arg_min(region, amount_cents) FROM invoices
SELECT lead(amount_cents, 1, 0) OVER w, lag(amount_cents) IGNORE NULLS OVER w, first_value(amount_cents) OVER w, last_value(amount_cents) RESPECT NULLS OVER w, nth_value(amount_cents, 2) OVER w FROM invoices WINDOW w AS (ORDER BY issued_on)
SELECT ntile(4) OVER (ORDER BY amount_cents), rank() OVER (ORDER BY amount_cents), dense_rank() OVER (ORDER BY amount_cents), percent_rank() OVER (ORDER BY amount_cents), cume_dist() OVER (ORDER BY amount_cents) FROM invoices
SELECT regexp_matches(name, 'a'), regexp_replace(name, 'a', 'b'), regexp_extract(name, 'a'), starts_with(name, 'a'), contains(name, 'a'), split_part(name, ',', 1) FROM customers
SELECT hash(name), md5(name), uuid() FROM customers
SELECT invoice_id FROM invoices WHERE issued_on BETWEEN DATE '2020-01-01' AND DATE '2020-12-31'
SELECT invoice_id FROM invoices WHERE (paid_on IS NULL) = TRUE
SELECT amount_cents < 5 = TRUE, TRUE = amount_cents < 5 FROM invoices
SELECT NOT amount_cents > 0 AND status = 'x', amount_cents > 0 OR status = 'x' AND region = 'y' FROM invoices
SELECT amount_cents - amount_cents * 2 / 3 % 4 FROM invoices
SELECT status || region = 'x', amount_cents + 1 || 'x', - amount_cents || 'x', status LIKE region || '%' FROM invoices
SELECT amount_cents BETWEEN 1 AND 2 = TRUE, amount_cents IN (1) = TRUE, paid_on IS NULL IS NULL, NOT NOT (amount_cents > 0) FROM invoices
SELECT invoice_id FROM invoices WHERE NOT EXISTS (SELECT 1) OR amount_cents > 0
SELECT CAST(amount_cents AS INTEGER) + 1, (SELECT max(amount_cents) FROM invoices) + 1 FROM invoices
SELECT * FROM (SELECT region FROM invoices) x JOIN (SELECT region FROM customers) AS y ON x.region = y.region
SELECT sum(DISTINCT amount_cents), avg(ALL amount_cents) FROM invoices
SELECT amount_cents AS x FROM invoices ORDER BY x
SELECT invoice_id FROM invoices WHERE amount_cents = + 1
SELECT +amount_cents, -(-amount_cents) FROM invoices
SELECT 1.0 / 3, 1 / 3, 1.0e0 / 3 FROM invoices
SELECT REGION FROM INVOICES WHERE Region = 'emea'
SELECT "REGION" FROM "INVOICES"
SELECT region FROM main.invoices
SELECT region FROM wh.main.invoices
SELECT main.upper(region) FROM invoices
SELECT sum(amount_cents) FILTER (WHERE amount_cents > 0) OVER () FROM invoices
SELECT invoice_id FROM invoices WHERE region IN ()
SELECT region FROM invoices GROUP BY 1 ORDER BY 1 NULLS FIRST
SELECT row_number() OVER (ORDER BY amount_cents) AS rn FROM invoices
SELECT invoice_id FROM invoices WHERE amount_cents = ANY (ARRAY[1])
SELECT invoice_id FROM invoices WHERE CURRENT_DATE > issued_on AND issued_on < now()
SELECT current_date() FROM invoices
SELECT date(issued_on), time(issued_on), timestamp(issued_on) FROM invoices
SELECT DATE(issued_on) FROM invoices
SELECT substr(name, 1, 2), instr(name, 'a'), strpos(name, 'a') FROM customers
SELECT invoice_id FROM invoices WHERE region IN (SELECT region FROM customers UNION SELECT region FROM invoices)
SELECT invoice_id FROM invoices ORDER BY invoice_id LIMIT ALL
SELECT invoice_id FROM invoices LIMIT 10 + 1
SELECT invoice_id FROM invoices OFFSET 5
SELECT TOP 10 invoice_id FROM invoices
SELECT NULL, TRUE, FALSE, UNKNOWN FROM invoices
SELECT invoice_id FROM invoices WHERE paid_on IS NULL = UNKNOWN
SELECT invoice_id FROM invoices WHERE amount_cents = (SELECT 1) AND amount_cents = ((SELECT 2))
SELECT (amount_cents + 1) * (amount_cents - 1), amount_cents + (1 * 2), (amount_cents) FROM invoices
SELECT i.region FROM invoices i
SELECT invoices.region.x FROM invoices
SELECT region[1], region['x'] FROM invoices
SELECT map['a', 1] FROM invoices
SELECT struct_pack(a := 1) FROM invoices
SELECT [1, 2] FROM invoices
SELECT {'a': 1} FROM invoices
SELECT list_value(1, 2) FROM invoices
SELECT region FROM 'invoices.parquet'
FROM invoices SELECT region
SELECT #1 FROM invoices
SELECT `region` FROM invoices
SELECT region FROM invoices /* a /* nested */ */
SELECT region FROM invoices USING SAMPLE 10
SELECT region FROM invoices WHERE region GLOB 'x*'
SELECT region FROM invoices PIVOT (sum(amount_cents) FOR status IN ('paid', 'open'))
PIVOT invoices ON status USING sum(amount_cents)
SELECT region FROM invoices ORDER BY (SELECT 1)
SELECT CASE WHEN EXISTS (SELECT 1) THEN 1 END FROM invoices
SELECT count(*) OVER (), sum(amount_cents) OVER (PARTITION BY region) / sum(amount_cents) OVER () FROM invoices
SELECT invoice_id FROM invoices WHERE amount_cents BETWEEN 1 AND 2 OR amount_cents BETWEEN 3 AND 4
SELECT region FROM invoices WHERE region = :x
SELECT region FROM invoices WHERE region = @x
SELECT getvariable('x')
SELECT current_setting('threads')
SELECT region FROM invoices, invoices.x
SELECT region FROM invoices WHERE region NOT ILIKE 'x' ESCAPE '!'
SELECT region FROM invoices WHERE region LIKE ANY ('x', 'y')
SELECT region FROM invoices WHERE region ILIKE ANY ('x')
SELECT region FROM invoices WHERE region IS JSON
SELECT region FROM invoices WHERE (issued_on, due_on) OVERLAPS (issued_on, due_on)
SELECT PERIOD (issued_on, due_on) FROM invoices
SELECT region FROM invoices HAVING TRUE
SELECT region FROM invoices ORDER BY region USING <
SELECT CURRENT_ROW FROM invoices
SELECT CURSOR (SELECT 1) FROM invoices
SELECT region FROM invoices AT (TIMESTAMP => '2024-01-01')
SELECT region FROM invoices MATCH_RECOGNIZE (ORDER BY issued_on PATTERN (a) DEFINE a AS TRUE)
SELECT region FROM invoices WHERE region = 'x' AND status IS NOT NULL AND amount_cents >= 1 AND amount_cents <= 2 AND amount_cents > 0 AND amount_cents < 9
SELECT region AS x FROM invoices WHERE region LIKE '1_000%'
SELECT 'SELECT 1_000 ::int ~ ! <=>' AS s FROM invoices
SELECT region AS "if", status AS "temp" FROM invoices
-- Generic names (refused as tables, so these compare what the parsers read):
SELECT a || b || c, a - b - c, a / b * c, a - b + c FROM t
SELECT a IS NOT DISTINCT FROM b, a IS DISTINCT FROM b FROM t
SELECT a.b.c, t.* FROM t
SELECT a < b = c, a = b < c, NOT a AND b, a OR b AND c, a + b || c, - a || b, a LIKE b || c, a BETWEEN b AND c = d, a IN (b) = c, a IS NULL IS NULL FROM t
SELECT a FROM t WHERE a = 1 AND (b = 2 OR c = 3)
SELECT CURRENT_DATE, CURRENT_TIMESTAMP, LOCALTIME, CURRENT_USER, SESSION_USER FROM t
SELECT temp, seed, plans, semi, anti, snapshot, volatile, discard, sequences FROM t
SELECT if FROM t
SELECT 1abc, 1e3e, 1.5x, .5a, 1.2.3 FROM t
SELECT a FROM t WHERE a = 1e3
SELECT $1a, a$1 FROM t
SELECT é, é1, 1é FROM t
SELECT a FROM t, u WHERE t.a = u.a(+)
SELECT a FROM t x(a, b) JOIN u ON TRUE
