package io.spate.coordinator;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;

import io.spate.coordinator.cli.SpateCli;
import io.spate.core.config.FillConfig;
import io.spate.core.plan.FillSettings;
import io.spate.core.plan.Plans;
import io.spate.db.postgres.PgIntrospector;
import io.spate.db.postgres.PostgresDialect;
import io.spate.db.postgres.PostgresServerChecks;
import io.spate.engine.run.TaskExecution;
import io.spate.engine.target.DatabaseSink;
import io.spate.engine.target.Outage;
import io.spate.engine.target.SessionSettings;
import io.spate.engine.target.TargetDialect;
import io.spate.engine.target.Triggers;
import io.spate.protocol.plan.FillPlan;
import io.spate.protocol.schema.ForeignKey;
import io.spate.protocol.schema.Schema;
import io.spate.protocol.schema.Table;
import io.spate.worker.testing.Await;
import io.spate.worker.testing.TestDatabase;
import java.io.ByteArrayOutputStream;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.sql.Connection;
import java.sql.SQLException;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;
import java.util.stream.Collectors;
import java.util.stream.Stream;
import javax.sql.DataSource;

/** Test helpers: run the real CLI against a test database and inspect what it wrote. */
public final class Fills {

  private Fills() {}

  /**
   * The DDL giving {@code role} the {@code tables} (so their sequences too) and the right to create
   * Spate's ledger schema in {@code db}: a role that owns its application's tables, nothing more.
   */
  public static String ownedBy(String role, TestDatabase db, String... tables) {
    StringBuilder ddl = new StringBuilder();
    for (String table : tables) {
      ddl.append("ALTER TABLE ").append(table).append(" OWNER TO ").append(role).append("; ");
    }
    return ddl + "GRANT CREATE ON DATABASE " + db.name() + " TO " + role + ";";
  }

  /** Drops {@code role}, which must own nothing (drop the databases it owned objects in first). */
  public static void dropRole(String role) {
    try (TestDatabase other = TestDatabase.create()) {
      other.execute("DROP ROLE IF EXISTS " + role);
    }
  }

  /** What one CLI run printed and returned. */
  public record Run(int exitCode, String out, String err) {}

  public static Run cli(String... args) {
    ByteArrayOutputStream out = new ByteArrayOutputStream();
    ByteArrayOutputStream err = new ByteArrayOutputStream();
    int code =
        SpateCli.run(
            args,
            new PrintStream(out, true, StandardCharsets.UTF_8),
            new PrintStream(err, true, StandardCharsets.UTF_8));
    return new Run(
        code, out.toString(StandardCharsets.UTF_8), err.toString(StandardCharsets.UTF_8));
  }

  /**
   * Runs {@code spate local} on the database with extra arguments; fails the test on a non-zero
   * exit.
   */
  public static Run local(TestDatabase db, String... extra) {
    Run run = cli(localArgs(db, extra));
    assertEquals(0, run.exitCode(), () -> "spate local failed:\n" + run.err() + run.out());
    return run;
  }

  /**
   * The exactly-once path a worker runs each task through, on {@code target} with the server's
   * triggers on and the default session settings, riding out no outage.
   */
  public static TaskExecution taskExecution(DataSource target, TargetDialect dialect) {
    return new TaskExecution(
        new DatabaseSink(target, dialect, Triggers.Mode.ON, SessionSettings.DEFAULT, n -> {}),
        Outage.NONE);
  }

  /** The command line of {@code spate local} on the database, then {@code extra}. */
  public static String[] localArgs(TestDatabase db, String... extra) {
    List<String> args =
        new ArrayList<>(List.of("local", "--db", db.jdbcUrl(), "--user", db.user()));
    args.addAll(List.of(extra));
    return args.toArray(String[]::new);
  }

  /** Waits until no session but this test's is connected to the database (a killed fill's). */
  public static void awaitNoOtherSessions(TestDatabase db) throws InterruptedException {
    String others =
        "SELECT count(*) FROM pg_stat_activity"
            + " WHERE datname = current_database() AND pid <> pg_backend_pid()";
    Await.until(
        () -> db.queryLong(others) == 0,
        Duration.ofSeconds(60),
        "the killed fill's sessions to close",
        () -> db.queryLong(others) + " still open");
  }

  /**
   * A new database holding {@code schema}, filled by {@code spate local} with the arguments, then
   * the extra ones.
   */
  public static TestDatabase filled(String schema, String[] args, String... extra) {
    TestDatabase db = TestDatabase.create();
    db.execute(schema);
    List<String> all = new ArrayList<>(List.of(args));
    all.addAll(List.of(extra));
    local(db, all.toArray(String[]::new));
    return db;
  }

  /** A fixture schema of the coordinator's tests, {@code src/test/resources/schemas/<file>}. */
  public static String schema(String file) {
    try (var in = Fills.class.getResourceAsStream("/schemas/" + file)) {
      if (in == null) {
        throw new IllegalStateException("no test resource schemas/" + file);
      }
      return new String(in.readAllBytes(), StandardCharsets.UTF_8);
    } catch (java.io.IOException e) {
      throw new java.io.UncheckedIOException(e);
    }
  }

  public static Path example(String name) {
    for (Path dir = Path.of("").toAbsolutePath(); dir != null; dir = dir.getParent()) {
      Path candidate = dir.resolve("examples").resolve(name);
      if (Files.isRegularFile(candidate)) {
        return candidate;
      }
    }
    throw new IllegalStateException("no examples/" + name);
  }

