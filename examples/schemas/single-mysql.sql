-- single-mysql: the MySQL/MariaDB dialect twin of single.sql (one large table with no keys), for
-- InnoDB: the same table and columns, numeric as decimal and timestamp as datetime(6) (MySQL's
-- timestamp stops in 2038), so the bench's `single` scenario fills it unchanged.
CREATE TABLE big_t (
    c_int    integer,
    c_bigint bigint,
    c_name   varchar(64),
    c_desc   varchar(128),
    c_amount decimal(12, 2),
    c_score  double precision,
    c_flag   boolean,
    c_ts     datetime(6)
) ENGINE=InnoDB DEFAULT CHARSET=utf8mb4;
