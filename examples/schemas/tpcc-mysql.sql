-- tpcc-mysql: the MySQL/MariaDB dialect twin of tpcc.sql (the nine TPC-C tables, clause 1.3), for
-- InnoDB: the same tables, columns, primary keys, foreign keys and CHECKs, named as PostgreSQL names
-- them in tpcc.sql, so examples/tpcc.yaml fills it unchanged. numeric is decimal and timestamp is
-- datetime(6) (MySQL's timestamp stops in 2038). MariaDB 10.6+ and MySQL 8.0.16+ enforce the CHECKs.
CREATE TABLE warehouse (
    w_id       integer       NOT NULL,
    w_name     varchar(10)   NOT NULL,
    w_street_1 varchar(20)   NOT NULL,
    w_street_2 varchar(20)   NOT NULL,
    w_city     varchar(20)   NOT NULL,
    w_state    char(2)       NOT NULL,
    w_zip      char(9)       NOT NULL,
    w_tax      decimal(4, 4) NOT NULL,
    w_ytd      decimal(12, 2) NOT NULL,
    PRIMARY KEY (w_id)
) ENGINE=InnoDB DEFAULT CHARSET=utf8mb4;

CREATE TABLE item (
    i_id    integer       NOT NULL,
    i_im_id integer       NOT NULL,
    i_name  varchar(24)   NOT NULL,
    i_price decimal(5, 2) NOT NULL,
    i_data  varchar(50)   NOT NULL,
    PRIMARY KEY (i_id)
) ENGINE=InnoDB DEFAULT CHARSET=utf8mb4;

CREATE TABLE stock (
    s_i_id       integer       NOT NULL,
    s_w_id       integer       NOT NULL,
    s_quantity   integer       NOT NULL,
    s_dist_01    char(24)      NOT NULL,
    s_dist_02    char(24)      NOT NULL,
    s_dist_03    char(24)      NOT NULL,
    s_dist_04    char(24)      NOT NULL,
    s_dist_05    char(24)      NOT NULL,
    s_dist_06    char(24)      NOT NULL,
    s_dist_07    char(24)      NOT NULL,
    s_dist_08    char(24)      NOT NULL,
    s_dist_09    char(24)      NOT NULL,
    s_dist_10    char(24)      NOT NULL,
    s_ytd        decimal(8, 0) NOT NULL,
    s_order_cnt  integer       NOT NULL,
    s_remote_cnt integer       NOT NULL,
    s_data       varchar(50)   NOT NULL,
    PRIMARY KEY (s_w_id, s_i_id),
    CONSTRAINT stock_s_i_id_fkey FOREIGN KEY (s_i_id) REFERENCES item (i_id),
    CONSTRAINT stock_s_w_id_fkey FOREIGN KEY (s_w_id) REFERENCES warehouse (w_id)
) ENGINE=InnoDB DEFAULT CHARSET=utf8mb4;

CREATE TABLE district (
    d_id        integer        NOT NULL,
    d_w_id      integer        NOT NULL,
    d_name      varchar(10)    NOT NULL,
    d_street_1  varchar(20)    NOT NULL,
    d_street_2  varchar(20)    NOT NULL,
    d_city      varchar(20)    NOT NULL,
    d_state     char(2)        NOT NULL,
    d_zip       char(9)        NOT NULL,
    d_tax       decimal(4, 4)  NOT NULL,
    d_ytd       decimal(12, 2) NOT NULL,
    d_next_o_id integer        NOT NULL,
    PRIMARY KEY (d_w_id, d_id),
    CONSTRAINT district_d_w_id_fkey FOREIGN KEY (d_w_id) REFERENCES warehouse (w_id)
) ENGINE=InnoDB DEFAULT CHARSET=utf8mb4;

CREATE TABLE customer (
    c_id           integer        NOT NULL,
    c_d_id         integer        NOT NULL,
    c_w_id         integer        NOT NULL,
    c_first        varchar(16)    NOT NULL,
    c_middle       char(2)        NOT NULL,
    c_last         varchar(16)    NOT NULL,
    c_street_1     varchar(20)    NOT NULL,
    c_street_2     varchar(20)    NOT NULL,
    c_city         varchar(20)    NOT NULL,
    c_state        char(2)        NOT NULL,
    c_zip          char(9)        NOT NULL,
    c_phone        char(16)       NOT NULL,
    c_since        datetime(6)      NOT NULL,
    c_credit       char(2)        NOT NULL,
    c_credit_lim   decimal(12, 2) NOT NULL,
    c_discount     decimal(4, 4)  NOT NULL,
    c_balance      decimal(12, 2) NOT NULL,
    c_ytd_payment  decimal(12, 2) NOT NULL,
    c_payment_cnt  integer        NOT NULL,
    c_delivery_cnt integer        NOT NULL,
    c_data         varchar(500)   NOT NULL,
    PRIMARY KEY (c_w_id, c_d_id, c_id),
    CONSTRAINT customer_c_credit_check CHECK (c_credit IN ('GC', 'BC')),
    CONSTRAINT customer_c_w_id_c_d_id_fkey FOREIGN KEY (c_w_id, c_d_id) REFERENCES district (d_w_id, d_id)
) ENGINE=InnoDB DEFAULT CHARSET=utf8mb4;

CREATE TABLE history (
    h_c_id   integer       NOT NULL,
    h_c_d_id integer       NOT NULL,
    h_c_w_id integer       NOT NULL,
    h_d_id   integer       NOT NULL,
    h_w_id   integer       NOT NULL,
    h_date   datetime(6)     NOT NULL,
    h_amount decimal(6, 2) NOT NULL,
    h_data   varchar(24)   NOT NULL,
    CONSTRAINT history_h_c_w_id_h_c_d_id_h_c_id_fkey FOREIGN KEY (h_c_w_id, h_c_d_id, h_c_id) REFERENCES customer (c_w_id, c_d_id, c_id),
    CONSTRAINT history_h_w_id_h_d_id_fkey FOREIGN KEY (h_w_id, h_d_id) REFERENCES district (d_w_id, d_id)
) ENGINE=InnoDB DEFAULT CHARSET=utf8mb4;

CREATE TABLE orders (
    o_id         integer   NOT NULL,
    o_d_id       integer   NOT NULL,
    o_w_id       integer   NOT NULL,
    o_c_id       integer   NOT NULL,
    o_entry_d    datetime(6) NOT NULL,
    o_carrier_id integer,
    o_ol_cnt     integer   NOT NULL,
    o_all_local  integer   NOT NULL,
    PRIMARY KEY (o_w_id, o_d_id, o_id),
    CONSTRAINT orders_o_ol_cnt_check CHECK (o_ol_cnt BETWEEN 5 AND 15),
    CONSTRAINT orders_o_w_id_o_d_id_o_c_id_fkey FOREIGN KEY (o_w_id, o_d_id, o_c_id) REFERENCES customer (c_w_id, c_d_id, c_id)
) ENGINE=InnoDB DEFAULT CHARSET=utf8mb4;

CREATE TABLE new_order (
    no_o_id integer NOT NULL,
    no_d_id integer NOT NULL,
    no_w_id integer NOT NULL,
    PRIMARY KEY (no_w_id, no_d_id, no_o_id),
    CONSTRAINT new_order_no_w_id_no_d_id_no_o_id_fkey FOREIGN KEY (no_w_id, no_d_id, no_o_id) REFERENCES orders (o_w_id, o_d_id, o_id)
) ENGINE=InnoDB DEFAULT CHARSET=utf8mb4;

CREATE TABLE order_line (
    ol_o_id        integer       NOT NULL,
    ol_d_id        integer       NOT NULL,
    ol_w_id        integer       NOT NULL,
    ol_number      integer       NOT NULL,
    ol_i_id        integer       NOT NULL,
    ol_supply_w_id integer       NOT NULL,
    ol_delivery_d  datetime(6),
    ol_quantity    integer       NOT NULL,
    ol_amount      decimal(6, 2) NOT NULL,
    ol_dist_info   char(24)      NOT NULL,
    PRIMARY KEY (ol_w_id, ol_d_id, ol_o_id, ol_number),
    CONSTRAINT order_line_ol_w_id_ol_d_id_ol_o_id_fkey FOREIGN KEY (ol_w_id, ol_d_id, ol_o_id) REFERENCES orders (o_w_id, o_d_id, o_id),
    CONSTRAINT order_line_ol_supply_w_id_ol_i_id_fkey FOREIGN KEY (ol_supply_w_id, ol_i_id) REFERENCES stock (s_w_id, s_i_id)
) ENGINE=InnoDB DEFAULT CHARSET=utf8mb4;
