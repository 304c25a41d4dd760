package io.spate.core.target;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNotEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

import io.spate.coordinator.Fills;
import io.spate.coordinator.submit.SpateProcess;
import io.spate.core.config.FillConfig;
import io.spate.core.local.LocalJob;
import io.spate.core.plan.FillSettings;
import io.spate.engine.generate.Engine;
import io.spate.engine.run.TaskExecution;
import io.spate.engine.target.TargetDialect;
import io.spate.engine.target.TargetKind;
import io.spate.engine.target.Targets;
import io.spate.engine.target.TaskLedger;
import io.spate.protocol.plan.FillPlan;
import io.spate.protocol.plan.TargetIdentity;
import io.spate.protocol.plan.Task;
import io.spate.protocol.schema.Table;
import io.spate.worker.testing.Await;
import java.sql.Connection;
import java.sql.DriverManager;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.sql.Statement;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.TreeMap;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.TimeUnit;
import java.util.function.BooleanSupplier;
import java.util.function.Supplier;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import javax.sql.DataSource;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.TestInstance;

/**
 * The contract every target passes: what a database module must show against its real server before
 * Spate calls it a target ({@code docs/adding-a-target.md}, "Definition of done"). Each test drives
 * the target only through the seam ({@code spate local} on its JDBC URL, {@link TargetDialect} and
 * {@link TargetSteps} as {@link TargetKind#of} finds them); a database module takes part with one
 * subclass.
 *
 * <p>The contract a subclass implements is small:
 *
 * <ul>
 *   <li>{@link #createDatabase()}: a fresh, empty database on a real server of the target, its URL
 *       and user, dropped on close;
 *   <li>{@link #fixtureDdl()}: the suite's fixture ({@code schemas/contract-pg.sql} is the
 *       reference) in the target's dialect: five tables with a sample of keys and types;
 *   <li>{@link Database#checksums()}: per table, a digest of its rows computed by the server, equal
 *       only for tables holding the same rows, in any order;
 *   <li>{@link Database#terminateOtherSessions()}: ends every session on the database but the
 *       caller's, as a server restart would.
 * </ul>
 *
 * <p>Row counts and the ledger are read through the seam itself ({@link TargetSteps#introspect},
 * {@link TargetDialect#tableName}, {@link TargetDialect#ledger()}). Fills run in this JVM ({@link
 * Fills#cli}), but the one killed with SIGKILL, a process of the packaged jar ({@link
 * SpateProcess}).
 */
@TestInstance(TestInstance.Lifecycle.PER_CLASS)
public abstract class TargetContractIT {

  /** A fresh, empty database of the target, dropped on {@link #close()}. */
  protected interface Database extends AutoCloseable {

    /** The JDBC URL {@code spate local --db} takes for this database. */
    String url();

    String user();

    String password();

    /** Runs one or more SQL statements. */
    void execute(String sql);

    /**
     * Per table of the database (by name), a digest of its rows computed by the server: equal for
     * two tables only when they hold the same rows, whatever their physical order.
     */
    Map<String, String> checksums() throws SQLException;

    /**
     * Ends every session connected to this database but the caller's, as a restart would; returns
     * how many it ended.
     */
    int terminateOtherSessions() throws SQLException;

    @Override
    void close();
  }

  /** A fresh, empty database on a real server of the target. */
  protected abstract Database createDatabase();

  /** The fixture's DDL in the target's dialect: {@code schemas/contract-pg.sql}'s tables. */
  protected abstract String fixtureDdl();

  /**
   * Whether the target has sessions a server can end ({@link Database#terminateOtherSessions}); an
   * embedded database (SQLite) has none, and skips the test of cut connections, saying why.
   */
  protected boolean hasSessions() {
    return true;
  }

  private static final List<String> TABLES =
      List.of("audit_log", "customer", "order_tag", "orders", "region");

  /** The small fill of the determinism test: every table gets its default 1000 rows. */
  private static final String[] SMALL = {"--seed", "20240615"};

