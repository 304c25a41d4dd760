package io.spate.core.introspect;

import static org.junit.jupiter.api.Assertions.assertEquals;

import io.spate.coordinator.testing.TestMariaDb;
import io.spate.db.mariadb.MariaDbIntrospector;
import io.spate.db.postgres.PgIntrospector;
import io.spate.protocol.schema.Column;
import io.spate.protocol.schema.ForeignKey;
import io.spate.protocol.schema.Schema;
import io.spate.protocol.schema.SqlType;
import io.spate.protocol.schema.Table;
import io.spate.protocol.schema.UniqueKey;
import io.spate.worker.testing.Fixtures;
import io.spate.worker.testing.TestDatabase;
import java.nio.file.Files;
import java.nio.file.Path;
import java.sql.Connection;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.MethodSource;

/**
 * The schema {@link DdlSchema} reads from a DDL file is the one the target's introspector reads
 * from a database the file created: PostgreSQL's whole schema, every field; MariaDB's tables,
 * columns, types, keys, foreign keys and CHECKs.
 */
class DdlSchemaIT {

  static List<String> fixtures() {
    return Fixtures.schemaNames();
  }

  @ParameterizedTest
  @MethodSource("fixtures")
  void aFixtureReadFromItsDdlIsWhatPostgresIntrospectsFromIt(String name) throws Exception {
    assertPostgresReadsAsTheFile(Fixtures.schemas().resolve(name + ".sql"));
  }

  @Test
  void aDumpOfManyTypesAndConstraintFormsReadsAsPostgresIntrospectsIt() throws Exception {
    assertPostgresReadsAsTheFile(resource("ddl-postgres.sql"));
  }

  @Test
  void tpccForMysqlReadsAsMariaDbIntrospectsIt() throws Exception {
    assertMariaDbReadsAsTheFile(Fixtures.schemas().resolve("tpcc-mysql.sql"));
  }

  @Test
  void aMysqldumpOfManyTypesReadsAsMariaDbIntrospectsIt() throws Exception {
    assertMariaDbReadsAsTheFile(resource("ddl-mysql.sql"));
  }

  private static void assertPostgresReadsAsTheFile(Path file) throws Exception {
    Schema introspected;
    try (TestDatabase db = TestDatabase.create()) {
      db.execute(Files.readString(file));
      try (Connection c = db.connect()) {
        introspected = PgIntrospector.introspect(c, PgIntrospector.chosenSchemas(c, List.of()));
      }
    }
    Schema read = DdlSchema.read(file, List.of()).schema();
    assertEquals(
        Fixtures.snapshotText(comparable(introspected)),
        Fixtures.snapshotText(comparable(read)),
        "" + file);
  }

  /**
   * The schema without what a file cannot tell: the OID the server gave an enum type, and the cast
   * PostgreSQL adds to a default ({@code 'ok'::shop.mood}).
   */
  private static Schema comparable(Schema schema) {
    return new Schema(
        schema.tables().stream()
            .map(
                t ->
                    new Table(
                        t.schema(),
                        t.name(),
                        t.columns().stream().map(DdlSchemaIT::comparable).toList(),
                        t.primaryKey(),
                        t.uniques(),
                        t.foreignKeys(),
                        t.checks(),
                        t.partitions(),
                        t.plainIndexes(),
                        t.writtenBy(),
                        t.barriers()))
            .toList());
  }

  private static Column comparable(Column c) {
    boolean ownType = c.type() == SqlType.ENUM;
    return new Column(
        c.name(),
        c.type(),
        c.typeName(),
        c.length(),
        c.precision(),
        c.scale(),
        c.nullable(),
        c.generated(),
        c.identity(),
        c.defaultExpr() == null ? null : c.defaultExpr().replaceFirst("^('.*')::[\\w.\"]+$", "$1"),
        ownType ? 0 : c.typeOid(),
        c.element() == null ? null : comparable(c.element()),
        c.enumLabels(),
        c.domainChecks());
  }

  private static void assertMariaDbReadsAsTheFile(Path file) throws Exception {
    Schema introspected;
    try (TestMariaDb db = TestMariaDb.withSchema(file);
        Connection c = db.connect()) {
      introspected =
          MariaDbIntrospector.introspect(c, MariaDbIntrospector.chosenSchemas(c, List.of()));
    }
    Schema read = DdlSchema.read(file, List.of()).schema();
    assertEquals(shape(introspected), shape(read), "" + file);
  }

  /**
   * What MariaDB's introspection and the file must agree on, table by bare name (MariaDB's schema
   * is the database's name): columns, keys, foreign keys and CHECKs.
   */
  private static List<String> shape(Schema schema) {
    List<String> lines = new ArrayList<>();
    for (Table t :
        schema.tables().stream().sorted(java.util.Comparator.comparing(Table::name)).toList()) {
      lines.add("table " + t.name());
      for (Column c : t.columns()) {
        lines.add(
            "  column %s %s length=%d precision=%d scale=%d nullable=%s identity=%s generated=%s labels=%s default=%s"
                .formatted(
                    c.name(),
                    c.type(),
                    c.length(),
                    c.precision(),
                    c.scale(),
                    c.nullable(),
                    c.identity(),
                    c.generated(),
                    c.enumLabels(),
                    c.defaultExpr() != null));
      }
      for (UniqueKey k : t.keys()) {
        lines.add("  key " + k.columns() + (k.primary() ? " primary" : ""));
      }
      for (ForeignKey fk : t.foreignKeys()) {
        lines.add(
            "  foreign key "
                + fk.columns()
                + " -> "
                + fk.refTable().substring(fk.refTable().indexOf('.') + 1)
                + fk.refColumns());
      }
      t.checks().stream()
          .map(c -> "  check " + c.toString().replaceFirst("name=[^,]*, ", ""))
          .sorted()
          .forEach(lines::add);
    }
    return lines;
  }

  private static Path resource(String file) throws Exception {
    return Path.of(DdlSchemaIT.class.getResource("/schemas/" + file).toURI());
  }
}
