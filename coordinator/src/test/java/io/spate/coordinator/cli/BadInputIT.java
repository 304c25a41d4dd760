package io.spate.coordinator.cli;

import static java.nio.charset.StandardCharsets.UTF_8;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNotEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

import io.spate.worker.testing.TestDatabase;
import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.PrintStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.sql.Connection;
import java.sql.DriverManager;
import java.sql.SQLException;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.UUID;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * Bad input to the real command line ({@link SpateCli#run}) against a real PostgreSQL: every
 * mistake ends with a non-zero exit code, a reason on stderr that starts with {@code spate: error:}
 * and names what is wrong, and nothing written to the database.
 *
 * <p>A reason is one line. Only a planner failure with several problems may list them, one per
 * indented {@code " - "} line under the {@code spate: error:} line, so all are reported at once.
 */
class BadInputIT {

  private static final String ERROR = "spate: error:";
  private static final Pattern EXCEPTION_CLASS =
      Pattern.compile("\\b[a-z]\\w*(\\.\\w+)+(Exception|Error)\\b");

  @TempDir Path tmp;

  private TestDatabase db;

  @BeforeEach
  void createDatabase() {
    db = TestDatabase.create();
  }

  @AfterEach
  void dropDatabase() {
    if (db != null) {
      db.close();
    }
  }

  // ---- 1. wrong URL ----------------------------------------------------------------------------

  @Test
  void unsupportedDatabaseUrlIsRefusedNamingTheUrl() {
    givenAccountTable();
    String url = "jdbc:oracle:thin:@127.0.0.1:1521/shop";

    String error =
        assertOneLineError(spate("local", "--db", url, "--user", db.user(), "--threads", "2"));

    assertContains(error, url);
    assertContains(error, "jdbc:postgresql:");
    assertTableEmpty("account");
  }

  @Test
  void unreachablePortIsRefusedNamingTheUrl() {
    givenAccountTable();
    String url = "jdbc:postgresql://127.0.0.1:1/x";

    String error =
        assertOneLineError(spate("local", "--db", url, "--user", db.user(), "--threads", "2"));

    assertContains(error, url);
    assertTableEmpty("account");
  }

  @Test
  void missingDatabaseIsRefusedNamingTheDatabaseAndNotCreated() {
    givenAccountTable();
    String missing = db.name() + "_missing";
    String url = db.jdbcUrl().replace(db.name(), missing);

    String error =
        assertOneLineError(spate("local", "--db", url, "--user", db.user(), "--threads", "2"));

    assertContains(error, url);
    assertContains(error, "\"" + missing + "\"");
    assertContains(error, "does not exist");
    assertEquals(
        0,
        db.queryLong("SELECT count(*) FROM pg_database WHERE datname = '" + missing + "'"),
        "the missing database must not be created");
    assertTableEmpty("account");
  }

  // ---- 2. wrong credentials --------------------------------------------------------------------

  @Test
  void unknownUserIsRefusedNamingTheUser() {
    givenAccountTable();
    String user = "spate_nobody_" + UUID.randomUUID().toString().substring(0, 8);

    String error =
        assertOneLineError(spate("local", "--db", db.jdbcUrl(), "--user", user, "--threads", "2"));

    assertContains(error, user);
    assertContains(error, db.jdbcUrl());
    assertTableEmpty("account");
  }

  @Test
  void unsetPasswordVariableIsRefusedNamingTheVariable() {
    givenAccountTable();
    String variable =
        "UNSET_VAR_XYZ_"
            + UUID.randomUUID().toString().substring(0, 8).toUpperCase(java.util.Locale.ROOT);
    assumeTrue(System.getenv(variable) == null);

    String error = assertOneLineError(local("--password-env", variable));

    assertContains(error, "--password-env");
    assertContains(error, variable);
    assertContains(error, "not set");
    assertTableEmpty("account");
  }

  @Test
  void wrongPasswordIsRefusedNamingTheUserWithoutShowingThePassword() {
    givenAccountTable();
    // --password-env takes a variable name; HOME holds a value that is surely not the password.
    String wrong = System.getenv("HOME");
    assumeTrue(wrong != null && !wrong.isBlank(), "HOME is not set");
    assumeTrue(
        !acceptsAnyPassword(),
        "the server trusts every connection (trust auth), so no password is ever wrong");

    String error = assertOneLineError(local("--password-env", "HOME"));

    assertContains(error, db.user());
    assertFalse(error.contains(wrong), "the password must never be shown: " + error);
    assertTableEmpty("account");
  }

  // ---- 3. config problems ----------------------------------------------------------------------

  @Test
  void configWithUnknownTableAndUnknownColumnReportsBothAtOnce() throws IOException {
    givenAccountTable();
    Path config =
        config(
            """
        tables:
          acount:
            rows: 10
          account:
            columns:
              balanse: {value: "1"}
        """);

    List<String> problems = assertProblemList(local("--config", config.toString()));

    assertEquals(2, problems.size(), "exactly the two problems: " + problems);
    assertProblem(problems, "'acount'", "account"); // the unknown table, and the tables that exist
    assertProblem(problems, "account.balanse");
    assertTableEmpty("account");
  }

  @Test
  void configWithUnknownSettingKeyNamesTheKeyAndItsPath() throws IOException {
    givenAccountTable();
    Path config =
        config(
            """
        seed: 7
        tables:
          account:
            rowz: 10
        """);

    String error = assertOneLineError(local("--config", config.toString()));

    assertContains(error, "'tables.account.rowz'");
    assertContains(error, config.toString());
    assertTableEmpty("account");
  }

  // ---- 4. unsupported types --------------------------------------------------------------------

  @Test
  void unsupportedTypesAreNamedWithHowToConfigureAndASkippedColumnFills() throws IOException {
    db.execute(
        """
        CREATE TABLE place (id int PRIMARY KEY, location pg_lsn NOT NULL);
        CREATE TABLE search (id int PRIMARY KEY, query tsquery);
        """);

    List<String> problems = assertProblemList(local());

    assertEquals(2, problems.size(), "one problem per unsupported column: " + problems);
    // NOT NULL without a default: a fixed value fills it.
    assertProblem(problems, "place.location", "pg_lsn", "value: '...'");
    assertProblem(problems, "search.query", "tsquery", "skip: true");
    assertTableEmpty("place");
    assertTableEmpty("search");

    db.execute("DROP TABLE place");
    Path config =
        config(
            """
        tables:
          search:
            rows: 50
            columns:
              query: {skip: true}
        """);
    Run filled = local("--config", config.toString());

    assertEquals(
        0,
        filled.exit(),
        "skipping the nullable tsquery column lets the fill succeed:\n" + filled.err());
    assertEquals(50, db.queryLong("SELECT count(*) FROM search"));
    assertEquals(
        50,
        db.queryLong("SELECT count(*) FROM search WHERE query IS NULL"),
        "a skipped column gets its default, here NULL");
  }

  @Test
  void realWorldTypesSpateCannotKeepAreNamedBeforeAnythingIsWritten() throws IOException {
    db.execute(
        """
        CREATE TYPE mood AS ENUM ('sad', 'ok', 'happy');
        CREATE DOMAIN sku AS text CHECK (VALUE ~ '^[[:upper:]]{3}-[0-9]{4}$');
        CREATE TABLE item (id int PRIMARY KEY, code sku NOT NULL, spots pg_lsn[], m mood NOT NULL, ip inet NOT NULL, tag text);
        CREATE TABLE flagged (f boolean PRIMARY KEY);
        """);
    Path config =
        config(
            """
        tables:
          item:
            columns:
              ip: {min: "10.0.0.0"}
          flagged: {rows: 3}
        """);

    List<String> problems = assertProblemList(local("--config", config.toString()));

    assertProblem(problems, "item.spots", "pg_lsn[]", "skip: true");
    assertProblem(problems, "sku_check", "domain sku", "item.code", "VALUE ~", "values");
    assertProblem(problems, "item.ip", "the config", "min 10.0.0.0");
    assertProblem(problems, "flagged.f", "boolean", "unique");
    assertEquals(4, problems.size(), "one problem each: " + problems);
    assertTableEmpty("item");

    // Literals are checked once the plan stands: a value that is no label of the enum.
    db.execute(
        "DROP TABLE item, flagged; CREATE TABLE feeling (id int PRIMARY KEY, m mood NOT NULL)");
    Path labels = config("{tables: {feeling: {columns: {m: {values: [ok, angry]}}}}}");

    String error = assertOneLineError(local("--config", labels.toString()));

    assertContains(error, "'feeling'");
    assertContains(error, "column 'm' (mood): 'angry' is not a label of mood [sad, ok, happy]");
    assertTableEmpty("feeling");
  }

  // ---- 5. constraint violation during COPY -----------------------------------------------------

  @Test
  void checkViolationDuringCopyNamesTaskAndConstraintAndRollsBackEveryTask() throws IOException {
    db.execute("CREATE TABLE t (id int PRIMARY KEY, v int CHECK (v > 0))");
    Path config = config("{tables: {t: {rows: 500, columns: {v: {value: \"-1\"}}}}}");

    Run run =
        spate(
            "local",
            "--db",
            db.jdbcUrl(),
            "--user",
            db.user(),
            "--config",
            config.toString(),
            "--task-rows",
            "100",
            "--threads",
            "1");

    String error = assertOneLineError(run);
    assertContains(error, "t[0,100)"); // the task, with its rows
    assertContains(error, "violates check constraint");
    assertContains(error, "t_v_check");
    assertContains(error, "Failing row contains");
    assertContains(error, "rolled back");
    assertEquals(
        0, db.queryLong("SELECT count(*) FROM t"), "every task's transaction must roll back");
  }

  // ---- 6. non-empty tables ---------------------------------------------------------------------

  @Test
  void nonEmptyTableIsRefusedWithoutTruncateAndFilledWithIt() {
    givenAccountTable();
    db.execute("INSERT INTO account VALUES (1001, 5), (1002, 6), (1003, 7)");

    String error = assertOneLineError(local("--rows", "account=50"));

    assertContains(error, "account");
    assertContains(error, "--truncate");
    assertEquals(
        "1001,1002,1003",
        db.queryString("SELECT string_agg(id::text, ',' ORDER BY id) FROM account"),
        "existing rows untouched");

    Run truncated = local("--rows", "account=50", "--truncate");

    assertEquals(0, truncated.exit(), "with --truncate the fill runs:\n" + truncated.err());
    assertEquals(50, db.queryLong("SELECT count(*) FROM account"));
    assertEquals(
        0,
        db.queryLong("SELECT count(*) FROM account WHERE id IN (1001, 1002, 1003)"),
        "the old rows are gone");
  }

  // ---- 7. plan writes nothing ------------------------------------------------------------------

  @Test
  void planPrintsTheTpccTablesAndWritesNothing() {
    db.executeFile(TestDatabase.fixtureSchema("tpcc.sql"));

    Run run =
        spate(
            "plan",
            "--db",
            db.jdbcUrl(),
            "--user",
            db.user(),
            "--config",
            example("tpcc.yaml").toString());

    assertEquals(0, run.exit(), "plan must succeed:\n" + run.err());
    assertFalse(run.err().contains(ERROR), run.err());
    Map<String, Long> rows = plannedRows(run.out());
    assertEquals(
        List.of(
            "customer",
            "district",
            "history",
            "item",
            "new_order",
            "order_line",
            "orders",
            "stock",
            "warehouse"),
        rows.keySet().stream().sorted().toList(),
        "the 9 TPC-C tables:\n" + run.out());
    assertEquals(1, rows.get("warehouse"));
    assertEquals(10, rows.get("district"));
    assertEquals(30_000, rows.get("customer"));
    assertEquals(30_000, rows.get("history"));
    assertEquals(30_000, rows.get("orders"));
    assertEquals(9_000, rows.get("new_order"));
    assertEquals(100_000, rows.get("stock"));
    assertEquals(100_000, rows.get("item"));
    long orderLines = rows.get("order_line");
    assertTrue(
        orderLines >= 150_000 && orderLines <= 450_000, "5..15 lines per order, got " + orderLines);
    for (String table : rows.keySet()) {
      assertTableEmpty(table);
    }
  }

  // ---- 8. --rows for an unknown table ----------------------------------------------------------

  @Test
  void rowsForUnknownTableIsRefusedNamingIt() {
    givenAccountTable();

    String error = assertOneLineError(local("--rows", "acount=10"));

    assertContains(error, "--rows");
    assertContains(error, "'acount'");
    assertContains(error, "account"); // the tables there are
    assertTableEmpty("account");
  }

  // ---- helpers ---------------------------------------------------------------------------------

  private record Run(int exit, String out, String err) {}

  private static Run spate(String... args) {
    ByteArrayOutputStream out = new ByteArrayOutputStream();
    ByteArrayOutputStream err = new ByteArrayOutputStream();
    int exit;
    try (PrintStream o = new PrintStream(out, true, UTF_8);
        PrintStream e = new PrintStream(err, true, UTF_8)) {
      exit = SpateCli.run(args, o, e);
    }
    return new Run(exit, out.toString(UTF_8), err.toString(UTF_8));
  }

  /** {@code spate local} on the test database with two threads, plus {@code extra}. */
  private Run local(String... extra) {
    List<String> args =
        new ArrayList<>(
            List.of("local", "--db", db.jdbcUrl(), "--user", db.user(), "--threads", "2"));
    args.addAll(Arrays.asList(extra));
    return spate(args.toArray(String[]::new));
  }

  private void givenAccountTable() {
    db.execute("CREATE TABLE account (id int PRIMARY KEY, balance int)");
  }

  private void assertTableEmpty(String table) {
    assertEquals(
        0, db.queryLong("SELECT count(*) FROM " + table), "nothing may be written to " + table);
  }

  private Path config(String yaml) throws IOException {
    Path file = Files.createTempFile(tmp, "fill-", ".yaml");
    Files.writeString(file, yaml, UTF_8);
    return file;
  }

  /** Whether the server lets the test user in with a wrong password (trust authentication). */
  private boolean acceptsAnyPassword() {
    try (Connection c =
        DriverManager.getConnection(db.jdbcUrl(), db.user(), "wrong-" + UUID.randomUUID())) {
      return c.isValid(5);
    } catch (SQLException e) {
      return false;
    }
  }

  /**
   * Asserts a failed run whose reason is the last line of stderr, on one line starting with {@code
   * spate: error:}, with no exception class or stack trace; returns that line.
   */
  private static String assertOneLineError(Run run) {
    List<String> lines = errorLines(run);
    assertEquals(1, lines.size(), "the reason must be one line:\n" + run.err());
    return lines.get(0);
  }

  /**
   * Asserts a failed planning run: one {@code spate: error:} line, then one indented {@code " - "}
   * line per problem; returns the problems.
   */
  private static List<String> assertProblemList(Run run) {
    List<String> lines = errorLines(run);
    List<String> problems = lines.subList(1, lines.size());
    assertFalse(problems.isEmpty(), "expected a list of problems:\n" + run.err());
    for (String p : problems) {
      assertTrue(p.startsWith("  - "), "each problem on its own '  - ' line:\n" + run.err());
    }
    return problems.stream().map(p -> p.substring(4)).toList();
  }

  /** The lines from the (single) {@code spate: error:} line to the end of stderr. */
  private static List<String> errorLines(Run run) {
    assertNotEquals(0, run.exit(), "must fail; stdout:\n" + run.out() + "\nstderr:\n" + run.err());
    List<String> lines = run.err().lines().filter(l -> !l.isBlank()).toList();
    List<Integer> starts = new ArrayList<>();
    for (int i = 0; i < lines.size(); i++) {
      if (lines.get(i).startsWith(ERROR)) {
        starts.add(i);
      }
    }
    assertEquals(1, starts.size(), "exactly one '" + ERROR + "' line:\n" + run.err());
    List<String> reason = lines.subList(starts.get(0), lines.size());
    for (String line : reason) {
      assertFalse(line.trim().startsWith("at "), "no stack trace:\n" + run.err());
      assertFalse(EXCEPTION_CLASS.matcher(line).find(), "no exception class names:\n" + run.err());
    }
    return reason;
  }

  private static void assertContains(String text, String expected) {
    assertTrue(text.contains(expected), "expected '" + expected + "' in: " + text);
  }

  /** Asserts one problem mentions every one of {@code subjects}. */
  private static void assertProblem(List<String> problems, String... subjects) {
    assertTrue(
        problems.stream().anyMatch(p -> Arrays.stream(subjects).allMatch(p::contains)),
        "expected one problem naming "
            + Arrays.toString(subjects)
            + " in:\n  "
            + String.join("\n  ", problems));
  }

  /** Table name to rows, from the plan printer's table lines. */
  private static Map<String, Long> plannedRows(String out) {
    Pattern line = Pattern.compile("^(\\w+)\\s+(\\d+)\\s+\\S.*$");
    Map<String, Long> rows = new LinkedHashMap<>();
    for (String l : out.lines().toList()) {
      Matcher m = line.matcher(l);
      if (m.matches()) {
        rows.put(m.group(1), Long.parseLong(m.group(2)));
      }
    }
    return rows;
  }

  private static Path example(String fileName) {
    for (Path dir = Path.of("").toAbsolutePath(); dir != null; dir = dir.getParent()) {
      Path candidate = dir.resolve("examples").resolve(fileName);
      if (Files.isRegularFile(candidate)) {
        return candidate;
      }
    }
    throw new IllegalStateException(
        "no examples/" + fileName + " above " + Path.of("").toAbsolutePath());
  }
}