  /** A fill long enough to be cut in the middle: 34 tasks, 30 of them orders'. */
  private static final String[] LONG = {
    "--seed", "20240615", "--rows", "orders=300000", "--task-rows", "10000", "--threads", "2"
  };

  private static final int LONG_TASKS = 34;

  private static final Pattern TASK_RANGE = Pattern.compile(".+\\[(\\d+),(\\d+)\\)");

  private static final Pattern PLANNED_TASKS = Pattern.compile("plan: .*, (\\d+) tasks");

  /** The checksums of an undisturbed {@link #LONG} fill, made once by the first test to need it. */
  private Map<String, String> longReference;

  @Test
  void sameChecksumsForEveryTableAcrossThreadCountsAndTaskSizes() throws Exception {
    Map<String, String> reference = fill(SMALL, "--threads", "1", "--task-rows", "1000");
    assertEquals(TABLES, List.copyOf(reference.keySet()), "every table has its digest");
    assertEquals(reference.size(), reference.values().stream().distinct().count(), "digests vary");

    for (String[] run :
        List.of(
            new String[] {"--threads", "2", "--task-rows", "1000"},
            new String[] {"--threads", "1", "--task-rows", "100"},
            new String[] {"--threads", "2", "--task-rows", "100"})) {
      assertEquals(reference, fill(SMALL, run), () -> "with " + String.join(" ", run));
    }
    // the digests see the rows: another seed changes every table with drawn values (region's are
    // a key and a unique name, both functions of the row index alone)
    Map<String, String> otherSeed = fill(new String[] {"--seed", "7"}, "--threads", "2");
    for (String table : List.of("audit_log", "customer", "order_tag", "orders")) {
      assertNotEquals(reference.get(table), otherSeed.get(table), table + " ignored the seed");
    }
  }

  @Test
  void aFillWhoseTasksAreAllInTheLedgerIsSkippedOnResume() throws Exception {
    String[] small = {"--seed", "20240615", "--task-rows", "400", "--threads", "2"};
    try (Database db = fixture()) {
      Fills.Run first = local(db, small);
      int tasks = plannedTasks(first.err() + first.out());
      assertEquals(15, tasks, "three tasks a table");
      Map<String, String> filled = db.checksums();

      Fills.Run again = cli(db, small);
      assertEquals(1, again.exitCode(), again.out());
      assertTrue(
          again.err().contains("the ledger holds " + tasks + " of the " + tasks + " tasks")
              && again.err().contains("add --resume"),
          again.err());

      Fills.Run resumed = local(db, concat(small, "--resume"));
      assertTrue(
          resumed
              .out()
              .contains(
                  "resumed: skipped " + tasks + " of " + tasks + " tasks already in the ledger"),
          resumed.out());
      assertEquals(filled, db.checksums(), "the skipped fill wrote nothing");
      assertEquals(rowsByTable(1000), rowCounts(db));
      try (Targets targets = targets(db)) {
        assertEquals(tasks, ledgerTasks(targets));
      }
    }
  }

