package io.spate.core.introspect;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.spate.protocol.error.SpateException;
import io.spate.protocol.schema.Check;
import io.spate.protocol.schema.Column;
import io.spate.protocol.schema.Schema;
import io.spate.protocol.schema.SqlType;
import io.spate.protocol.schema.Table;
import io.spate.worker.testing.Fixtures;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.MethodSource;

/**
 * {@link DdlSchema} without a server: the fixtures' DDL reads as their PostgreSQL snapshots (what
 * {@code PgIntrospector} read from a database they created; {@code DdlSchemaIT} compares live), the
 * MySQL twins as the same tables, and what cannot be read is reported by file, line and statement.
 */
class DdlSchemaTest {

  static List<String> fixtures() {
    return Fixtures.schemaNames();
  }

  private static DdlSchema.Reading read(String ddl) {
    return DdlSchema.read("schema.sql", ddl, List.of());
  }

  @ParameterizedTest
  @MethodSource("fixtures")
  void aFixtureReadFromItsDdlIsWhatPostgresIntrospects(String name) {
    Schema read = DdlSchema.read(Fixtures.schemas().resolve(name + ".sql"), List.of()).schema();
    assertEquals(Fixtures.snapshotText(Fixtures.snapshot(name)), Fixtures.snapshotText(read));
  }

  @ParameterizedTest
  @MethodSource("fixtures")
  void aMysqlTwinHasItsFixturesTablesColumnsAndKeys(String name) {
    java.nio.file.Path twin = Fixtures.schemas().resolve(name + Fixtures.MYSQL_TWIN + ".sql");
    if (!java.nio.file.Files.exists(twin)) {
      return;
    }
    DdlSchema.Reading mysql = DdlSchema.read(twin, List.of());
    assertTrue(
        mysql.notes().getFirst().contains("read as MySQL/MariaDB ("), mysql.notes().getFirst());
    Schema pg = Fixtures.snapshot(name);
    assertEquals(shape(pg), shape(mysql.schema()));
  }

  /** Tables, columns with their types and nullability, keys and foreign keys, one line each. */
  private static List<String> shape(Schema schema) {
    return schema.tables().stream()
        .flatMap(
            t ->
                java.util.stream.Stream.concat(
                    t.columns().stream()
                        .map(
                            c ->
                                t.id()
                                    + "."
                                    + c.name()
                                    + " "
                                    + c.type()
                                    + " "
                                    + c.length()
                                    + " "
                                    + c.precision()
                                    + " "
                                    + c.scale()
                                    + " "
                                    + c.nullable()),
                    java.util.stream.Stream.concat(
                        t.keys().stream().map(k -> t.id() + " key " + k.columns()),
                        t.foreignKeys().stream()
                            .map(
                                f ->
                                    t.id()
                                        + " "
                                        + f.name()
                                        + " "
                                        + f.columns()
                                        + " "
                                        + f.refTable()
                                        + f.refColumns()))))
        .toList();
  }

  @Test
  void aMysqlTypeNarrowerThanItsProtocolTypeIsSaidAsChecks() {
    Table t =
        read("CREATE TABLE t (id int unsigned NOT NULL AUTO_INCREMENT PRIMARY KEY,"
                + " small tinyint, flag tinyint(1), mood enum('a','b''c'), at timestamp NULL)"
                + " ENGINE=InnoDB")
            .schema()
            .tables()
            .getFirst();
    Column id = t.column("id").orElseThrow();
    assertEquals(SqlType.BIGINT, id.type());
    assertTrue(id.identity());
    assertEquals(SqlType.BOOLEAN, t.column("flag").orElseThrow().type());
    assertEquals(List.of("a", "b'c"), t.column("mood").orElseThrow().enumLabels());
    assertTrue(
        t.checks().contains(new Check.CompareLiteral("range of int unsigned", "id", ">=", "1")),
        "" + t.checks());
    assertTrue(
        t.checks().contains(new Check.CompareLiteral("range of tinyint", "small", "<=", "127")));
    assertTrue(
        t.checks()
            .contains(
                new Check.CompareLiteral("range of timestamp", "at", "<", "2038-01-18 00:00:00")));
  }

  @Test
  void unnamedConstraintsAreNamedAsPostgresNamesThem() {
    Table t =
        read("CREATE TABLE t (a int CHECK (a > 0), b int, c int UNIQUE, CHECK (a < b), CHECK (b > a),"
                + " PRIMARY KEY (a, b), FOREIGN KEY (c) REFERENCES t (c))")
            .schema()
            .tables()
            .getFirst();
    assertEquals("t_pkey", t.primaryKey().name());
    assertEquals("t_c_key", t.uniques().getFirst().name());
    assertEquals("t_c_fkey", t.foreignKeys().getFirst().name());
    assertEquals(
        List.of("t_a_check", "t_check", "t_check1"),
        t.checks().stream().map(Check::name).distinct().toList());
  }

  @Test
  void whatDoesNotShapeTheRowsIsSkippedAndSaid() {
    DdlSchema.Reading reading =
        read(
            "SET x = 1;\nCREATE EXTENSION citext;\nCOMMENT ON TABLE t IS 'x';\n"
                + "CREATE TABLE t (id int PRIMARY KEY);\nCREATE INDEX ON t (id);\n"
                + "CREATE FUNCTION f() RETURNS int AS $q$ SELECT 1; $q$ LANGUAGE sql;\n"
                + "GRANT SELECT ON t TO PUBLIC;");
    assertEquals(1, reading.schema().tables().getFirst().plainIndexes());
    String skipped = reading.notes().get(1);
    assertTrue(skipped.contains("SET (line [1])"), skipped);
    assertTrue(skipped.contains("CREATE EXTENSION (line [2])"), skipped);
    assertTrue(skipped.contains("CREATE FUNCTION (line [6])"), skipped);
    assertTrue(skipped.contains("GRANT (line [7])"), skipped);
  }

  @Test
  void everyStatementThatCannotBeReadIsNamedByFileAndLine() {
    SpateException e =
        assertThrows(
            SpateException.class,
            () ->
                read(
                    "CREATE TABLE t (\n  id int PRIMARY KEY,\n  shape geometry\n);\n"
                        + "ALTER TABLE t ADD CHECK (id > 0);\n"
                        + "CREATE DOMAIN d AS int;\n"
                        + "CREATE TABLE u (t_id int REFERENCES elsewhere);"));
    String message = e.getMessage();
    assertTrue(message.startsWith("cannot read the schema from schema.sql (4 problems)"), message);
    assertTrue(
        message.contains(
            "schema.sql:1: column t.shape has type geometry, which Spate does not map"
                + " to a PostgreSQL type it generates, in: CREATE TABLE t ( id int PRIMARY KEY,"),
        message);
    assertTrue(
        message.contains("schema.sql:5: the SQL parser cannot read this statement"), message);
    assertTrue(message.contains("schema.sql:6: Spate reads no CREATE DOMAIN"), message);
    assertTrue(
        message.contains(
            "schema.sql:7: foreign key u_t_id_fkey of table u references table"
                + " elsewhere, which the file does not create"),
        message);
  }

  @Test
  void schemasNarrowTheTablesRead() {
    Schema schema =
        DdlSchema.read(Fixtures.schemas().resolve("multischema.sql"), List.of("billing")).schema();
    assertEquals(
        List.of("billing.account", "billing.invoice"),
        schema.tables().stream().map(Table::id).toList());
  }
}
