-- shop: the application schema of the JUnit example (examples/junit-example) and of spate-api's
-- and spate-junit's integration tests. Five tables: two roots, orders per customer, their lines and
-- payments.
CREATE TABLE customer (
    id         bigint PRIMARY KEY,
    email      text NOT NULL UNIQUE,
    name       text NOT NULL,
    created_at timestamptz NOT NULL
);

CREATE TABLE product (
    id    bigint PRIMARY KEY,
    sku   text NOT NULL UNIQUE,
    title text NOT NULL,
    price numeric(10, 2) NOT NULL CHECK (price > 0)
);

CREATE TABLE orders (
    id          bigint PRIMARY KEY,
    customer_id bigint NOT NULL REFERENCES customer (id),
    status      text NOT NULL CHECK (status IN ('new', 'paid', 'shipped', 'cancelled')),
    placed_at   timestamptz NOT NULL
);

CREATE TABLE order_line (
    order_id   bigint NOT NULL REFERENCES orders (id),
    line_no    integer NOT NULL,
    product_id bigint NOT NULL REFERENCES product (id),
    quantity   integer NOT NULL CHECK (quantity BETWEEN 1 AND 10),
    PRIMARY KEY (order_id, line_no)
);

CREATE TABLE payment (
    id       bigint PRIMARY KEY,
    order_id bigint NOT NULL REFERENCES orders (id),
    amount   numeric(12, 2) NOT NULL CHECK (amount >= 0),
    paid_at  timestamptz
);
