-- The portable schema, MariaDB's and MySQL's words: the twin of portable-pg.sql, type for type
-- (PostgreSQL's text is text, bytea a blob, timestamp a datetime, boolean a tinyint(1)). inet is an
-- inet4: PostgreSQL's inet holds both families, MariaDB splits them, and Spate makes IPv4 hosts.
-- Change one, change the other.
CREATE TABLE region (
    region_id smallint    NOT NULL,
    branch    int         NOT NULL,
    name      varchar(40) NOT NULL,
    code      char(3)     NOT NULL,
    email     varchar(80),
    city      text,
    reserve   decimal(20, 4),
    PRIMARY KEY (region_id, branch),
    CONSTRAINT region_code UNIQUE (code),
    CONSTRAINT region_email UNIQUE (email),
    CONSTRAINT region_name_length CHECK (char_length(name) BETWEEN 3 AND 40)
) ENGINE=InnoDB DEFAULT CHARSET=utf8mb4;

CREATE TABLE account (
    id          bigint         NOT NULL AUTO_INCREMENT PRIMARY KEY,
    region_id   smallint       NOT NULL,
    branch      int            NOT NULL,
    handle      varchar(30)    NOT NULL,
    balance     decimal(12, 2) NOT NULL,
    rate        decimal(5, 4),
    score       float,
    weight      double,
    active      boolean        NOT NULL,
    note        text,
    opened      date           NOT NULL,
    wakes       time,
    created     datetime       NOT NULL,
    touched     datetime(3),
    token       blob,
    doc         json,
    uid         uuid,
    visits      bigint,
    CONSTRAINT account_handle UNIQUE (handle),
    CONSTRAINT account_region FOREIGN KEY (region_id, branch) REFERENCES region (region_id, branch),
    CONSTRAINT account_balance CHECK (balance >= 0 AND balance <= 100000),
    CONSTRAINT account_visits CHECK (visits > 10)
) ENGINE=InnoDB DEFAULT CHARSET=utf8mb4;

CREATE TABLE ticket (
    ref        varchar(20) NOT NULL PRIMARY KEY,
    account_id bigint,
    status     varchar(10) NOT NULL,
    mood       enum('calm', 'busy', 'it''s late'),
    flags      bit(5),
    cost       decimal(8),
    due        date,
    seq        int         NOT NULL,
    delta      decimal(6, 3) CHECK (delta BETWEEN -99.5 AND 99.5),
    temp       float         CHECK (temp >= -40 AND temp <= 40),
    tilt       smallint      CHECK (tilt BETWEEN -300 AND 300),
    urgent     boolean,
    addr       inet4,
    CONSTRAINT ticket_seq UNIQUE (account_id, seq),
    CONSTRAINT ticket_account FOREIGN KEY (account_id) REFERENCES account (id),
    CONSTRAINT ticket_status CHECK (status IN ('open', 'closed', 'parked')),
    CONSTRAINT ticket_due CHECK (due >= '2001-01-01')
) ENGINE=InnoDB DEFAULT CHARSET=utf8mb4;
