-- examples/schemas/tpcc.sql in SQLite's idiom, for SqliteTpccFillIT: the same nine tables, keys and
-- composite foreign keys, with the names SQLite applications declare: DATETIME for timestamp and
-- DECIMAL(p, s) for numeric (both NUMERIC affinity; Spate reads them as a timestamp and a decimal).
-- SQLite keeps the other declared types as written (integer, smallint, varchar(n), char(n)).
CREATE TABLE warehouse (
    w_id       integer       NOT NULL,
    w_name     varchar(10)   NOT NULL,
    w_street_1 varchar(20)   NOT NULL,
    w_street_2 varchar(20)   NOT NULL,
    w_city     varchar(20)   NOT NULL,
    w_state    char(2)       NOT NULL,
    w_zip      char(9)       NOT NULL,
    w_tax      DECIMAL(4, 4) NOT NULL,
    w_ytd      DECIMAL(12, 2) NOT NULL,
    PRIMARY KEY (w_id)
);

CREATE TABLE item (
    i_id    integer       NOT NULL,
    i_im_id integer       NOT NULL,
    i_name  varchar(24)   NOT NULL,
    i_price DECIMAL(5, 2) NOT NULL,
    i_data  varchar(50)   NOT NULL,
    PRIMARY KEY (i_id)
);

CREATE TABLE stock (
    s_i_id       integer       NOT NULL REFERENCES item (i_id),
    s_w_id       integer       NOT NULL REFERENCES warehouse (w_id),
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
    s_ytd        DECIMAL(8, 0) NOT NULL,
    s_order_cnt  integer       NOT NULL,
    s_remote_cnt integer       NOT NULL,
    s_data       varchar(50)   NOT NULL,
    PRIMARY KEY (s_w_id, s_i_id)
);

CREATE TABLE district (
    d_id        integer        NOT NULL,
    d_w_id      integer        NOT NULL REFERENCES warehouse (w_id),
    d_name      varchar(10)    NOT NULL,
    d_street_1  varchar(20)    NOT NULL,
    d_street_2  varchar(20)    NOT NULL,
    d_city      varchar(20)    NOT NULL,
    d_state     char(2)        NOT NULL,
    d_zip       char(9)        NOT NULL,
    d_tax       DECIMAL(4, 4)  NOT NULL,
    d_ytd       DECIMAL(12, 2) NOT NULL,
    d_next_o_id integer        NOT NULL,
    PRIMARY KEY (d_w_id, d_id)
);

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
    c_since        DATETIME      NOT NULL,
    c_credit       char(2)        NOT NULL CHECK (c_credit IN ('GC', 'BC')),
    c_credit_lim   DECIMAL(12, 2) NOT NULL,
    c_discount     DECIMAL(4, 4)  NOT NULL,
    c_balance      DECIMAL(12, 2) NOT NULL,
    c_ytd_payment  DECIMAL(12, 2) NOT NULL,
    c_payment_cnt  integer        NOT NULL,
    c_delivery_cnt integer        NOT NULL,
    c_data         varchar(500)   NOT NULL,
    PRIMARY KEY (c_w_id, c_d_id, c_id),
    FOREIGN KEY (c_w_id, c_d_id) REFERENCES district (d_w_id, d_id)
);

CREATE TABLE history (
    h_c_id   integer       NOT NULL,
    h_c_d_id integer       NOT NULL,
    h_c_w_id integer       NOT NULL,
    h_d_id   integer       NOT NULL,
    h_w_id   integer       NOT NULL,
    h_date   DATETIME     NOT NULL,
    h_amount DECIMAL(6, 2) NOT NULL,
    h_data   varchar(24)   NOT NULL,
    FOREIGN KEY (h_c_w_id, h_c_d_id, h_c_id) REFERENCES customer (c_w_id, c_d_id, c_id),
    FOREIGN KEY (h_w_id, h_d_id) REFERENCES district (d_w_id, d_id)
);

CREATE TABLE orders (
    o_id         integer   NOT NULL,
    o_d_id       integer   NOT NULL,
    o_w_id       integer   NOT NULL,
    o_c_id       integer   NOT NULL,
    o_entry_d    DATETIME NOT NULL,
    o_carrier_id integer,
    o_ol_cnt     integer   NOT NULL CHECK (o_ol_cnt BETWEEN 5 AND 15),
    o_all_local  integer   NOT NULL,
    PRIMARY KEY (o_w_id, o_d_id, o_id),
    FOREIGN KEY (o_w_id, o_d_id, o_c_id) REFERENCES customer (c_w_id, c_d_id, c_id)
);

CREATE TABLE new_order (
    no_o_id integer NOT NULL,
    no_d_id integer NOT NULL,
    no_w_id integer NOT NULL,
    PRIMARY KEY (no_w_id, no_d_id, no_o_id),
    FOREIGN KEY (no_w_id, no_d_id, no_o_id) REFERENCES orders (o_w_id, o_d_id, o_id)
);

CREATE TABLE order_line (
    ol_o_id        integer       NOT NULL,
    ol_d_id        integer       NOT NULL,
    ol_w_id        integer       NOT NULL,
    ol_number      integer       NOT NULL,
    ol_i_id        integer       NOT NULL,
    ol_supply_w_id integer       NOT NULL,
    ol_delivery_d  DATETIME,
    ol_quantity    integer       NOT NULL,
    ol_amount      DECIMAL(6, 2) NOT NULL,
    ol_dist_info   char(24)      NOT NULL,
    PRIMARY KEY (ol_w_id, ol_d_id, ol_o_id, ol_number),
    FOREIGN KEY (ol_w_id, ol_d_id, ol_o_id) REFERENCES orders (o_w_id, o_d_id, o_id),
    FOREIGN KEY (ol_supply_w_id, ol_i_id) REFERENCES stock (s_w_id, s_i_id)
);