  /**
   * A second execution of a task passes the ledger check, then the first execution commits (run
   * from the second's {@link TaskExecution.Listener#started()} hook, after its check): the second
   * meets the first's rows or ledger row, rolls back and is skipped. Shown for a keyed table (the
   * rows clash first) and for a keyless one (only the ledger row clashes).
   */
  @Test
  void aTaskExecutedTwiceWritesItsRowsOnce() throws Exception {
    try (Database db = fixture();
        Targets targets = targets(db)) {
      DataSource target = targets.dataSource(Targets.DEFAULT);
      FillPlan plan = plan(db, Map.of("region", 100L, "audit_log", 100L));
      TargetDialect dialect = targets.dialect(Targets.DEFAULT);
      TaskExecution execution = Fills.taskExecution(target, dialect);
      Engine engine = new Engine(plan);

      for (String table : List.of("region", "audit_log")) {
        Task task = plan.tasks().stream().filter(t -> t.table().equals(table)).findFirst().get();
        List<TaskExecution.Result> first = new ArrayList<>();
        TaskExecution.Result second =
            execution.run(
                engine,
                new TaskExecution.Assignment("twice", task, "second", 1),
                new TaskExecution.Listener() {
                  @Override
                  public void started() {
                    first.add(
                        execution.run(
                            engine,
                            new TaskExecution.Assignment("twice", task, "first", 1),
                            new TaskExecution.Listener() {}));
                  }
                });

        assertEquals(
            List.of(new TaskExecution.Result(TaskExecution.Outcome.SUCCEEDED, 100)), first, table);
        assertEquals(new TaskExecution.Result(TaskExecution.Outcome.SKIPPED, 100), second, table);
        assertEquals(100L, rowCounts(db).get(table), table + " holds the first execution's rows");
        assertEquals(
            Optional.of(new TaskLedger.Finished(100, "first", 1)),
            dialect.ledger().finished(target, "twice", task.id()),
            table);
      }
    }
  }

  /**
   * A worker refuses a job whose planned identity does not match the database it writes ({@code
   * TaskRunner}: the job's {@link TargetIdentity#mismatch} with the one its target reads): the
   * identity is the same for any session of the database, another for another database with the
   * same tables, and another once a planned table's definition changes.
   */
  @Test
  void aJobPlannedForOneDatabaseIsRefusedOnAnother() throws Exception {
    try (Database planned = fixture();
        Database other = fixture();
        Targets onPlanned = targets(planned);
        Targets onOther = targets(other)) {
      FillPlan plan = plan(planned, Map.of());
      TargetIdentity identity = identity(onPlanned, plan);
      String where = "target \"default\" of worker w-1";

      assertEquals(Optional.empty(), identity.mismatch(identity(onPlanned, plan), where));

      String refused = identity.mismatch(identity(onOther, plan), where).orElseThrow();
      assertTrue(
          refused.contains(identity.describeDatabase())
              && refused.contains(where + " is " + identity(onOther, plan).describeDatabase())
              && !identity(onOther, plan).describeDatabase().equals(identity.describeDatabase()),
          refused);

      planned.execute("ALTER TABLE customer ADD COLUMN nickname varchar(20)");
      String changed = identity.mismatch(identity(onPlanned, plan), where).orElseThrow();
      assertTrue(changed.contains("their definitions changed since planning"), changed);
    }
  }

  /**
   * {@code spate local} killed with SIGKILL once some of its tasks committed leaves whole tasks
   * only (the tables hold exactly the rows the ledger records), and the same command with {@code
   * --resume} skips exactly those, loads the others once (the ledger then holding each task once,
   * with its whole range, under one job) and ends with the checksums of an undisturbed fill.
   */
  @Test
  void aFillKilledMidwayAndResumedHasTheChecksumsOfAnUndisturbedFill() throws Exception {
    Map<String, String> expected = longReference();
    try (Database db = fixture()) {
      try (SpateProcess fill = SpateProcess.start(localArgs(db, LONG))) {
        try (Targets targets = targets(db)) {
          awaitSomeTasks(targets, fill::alive, fill::output);
        }
        fill.kill();
      }
      // what the killed fill left open rolls back; ended, it holds no row
      Await.until(
          () -> db.terminateOtherSessions() == 0,
          Duration.ofSeconds(30),
          "the killed fill's sessions to end");
      long committed;
      try (Targets targets = targets(db)) {
        committed = ledgerTasks(targets);
        assertTrue(
            committed > 0 && committed < LONG_TASKS,
            "killed with " + committed + " of " + LONG_TASKS + " tasks committed");
        assertEquals(
            ledgerRows(targets),
            rowCounts(db).values().stream().mapToLong(Long::longValue).sum(),
            "a kill leaves whole tasks only: the tables hold exactly the rows the ledger records");
      }

      Fills.Run resumed = local(db, concat(LONG, "--resume"));

      assertTrue(
          resumed
              .out()
              .contains(
                  "resumed: skipped "
                      + committed
                      + " of "
                      + LONG_TASKS
                      + " tasks already in the ledger"),
          resumed.out());
      assertEquals(expected, db.checksums());
      try (Targets targets = targets(db)) {
        Map<String, Map<String, Long>> ledger = ledger(targets);
        assertEquals(1, ledger.size(), () -> "one job: " + ledger.keySet());
        Map<String, Long> tasks = ledger.values().iterator().next();
        assertEquals(LONG_TASKS, tasks.size(), "every task in the ledger once");
        // every table is filled in one pass: a task's ledger row records its whole range
        tasks.forEach(
            (task, rows) -> {
              Matcher range = TASK_RANGE.matcher(task);
              assertTrue(range.matches(), task);
              assertEquals(
                  Long.parseLong(range.group(2)) - Long.parseLong(range.group(1)), rows, task);
            });
      }
    }
  }

