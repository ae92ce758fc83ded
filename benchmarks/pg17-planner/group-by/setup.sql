-- 100,000 rows with an index on (k1, k2, k3); the query groups by (k3, k2, k1).
DROP TABLE IF EXISTS t_grp;
CREATE TABLE t_grp (id int, k1 int, k2 int, k3 int, k4 int);
INSERT INTO t_grp SELECT g, g % 10, (g / 10) % 10, (g / 100) % 10, (g / 1000) % 10 FROM generate_series(1, 100000) g;
CREATE INDEX ON t_grp (k1, k2, k3);
VACUUM ANALYZE t_grp;
