/**
 * Schema introspection: reads a PostgreSQL database's tables, columns, keys, foreign keys and CHECK
 * constraints from {@code pg_catalog} ({@link io.spate.db.postgres.PgIntrospector}), or a MariaDB
 * or MySQL database's from {@code information_schema} ({@link
 * io.spate.db.mariadb.MariaDbIntrospector}), into the {@link io.spate.protocol.schema} model, the
 * same for both. Output is deterministic (tables by name, columns by attribute number, constraints
 * by name) and never guesses: types outside the supported set become {@code SqlType.UNSUPPORTED}
 * and CHECKs outside the understood grammar become {@code Check.Unparsed}, both keeping the
 * database's own text. {@link io.spate.core.introspect.DdlSchema} reads the same model from a DDL
 * file, through JSqlParser, as the target's introspector would read the database the file creates.
 */
package io.spate.core.introspect;
