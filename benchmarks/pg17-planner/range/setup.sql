-- 10,000 hourly timestamps with an index; the query asks which lie in a range.
DROP TABLE IF EXISTS t_range;
CREATE TABLE t_range (id int, ts timestamp);
INSERT INTO t_range SELECT g, '2024-08-02'::timestamp - (g || ' hour')::interval FROM generate_series(1, 10000) g;
CREATE INDEX ON t_range (ts);
VACUUM ANALYZE t_range;
