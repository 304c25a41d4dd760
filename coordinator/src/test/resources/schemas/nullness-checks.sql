-- CHECKs kept by writing nullable columns NULL (issue 13): graphile/starter's invitations (a user
-- or an email, a code exactly when an email), Philomena's polymorphic reports (at most one of the
-- targets), a count of NULLs and a plain column a CHECK wants NULL.
CREATE EXTENSION IF NOT EXISTS citext;

CREATE TABLE users (id serial PRIMARY KEY, name text NOT NULL);
CREATE TABLE organizations (id serial PRIMARY KEY, name text NOT NULL);
CREATE TABLE images (id serial PRIMARY KEY);
CREATE TABLE comments (id serial PRIMARY KEY);
CREATE TABLE posts (id serial PRIMARY KEY);

CREATE TABLE organization_invitations (
  id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
  organization_id int NOT NULL REFERENCES organizations,
  code text,
  user_id int REFERENCES users,
  email citext,
  CHECK ((user_id IS NULL) <> (email IS NULL)),
  CHECK ((code IS NULL) = (email IS NULL)),
  UNIQUE (organization_id, user_id),
  UNIQUE (organization_id, email));

CREATE TABLE reports (
  id serial PRIMARY KEY,
  reason text NOT NULL,
  image_id int REFERENCES images,
  comment_id int REFERENCES comments,
  post_id int REFERENCES posts,
  reported_user_id int REFERENCES users,
  CHECK (num_nonnulls(image_id, comment_id, post_id, reported_user_id) <= 1));

CREATE TABLE notifications (
  id serial PRIMARY KEY,
  user_id int REFERENCES users,
  report_id int REFERENCES reports,
  note text,
  CHECK (num_nulls(user_id, report_id) = 1),
  CHECK (note IS NULL OR user_id IS NULL));

-- listmonk's roles: a nullable self-reference (set in a second pass) inside a unique index.
CREATE TABLE lists (id serial PRIMARY KEY, name text NOT NULL);
CREATE TABLE roles (
  id serial PRIMARY KEY,
  parent_id int REFERENCES roles (id) ON DELETE CASCADE,
  list_id int REFERENCES lists (id) ON DELETE CASCADE,
  name text);
CREATE UNIQUE INDEX idx_roles ON roles (parent_id, list_id);
