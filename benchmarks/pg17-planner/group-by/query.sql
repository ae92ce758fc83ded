SELECT k3, k2, k1, count(*) FROM t_grp GROUP BY k3, k2, k1;
