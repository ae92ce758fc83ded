-- Two tables of 100,000 rows; the CTE reads one of them in primary key order.
DROP TABLE IF EXISTS t_cte_a, t_cte_b;
CREATE TABLE t_cte_a (id int PRIMARY KEY, v text);
INSERT INTO t_cte_a SELECT g, md5(g::text) FROM generate_series(1, 100000) g;
CREATE TABLE t_cte_b (id int PRIMARY KEY, v text);
INSERT INTO t_cte_b SELECT * FROM t_cte_a;
VACUUM ANALYZE t_cte_a, t_cte_b;