  /**
   * Every session of a running {@code spate local} ended by the server ({@link
   * Database#terminateOtherSessions}) once some of its tasks committed: the fill rides the lost
   * connections out, finishes with status 0 and the checksums of an undisturbed fill.
   */
  @Test
  void aFillWhoseConnectionsAreCutRidesItOutWithTheSameChecksums() throws Exception {
    assumeTrue(hasSessions(), "an embedded database has no sessions another client could end");
    Map<String, String> expected = longReference();
    try (Database db = fixture()) {
      CompletableFuture<Fills.Run> fill =
          CompletableFuture.supplyAsync(() -> Fills.cli(localArgs(db, LONG)));
      int cut;
      try (Targets targets = targets(db)) {
        awaitSomeTasks(targets, () -> !fill.isDone(), () -> fill.isDone() ? fill.join().err() : "");
      }
      cut = db.terminateOtherSessions();
      assertFalse(
          fill.isDone(),
          () ->
              "the fill was still running when its connections were cut; it had ended with "
                  + fill.join().exitCode()
                  + ":\n"
                  + fill.join().err()
                  + fill.join().out());
      assertTrue(cut > 0, "sessions ended: " + cut);

      Fills.Run run = fill.get(3, TimeUnit.MINUTES);
      assertEquals(0, run.exitCode(), () -> "the fill failed:\n" + run.err() + run.out());
      assertEquals(expected, db.checksums());
      try (Targets targets = targets(db)) {
        assertEquals(LONG_TASKS, ledgerTasks(targets), "every task in the ledger once");
      }
    }
  }

  /** A new database holding the fixture. */
  private Database fixture() {
    Database db = createDatabase();
    try {
      db.execute(fixtureDdl());
      return db;
    } catch (RuntimeException e) {
      db.close();
      throw e;
    }
  }

  /** The checksums of a fill of the fixture with {@code args} then {@code extra}. */
  private Map<String, String> fill(String[] args, String... extra) throws SQLException {
    try (Database db = fixture()) {
      local(db, concat(args, extra));
      Map<String, Long> counts = rowCounts(db);
      assertTrue(counts.values().stream().allMatch(n -> n >= 1000), counts::toString);
      return db.checksums();
    }
  }

  private Map<String, String> longReference() throws SQLException {
    if (longReference == null) {
      longReference = fill(LONG);
    }
    return longReference;
  }

  /**
   * Waits until at least three of the fill's tasks are in the ledger, failing should the fill end
   * first.
   */
  private static void awaitSomeTasks(
      Targets targets, BooleanSupplier running, Supplier<String> output)
      throws InterruptedException {
    Await.until(
        () -> {
          if (ledgerTasks(targets) >= 3) {
            return true;
          }
          if (!running.getAsBoolean()) {
            throw new AssertionError(
                "the fill ended before three tasks committed:\n" + output.get());
          }
          return false;
        },
        Duration.ofMinutes(1),
        "three of the fill's tasks in the ledger",
        output);
  }

