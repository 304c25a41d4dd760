package io.spate.db.mariadb;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.spate.coordinator.Fills;
import io.spate.coordinator.testing.TestMariaDb;
import io.spate.core.config.FillConfig;
import io.spate.core.plan.FillSettings;
import io.spate.core.plan.Plans;
import io.spate.protocol.error.SpateException;
import io.spate.protocol.plan.FillPlan;
import io.spate.protocol.plan.TablePlan;
import io.spate.protocol.schema.Check;
import io.spate.protocol.schema.Check.CompareLiteral;
import io.spate.protocol.schema.Column;
import io.spate.protocol.schema.Partition;
import io.spate.protocol.schema.Schema;
import io.spate.protocol.schema.SqlType;
import io.spate.protocol.schema.Table;
import io.spate.protocol.schema.UniqueKey;
import io.spate.worker.testing.TestDatabase;
import java.nio.file.Path;
import java.sql.Connection;
import java.sql.SQLException;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;
import java.util.stream.Collectors;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;

/**
 * Introspects MariaDB schemas on the real server ({@link TestMariaDb}): TPC-C's MySQL twin against
 * PostgreSQL's tpcc.sql, and every mapped type.
 */
class MariaDbIntrospectorIT {

  private static TestMariaDb typesDb;
  private static Table types;

  @BeforeAll
  static void loadTypes() throws Exception {
    typesDb = TestMariaDb.withSchema(resource("mariadb-types.sql"));
    types = table(introspect(typesDb), "types");
  }

  @AfterAll
  static void dropTypes() {
    if (typesDb != null) {
      typesDb.close();
    }
  }

  static Path resource(String file) throws Exception {
    return Path.of(MariaDbIntrospectorIT.class.getResource("/schemas/" + file).toURI());
  }

  static Schema introspect(TestMariaDb db) throws SQLException {
    try (Connection c = db.connect()) {
      return MariaDbIntrospector.introspect(c, MariaDbIntrospector.chosenSchemas(c, List.of()));
    }
  }

  private static Table table(Schema schema, String id) {
    return schema.table(id).orElseThrow(() -> new AssertionError("no table " + id));
  }

  private static Column column(String name) {
    return types.column(name).orElseThrow(() -> new AssertionError("no column " + name));
  }

  /** The type-level facts of a column: what two databases' introspections must agree on. */
  private static String shape(Column c) {
    return c.name()
        + " "
        + c.type()
        + " "
        + c.length()
        + " "
        + c.precision()
        + " "
        + c.scale()
        + (c.nullable() ? " null" : " not null")
        + (c.identity() ? " identity" : "")
        + (c.generated() ? " generated" : "")
        + " "
        + c.enumLabels();
  }

  private static Map<String, Long> rows(FillPlan plan) {
    Map<String, Long> rows = new TreeMap<>();
    for (TablePlan t : plan.tables()) {
      rows.put(t.name(), t.rows());
    }
    return rows;
  }

  @Test
  void tpccTwinIntrospectsAndPlansAsPostgresTpcc() throws Exception {
    FillConfig config = FillConfig.load(Fills.example("tpcc.yaml"));
    Map<String, Long> oneWarehouse = Map.of("warehouse", 1L);
    Schema pg;
    FillPlan pgPlan;
    try (TestDatabase db = TestDatabase.withFixtureSchema("tpcc.sql")) {
      pg = Fills.schema(db);
      pgPlan = Fills.plan(db, config, oneWarehouse);
    }
    try (TestMariaDb db = TestMariaDb.withSchema(TestDatabase.fixtureSchema("tpcc-mysql.sql"))) {
      Schema maria = introspect(db);
      assertEquals(
          pg.tables().stream().map(Table::id).toList(),
          maria.tables().stream().map(Table::id).toList());
      for (Table p : pg.tables()) {
        Table m = table(maria, p.id());
        assertEquals(
            p.columns().stream().map(MariaDbIntrospectorIT::shape).toList(),
            m.columns().stream().map(MariaDbIntrospectorIT::shape).toList(),
            p.id());
        assertEquals(
            p.primaryKey() == null ? null : p.primaryKey().columns(),
            m.primaryKey() == null ? null : m.primaryKey().columns(),
            p.id());
        assertEquals(p.uniques(), m.uniques(), p.id());
        assertEquals(new HashSet<>(p.foreignKeys()), new HashSet<>(m.foreignKeys()), p.id());
        assertEquals(new HashSet<>(p.checks()), new HashSet<>(m.checks()), p.id());
      }
      FillPlan mariaPlan =
          Plans.checkedPlan(maria, FillSettings.of(config, null, null, null, oneWarehouse));
      assertEquals(rows(pgPlan), rows(mariaPlan));
      assertEquals(30_000L, rows(mariaPlan).get("customer"));
    }
  }

