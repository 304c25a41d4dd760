-- Row-level security forced on a table, so it applies to its owner too: PostgreSQL refuses COPY
-- FROM into it, whatever its policy admits (this one admits only the owner's own notes).
CREATE TABLE author (id serial PRIMARY KEY, name text NOT NULL);
CREATE TABLE note (id serial PRIMARY KEY, owner text NOT NULL DEFAULT current_user, body text);
ALTER TABLE note ENABLE ROW LEVEL SECURITY;
ALTER TABLE note FORCE ROW LEVEL SECURITY;
CREATE POLICY note_own ON note USING (owner = current_user) WITH CHECK (owner = current_user);