  private static Fills.Run local(Database db, String... args) {
    Fills.Run run = cli(db, args);
    assertEquals(0, run.exitCode(), () -> "spate local failed:\n" + run.err() + run.out());
    return run;
  }

  private static Fills.Run cli(Database db, String... args) {
    return Fills.cli(localArgs(db, args));
  }

  private static String[] localArgs(Database db, String... args) {
    return concat(new String[] {"local", "--db", db.url(), "--user", db.user()}, args);
  }

  private static int plannedTasks(String output) {
    Matcher m = PLANNED_TASKS.matcher(output);
    assertTrue(m.find(), output);
    return Integer.parseInt(m.group(1));
  }

  /** The target's pool as a worker opens it (its dialect's URL settings, the ledger ensured). */
  private static Targets targets(Database db) {
    return new Targets(
        Map.of(Targets.DEFAULT, new Targets.Target(db.url(), db.user(), db.password())), 2);
  }

  /** The plan {@code spate local} makes of the whole database, with {@code rows} overrides. */
  private static FillPlan plan(Database db, Map<String, Long> rows) throws SQLException {
    try (Connection c = DriverManager.getConnection(db.url(), db.user(), db.password())) {
      return LocalJob.plan(
          c,
          TargetSteps.of(c).chosenSchemas(c, List.of()),
          FillSettings.of(FillConfig.EMPTY, null, null, null, rows),
          note -> {});
    }
  }

  private static TargetIdentity identity(Targets targets, FillPlan plan) {
    return targets
        .dialect(Targets.DEFAULT)
        .identity(targets.dataSource(Targets.DEFAULT), plan, "the contract test");
  }

  /** Rows per table of the database, each read through the seam's own table names. */
  private static Map<String, Long> rowCounts(Database db) throws SQLException {
    Map<String, Long> counts = new TreeMap<>();
    try (Connection c = DriverManager.getConnection(db.url(), db.user(), db.password());
        Statement s = c.createStatement()) {
      TargetSteps steps = TargetSteps.of(c);
      TargetDialect dialect = TargetKind.of(db.url()).dialect();
      for (Table t : steps.introspect(c, steps.chosenSchemas(c, List.of())).tables()) {
        try (ResultSet rs = s.executeQuery("SELECT count(*) FROM " + dialect.tableName(t))) {
          rs.next();
          counts.put(t.name(), rs.getLong(1));
        }
      }
    }
    return counts;
  }

  private static Map<String, Long> rowsByTable(long rows) {
    Map<String, Long> counts = new TreeMap<>();
    TABLES.forEach(t -> counts.put(t, rows));
    return counts;
  }

  /** The tasks in the ledger of this database, every job's. */
  private static long ledgerTasks(Targets targets) {
    return ledger(targets).values().stream().mapToLong(Map::size).sum();
  }

  /** The rows the ledger of this database records, every job's. */
  private static long ledgerRows(Targets targets) {
    return ledger(targets).values().stream()
        .flatMap(tasks -> tasks.values().stream())
        .mapToLong(Long::longValue)
        .sum();
  }

  /** Per job in this database's ledger, its finished tasks and their rows. */
  private static Map<String, Map<String, Long>> ledger(Targets targets) {
    DataSource target = targets.dataSource(Targets.DEFAULT);
    TaskLedger ledger = targets.dialect(Targets.DEFAULT).ledger();
    Map<String, Map<String, Long>> jobs = new TreeMap<>();
    for (String job : ledger.otherJobs(target, "", "")) {
      jobs.put(job, ledger.finished(target, job));
    }
    return jobs;
  }

  private static String[] concat(String[] args, String... more) {
    List<String> all = new ArrayList<>(List.of(args));
    all.addAll(List.of(more));
    return all.toArray(String[]::new);
  }
}
