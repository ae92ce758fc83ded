SELECT * FROM t_corr_c c WHERE c1 IN (SELECT c1 FROM t_corr_d d WHERE c.c2 = d.c2);
