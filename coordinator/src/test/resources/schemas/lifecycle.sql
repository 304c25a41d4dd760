-- An application's lifecycle columns, named as applications name them: a row's times in order,
-- soft deletes mostly unset, children created after their parents, a lowercase copy beside its
-- original, a parent's name kept beside its key, times kept as digits of seconds, durations that are
-- the time between a row's start and end, parts within their wholes, a nested set's bounds in order
-- pinned rows a minority, a history older than its parent's current value, a name within its
-- parent's domain and a list kept as text (LifecycleFillIT).
CREATE TABLE accounts (
    id          bigserial PRIMARY KEY,
    name        varchar(100) NOT NULL,
    login       varchar(40) NOT NULL,
    login_clean varchar(40) NOT NULL UNIQUE,
    account_name varchar(60) NOT NULL,
    enabled     smallint NOT NULL DEFAULT 1,
    created_at  timestamptz NOT NULL DEFAULT now(),
    updated_at  timestamptz,
    deleted_at  timestamptz,
    password_date timestamptz NOT NULL,
    interests   text
);
CREATE TABLE accounts_password_history (
    id            bigserial PRIMARY KEY,
    account_id    bigint NOT NULL REFERENCES accounts (id),
    password_date timestamptz NOT NULL
);
CREATE TABLE zones (
    id          serial PRIMARY KEY,
    name        varchar(255) NOT NULL UNIQUE,
    CONSTRAINT lowercase_name CHECK (name::text = lower(name::text))
);
CREATE TABLE zone_records (
    id          bigserial PRIMARY KEY,
    zone_id     integer NOT NULL REFERENCES zones (id),
    name        varchar(255),
    CONSTRAINT lowercase_name CHECK (name::text = lower(name::text))
);
CREATE TABLE posts (
    id            bigserial PRIMARY KEY,
    account_id    bigint NOT NULL REFERENCES accounts (id),
    title         varchar(200) NOT NULL,
    status        varchar(20) NOT NULL,
    views         integer NOT NULL DEFAULT 0,
    unique_views  integer NOT NULL DEFAULT 0,
    inserted_at   timestamp NOT NULL,
    published_at  timestamp,
    updated_at    timestamp NOT NULL,
    replies       integer NOT NULL DEFAULT 0,
    replies_real  integer NOT NULL DEFAULT 0,
    times_shown   integer NOT NULL,
    times_clicked integer NOT NULL,
    pinned_position integer
);
CREATE TABLE comments (
    id          bigserial PRIMARY KEY,
    post_id     bigint NOT NULL REFERENCES posts (id),
    body        text NOT NULL,
    is_deleted  boolean NOT NULL DEFAULT false,
    created     timestamp NOT NULL,
    edited      timestamp
);
CREATE TABLE sessions (
    id          bigserial PRIMARY KEY,
    account_id  bigint NOT NULL REFERENCES accounts (id),
    started_at  timestamptz NOT NULL,
    ended_at    timestamptz,
    expires     bigint NOT NULL,
    account_name varchar(60),
    begin_time  varchar(12) NOT NULL,
    finish_time varchar(12),
    duration_seconds integer NOT NULL,
    refresh_interval integer NOT NULL
);
CREATE TABLE post_reads (
    owner_id    bigint NOT NULL REFERENCES accounts (id),
    post_id     bigint NOT NULL REFERENCES posts (id),
    last_read   timestamp NOT NULL
);
CREATE TABLE categories (
    id          bigserial PRIMARY KEY,
    lft         integer NOT NULL,
    rgt         integer NOT NULL
);