  @Test
  void integersMapToTheNarrowestTypeHoldingThemWithTheirRangeAsChecks() {
    assertEquals("id SMALLINT -1 -1 -1 not null identity []", shape(column("id")));
    assertEquals(SqlType.SMALLINT, column("t_signed").type());
    assertEquals(SqlType.SMALLINT, column("s_signed").type());
    assertEquals(SqlType.INTEGER, column("s_unsigned").type());
    assertEquals(SqlType.INTEGER, column("m_signed").type());
    assertEquals(SqlType.INTEGER, column("m_unsigned").type());
    assertEquals(SqlType.INTEGER, column("i_signed").type());
    assertEquals(SqlType.BIGINT, column("i_unsigned").type());
    assertEquals(SqlType.BIGINT, column("b_signed").type());
    assertEquals(SqlType.BIGINT, column("b_unsigned").type());
    assertEquals(List.of("1", "255"), bounds("id")); // AUTO_INCREMENT writes no 0
    assertEquals(List.of("-128", "127"), bounds("t_signed"));
    assertEquals(List.of(), bounds("s_signed"));
    assertEquals(List.of("0", "65535"), bounds("s_unsigned"));
    assertEquals(List.of("-8388608", "8388607"), bounds("m_signed"));
    assertEquals(List.of("0", "16777215"), bounds("m_unsigned"));
    assertEquals(List.of(), bounds("i_signed"));
    assertEquals(List.of("0", "4294967295"), bounds("i_unsigned"));
    assertEquals(List.of(), bounds("b_signed"));
    assertEquals(List.of("0", String.valueOf(Long.MAX_VALUE)), bounds("b_unsigned"));
    assertEquals(List.of("1901", "2155"), bounds("yr"));
    assertEquals(SqlType.SMALLINT, column("yr").type());
  }

  /** The literals of the CHECKs on {@code column} that carry its type's range, low then high. */
  private static List<String> bounds(String column) {
    return types.checks().stream()
        .filter(c -> c instanceof CompareLiteral l && l.column().equals(column))
        .map(c -> (CompareLiteral) c)
        .filter(l -> l.typeBound())
        .map(CompareLiteral::literal)
        .toList();
  }

  @Test
  void everyOtherTypeMapsWithItsLengthPrecisionAndLabels() {
    assertEquals("flag BOOLEAN -1 -1 -1 null []", shape(column("flag")));
    assertEquals("yes_no BOOLEAN -1 -1 -1 not null []", shape(column("yes_no")));
    assertEquals("0", column("yes_no").defaultExpr());
    assertEquals("price NUMERIC -1 10 2 not null []", shape(column("price")));
    assertEquals("ratio NUMERIC -1 6 4 null []", shape(column("ratio")));
    assertEquals(List.of(">=0"), checksOn("ratio"));
    assertEquals(SqlType.REAL, column("f").type());
    assertEquals(SqlType.DOUBLE, column("d").type());
    assertEquals("bits BIT 5 -1 -1 null []", shape(column("bits")));
    assertEquals("code CHAR 3 -1 -1 not null []", shape(column("code")));
    // drawn within its unique prefix, name(10)
    assertEquals("name VARCHAR 10 -1 -1 null []", shape(column("name")));
    // text limits are bytes: as many utf8mb4 characters as always fit
    assertEquals("tiny_note VARCHAR 63 -1 -1 null []", shape(column("tiny_note")));
    assertEquals("note TEXT 16383 -1 -1 null []", shape(column("note")));
    assertEquals(SqlType.TEXT, column("medium_note").type());
    assertEquals(SqlType.TEXT, column("long_note").type());
    assertEquals("raw4 BYTEA 4 -1 -1 null []", shape(column("raw4")));
    assertEquals("raw9 BYTEA 9 -1 -1 null []", shape(column("raw9")));
    for (String blob : List.of("tiny_blob", "body", "medium_blob", "long_blob")) {
      assertEquals(SqlType.BYTEA, column(blob).type(), blob);
    }
    assertEquals("mood ENUM -1 -1 -1 null [sad, ok, it's fine]", shape(column("mood")));
    assertEquals("tags ENUM -1 -1 -1 null [a, b, c]", shape(column("tags")));
    assertEquals("set('a','b','c')", column("tags").typeName());
    assertEquals(SqlType.DATE, column("born").type());
    assertEquals(SqlType.TIME, column("at_time").type());
    assertEquals(SqlType.TIMESTAMP, column("created").type());
    assertEquals(SqlType.TIMESTAMP, column("updated").type());
    assertEquals(List.of(">=1970-01-02 00:00:00", "<2038-01-18 00:00:00"), checksOn("updated"));
    assertEquals("doc JSON -1 -1 -1 null []", shape(column("doc")));
    assertTrue(types.checks().stream().noneMatch(c -> c.name().equals("doc")), "json_valid read");
    assertEquals(SqlType.UUID, column("uid").type());
    assertEquals(SqlType.INET, column("ip4").type());
    assertEquals(SqlType.INET, column("ip6").type());
    assertEquals(SqlType.UNSUPPORTED, column("shape").type());
    assertEquals("point", column("shape").typeName());
    assertTrue(column("twice").generated());
    assertTrue(column("stored").generated());
    assertFalse(column("i_signed").generated());
  }