  /** The plan the CLI would make with no {@code --schema}, from the same introspection. */
  public static FillPlan plan(TestDatabase db, FillConfig config, Map<String, Long> rows)
      throws SQLException {
    try (Connection c = db.connect()) {
      return Plans.checkedPlan(
          schema(db),
          FillSettings.of(config, null, null, null, rows),
          c,
          new PostgresServerChecks(c, note -> {}));
    }
  }

  /** The job id a {@code spate local} of {@code plan} into {@code db} runs under. */
  public static String localJobId(TestDatabase db, FillPlan plan) throws SQLException {
    try (Connection c = db.connect()) {
      return io.spate.core.local.LocalFill.jobId(plan, PostgresDialect.INSTANCE.identity(c, plan));
    }
  }

  /** The tables of every schema a fill takes with no {@code --schema}. */
  public static Schema schema(TestDatabase db) throws SQLException {
    try (Connection c = db.connect()) {
      return PgIntrospector.introspect(c, PgIntrospector.chosenSchemas(c, List.of()));
    }
  }

  public static List<Table> tables(TestDatabase db) throws SQLException {
    return schema(db).tables();
  }

  /** Per-table checksum of every row's text, in a fixed order: equal only for identical tables. */
  public static Map<String, String> checksums(TestDatabase db) throws SQLException {
    Map<String, String> sums = new TreeMap<>();
    for (Table t : tables(db)) {
      sums.put(
          t.id(),
          db.queryString(
              "SELECT coalesce(md5(string_agg(x::text, '|' ORDER BY x::text)), 'empty') FROM "
                  + t.qualifiedName()
                  + " x"));
    }
    return sums;
  }

  /** Rows of each table whose foreign key finds no parent row (NULL keys excepted). */
  public static Map<String, Long> orphans(TestDatabase db) throws SQLException {
    Map<String, Long> orphans = new TreeMap<>();
    Schema schema = schema(db);
    for (Table t : schema.tables()) {
      for (ForeignKey fk : t.foreignKeys()) {
        String join =
            Stream.iterate(0, i -> i + 1)
                .limit(fk.columns().size())
                .map(
                    i ->
                        "p."
                            + Table.quote(fk.refColumns().get(i))
                            + " = c."
                            + Table.quote(fk.columns().get(i)))
                .collect(Collectors.joining(" AND "));
        String notNull =
            fk.columns().stream()
                .map(col -> "c." + Table.quote(col) + " IS NOT NULL")
                .collect(Collectors.joining(" AND "));
        long n =
            db.queryLong(
                "SELECT count(*) FROM "
                    + t.qualifiedName()
                    + " c WHERE "
                    + notNull
                    + " AND NOT EXISTS (SELECT 1 FROM "
                    + schema.table(fk.refTable()).orElseThrow().qualifiedName()
                    + " p WHERE "
                    + join
                    + ")");
        orphans.put(t.id() + "." + fk.name(), n);
      }
    }
    return orphans;
  }

  /**
   * Every constraint and index of the database's own schemas (not the system's nor the ledger's),
   * one line each: table, name, definition ({@code NOT VALID} included when the server does not
   * hold the constraint validated), and each index's definition ({@code INVALID} when it is not
   * valid). The same list before and after a fill means the fill changed no constraint.
   */
  public static List<String> constraints(TestDatabase db) {
    return List.of(
        db.queryString(
                """
                SELECT string_agg(line, chr(10) ORDER BY line) FROM (
                  SELECT con.conrelid::regclass || ' ' || con.conname || ' '
                         || pg_get_constraintdef(con.oid) AS line
                  FROM pg_constraint con JOIN pg_namespace n ON n.oid = con.connamespace
                  WHERE n.nspname NOT LIKE 'pg\\_%' AND n.nspname NOT IN ('information_schema', 'spate')
                  UNION ALL
                  SELECT pg_get_indexdef(i.indexrelid) || CASE WHEN i.indisvalid THEN '' ELSE ' INVALID' END
                  FROM pg_index i JOIN pg_class ic ON ic.oid = i.indexrelid
                  JOIN pg_namespace n ON n.oid = ic.relnamespace
                  WHERE n.nspname NOT LIKE 'pg\\_%' AND n.nspname NOT IN ('information_schema', 'spate')
                ) lines
                """)
            .split("\n"));
  }

  public static Map<String, Long> rowCounts(TestDatabase db) throws SQLException {
    Map<String, Long> counts = new TreeMap<>();
    for (Table t : tables(db)) {
      counts.put(t.id(), db.queryLong("SELECT count(*) FROM " + t.qualifiedName()));
    }
    return counts;
  }

  /**
   * A new database holding the fixture, filled by {@code spate local} with the arguments, with no
   * exception printed, checked by {@link #assertValid}.
   */
  public static TestDatabase filledValidly(String fixture, String... args) throws Exception {
    TestDatabase db = TestDatabase.create();
    db.execute(schema(fixture));
    List<String> constraints = constraints(db);
    Run run = local(db, args);
    assertFalse(run.err().contains("Exception"), run.err());
    assertValid(db, constraints);
    return db;
  }

  /** No row is an orphan, and every constraint is as it was before the fill and valid. */
  public static void assertValid(TestDatabase db, List<String> constraintsBefore) throws Exception {
    Map<String, Long> orphans = orphans(db);
    assertEquals(0L, orphans.values().stream().mapToLong(Long::longValue).sum(), orphans::toString);
    List<String> constraints = constraints(db);
    assertEquals(constraintsBefore, constraints, "the fill left every constraint as it was");
    assertFalse(
        constraints.stream().anyMatch(c -> c.contains("NOT VALID") || c.endsWith(" INVALID")),
        constraints::toString);
  }
}
