-- The article's pgbench script: the count, not the rows (explain.sql is the row-returning form its EXPLAIN showed).
SELECT count(*) FROM t_range WHERE tsrange('-infinity', '2023-06-15'::timestamp, '()') @> ts;
