SELECT * FROM t_range WHERE tsrange('-infinity', '2023-06-15'::timestamp, '()') @> ts;