  private static List<String> checksOn(String column) {
    return types.checks().stream()
        .filter(c -> c instanceof CompareLiteral l && l.column().equals(column))
        .map(c -> ((CompareLiteral) c).op() + ((CompareLiteral) c).literal())
        .toList();
  }

  @Test
  void keysPrefixKeysAndChecksInMariaDbsWords() {
    assertEquals(new UniqueKey("PRIMARY", List.of("id"), true), types.primaryKey());
    assertEquals(
        List.of(
            new UniqueKey("types_code", List.of("code"), false),
            new UniqueKey("types_name_prefix", List.of("name"), false)),
        types.uniques());
    List<Check> mine = types.checks().stream().filter(c -> c.name().startsWith("types_")).toList();
    assertEquals(
        List.of(
            new Check.Length("types_bytes", "code", "octet_length", "=", "3"),
            new Check.Matches("types_code_like", "code", "^C.*$", false),
            new CompareLiteral("types_mood", "mood", "<>", "sad"),
            new Check.Length("types_name_length", "name", "char_length", ">=", "2"),
            new Check.Length("types_name_length", "name", "char_length", "<=", "40"),
            new CompareLiteral("types_price", "price", ">=", "0"),
            new CompareLiteral("types_price", "price", "<=", "1000")),
        mine);
  }

  @Test
  void rangeListAndHashPartitionsBecomeLeaves() throws Exception {
    Schema schema = introspect(typesDb);
    assertEquals(
        List.of(
            new Partition("p_low", List.of(new Partition.Bound("id", List.of(), null, "1000"))),
            new Partition("p_mid", List.of(new Partition.Bound("id", List.of(), "1000", "2000"))),
            new Partition("p_top", List.of(new Partition.Bound("id", List.of(), "2000", null)))),
        table(schema, "by_range").partitions());
    assertEquals(
        List.of(
            new Partition(
                "p_eu", List.of(new Partition.Bound("region", List.of("EU", "UK"), null, null))),
            new Partition(
                "p_us", List.of(new Partition.Bound("region", List.of("US"), null, null)))),
        table(schema, "by_list").partitions());
    assertEquals(
        List.of("p0", "p1", "p2"),
        table(schema, "by_hash").partitions().stream().map(Partition::name).toList());
    assertTrue(table(schema, "by_hash").partitions().stream().allMatch(p -> p.bounds().isEmpty()));
    assertTrue(table(schema, "types").partitions().isEmpty());
  }

  @Test
  void aPartitionExpressionIsRefusedNamingTheTable() {
    try (TestMariaDb db = TestMariaDb.create()) {
      db.execute(
          "CREATE TABLE by_year (id int NOT NULL, day date NOT NULL, PRIMARY KEY (id, day))"
              + " PARTITION BY RANGE (YEAR(day)) (PARTITION p_old VALUES LESS THAN (2020),"
              + " PARTITION p_new VALUES LESS THAN MAXVALUE)");
      SpateException e = assertThrows(SpateException.class, () -> introspect(db));
      assertTrue(e.getMessage().contains("'by_year'"), e.getMessage());
      assertTrue(e.getMessage().contains("year(`day`)"), e.getMessage());
    }
  }

  @Test
  void anUnsignedTinyintKeyWithMoreRowsThanFitFailsBeforeWritingNamingTheRowsThatFit()
      throws Exception {
    try (TestMariaDb db = TestMariaDb.create()) {
      db.execute("CREATE TABLE tiny (id tinyint unsigned NOT NULL PRIMARY KEY, label varchar(10))");
      Schema schema = introspect(db);
      // by default the table is capped to what its key holds
      FillPlan capped =
          Plans.checkedPlan(schema, FillSettings.of(FillConfig.EMPTY, null, 1000L, null, Map.of()));
      assertEquals(256L, rows(capped).get("tiny"));
      SpateException e =
          assertThrows(
              SpateException.class,
              () ->
                  Plans.checkedPlan(
                      schema,
                      FillSettings.of(FillConfig.EMPTY, null, null, null, Map.of("tiny", 1000L))));
      assertTrue(e.getMessage().contains("tiny.id"), e.getMessage());
      assertTrue(e.getMessage().contains("tinyint(3) unsigned"), e.getMessage());
      assertTrue(e.getMessage().contains("`rows: 256`"), e.getMessage());
    }
  }

  @Test
  void theCurrentDatabaseIsThePublicSchemaAndSystemDatabasesAreSkipped() throws SQLException {
    try (Connection c = typesDb.connect()) {
      assertEquals(List.of(typesDb.name()), MariaDbIntrospector.chosenSchemas(c, List.of()));
      assertTrue(MariaDbIntrospector.introspect(c, List.of("mysql", "sys")).tables().isEmpty());
    }
    assertTrue(introspect(typesDb).tables().stream().allMatch(t -> t.schema().equals("public")));
    assertEquals(
        List.of("by_hash", "by_list", "by_range", "types"),
        introspect(typesDb).tables().stream().map(Table::id).collect(Collectors.toList()));
  }
}
