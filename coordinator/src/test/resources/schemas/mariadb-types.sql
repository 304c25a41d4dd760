-- Every MariaDB column type MariaDbIntrospector maps (MariaDbIntrospectorIT asserts each Column),
-- plus keys, a CHECK in MariaDB's own words and RANGE/LIST/HASH partitioned tables.
CREATE TABLE types (
    id          tinyint unsigned NOT NULL AUTO_INCREMENT,
    t_signed    tinyint          NOT NULL,
    flag        tinyint(1),
    yes_no      bool             NOT NULL DEFAULT 0,
    s_signed    smallint,
    s_unsigned  smallint unsigned,
    m_signed    mediumint,
    m_unsigned  mediumint unsigned,
    i_signed    int,
    i_unsigned  int unsigned,
    b_signed    bigint,
    b_unsigned  bigint unsigned,
    price       decimal(10, 2)   NOT NULL,
    ratio       decimal(6, 4) unsigned,
    f           float,
    d           double,
    bits        bit(5),
    code        char(3)          NOT NULL,
    name        varchar(40),
    tiny_note   tinytext,
    note        text,
    medium_note mediumtext,
    long_note   longtext,
    raw4        binary(4),
    raw9        varbinary(9),
    tiny_blob   tinyblob,
    body        blob,
    medium_blob mediumblob,
    long_blob   longblob,
    mood        enum('sad', 'ok', 'it''s fine'),
    tags        set('a', 'b', 'c'),
    born        date,
    at_time     time,
    created     datetime(3),
    updated     timestamp NULL,
    yr          year,
    doc         json,
    uid         uuid,
    ip4         inet4,
    ip6         inet6,
    shape       point,
    twice       int AS (i_signed * 2) VIRTUAL,
    stored      int AS (i_signed + 1) PERSISTENT,
    PRIMARY KEY (id),
    UNIQUE KEY types_code (code),
    UNIQUE KEY types_name_prefix (name(10)),
    CONSTRAINT types_name_length CHECK (char_length(name) BETWEEN 2 AND 40),
    CONSTRAINT types_code_like CHECK (code LIKE 'C%'),
    CONSTRAINT types_price CHECK (price >= 0 AND price <= 1000),
    CONSTRAINT types_mood CHECK (mood <> 'sad' OR flag IS NULL),
    CONSTRAINT types_bytes CHECK (length(code) = 3)
) ENGINE=InnoDB DEFAULT CHARSET=utf8mb4;

CREATE TABLE by_range (
    id   int  NOT NULL,
    day  date NOT NULL,
    PRIMARY KEY (id)
) PARTITION BY RANGE (id) (
    PARTITION p_low VALUES LESS THAN (1000),
    PARTITION p_mid VALUES LESS THAN (2000),
    PARTITION p_top VALUES LESS THAN MAXVALUE
);

CREATE TABLE by_list (
    id     int        NOT NULL,
    region varchar(2) NOT NULL,
    PRIMARY KEY (id, region)
) PARTITION BY LIST COLUMNS (region) (
    PARTITION p_eu VALUES IN ('EU', 'UK'),
    PARTITION p_us VALUES IN ('US')
);

CREATE TABLE by_hash (
    id int NOT NULL PRIMARY KEY
) PARTITION BY HASH (id) PARTITIONS 3;
