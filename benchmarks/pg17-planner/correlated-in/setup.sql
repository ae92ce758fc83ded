-- Two tables of 10,000 rows; the IN subquery refers to the outer row.
DROP TABLE IF EXISTS t_corr_c, t_corr_d;
CREATE TABLE t_corr_c (id int PRIMARY KEY, c1 int, c2 int);
INSERT INTO t_corr_c SELECT g, g % 100, g % 2 FROM generate_series(1, 10000) g;
CREATE TABLE t_corr_d (id int PRIMARY KEY, c1 int, c2 int);
INSERT INTO t_corr_d SELECT * FROM t_corr_c;
VACUUM ANALYZE t_corr_c, t_corr_d;
