-- The article's pgbench script: the count, not the 10,000 rows (explain.sql is the row-returning form its EXPLAIN showed).
SELECT count(*) FROM t_corr_c c WHERE c1 IN (SELECT c1 FROM t_corr_d d WHERE c.c2 = d.c2);
