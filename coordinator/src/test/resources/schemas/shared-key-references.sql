-- Two composite unique keys over nullable foreign keys that share a column (issue 28, item 7):
-- a membership is unique per tenant and user, and per tenant and group (SharedKeyReferencesFillIT).
CREATE TABLE tenants (id serial PRIMARY KEY, name text NOT NULL);
CREATE TABLE users (id serial PRIMARY KEY, name text NOT NULL);
CREATE TABLE groups (id serial PRIMARY KEY, name text NOT NULL);
CREATE TABLE memberships (
    id        serial PRIMARY KEY,
    tenant_id integer REFERENCES tenants (id),
    user_id   integer REFERENCES users (id),
    group_id  integer REFERENCES groups (id),
    UNIQUE (tenant_id, user_id),
    UNIQUE (tenant_id, group_id)
);
