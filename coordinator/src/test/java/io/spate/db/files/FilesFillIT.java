package io.spate.db.files;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import io.spate.coordinator.Fills;
import io.spate.core.local.LocalFill;
import io.spate.core.plan.FillSettings;
import io.spate.core.plan.LoadTraits;
import io.spate.core.plan.Plans;
import io.spate.core.target.TargetTables;
import io.spate.engine.generate.Engine;
import io.spate.engine.target.TaskLedger;
import io.spate.engine.target.TaskSink;
import io.spate.protocol.plan.FillPlan;
import io.spate.protocol.plan.Task;
import io.spate.worker.testing.TestDatabase;
import java.io.IOException;
import java.io.InputStream;
import java.nio.channels.FileChannel;
import java.nio.channels.FileLock;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardOpenOption;
import java.security.MessageDigest;
import java.sql.Connection;
import java.sql.DriverManager;
import java.sql.Statement;
import java.util.ArrayList;
import java.util.HexFormat;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;
import java.util.stream.Collectors;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.postgresql.PGConnection;

/**
 * {@code spate local --out DIR}: the rows of a database's schema written as CSV files, one per
 * task, with the values a fill of the database writes; a task's file appears once, whole, and a
 * resume writes only what is missing.
 */
class FilesFillIT {

  private static final String[] ROWS = {
    "--default-rows", "300", "--seed", "11", "--task-rows", "100"
  };

  @Test
  void csvFilesOfTpccHoldTheValuesAFillOfPostgresWrites(@TempDir Path dir) throws Exception {
    String tpcc = Files.readString(Fills.example("schemas/tpcc.sql"));
    try (TestDatabase filled = Fills.filled(tpcc, ROWS);
        TestDatabase fromFiles = TestDatabase.create()) {
      fromFiles.execute(tpcc);
      Fills.Run run = Fills.local(fromFiles, args(dir));
      assertTrue(run.out().contains("files to " + dir), run.out());
      assertEquals(0, fromFiles.queryLong("SELECT count(*) FROM warehouse"), "only read");

      copyInto(fromFiles, dir);
      assertEquals(Fills.checksums(filled), Fills.checksums(fromFiles));

      JsonNode manifest =
          new ObjectMapper().readTree(dir.resolve("district/_manifest.json").toFile());
      assertEquals(
          filled.queryLong("SELECT count(*) FROM district"), manifest.get("rows").asLong());
      assertEquals("csv", manifest.get("format").asText());
      assertEquals(LocalFill.planDigest(plan(fromFiles)), manifest.get("planDigest").asText());
      long listed = 0;
      for (JsonNode f : manifest.get("files")) {
        assertTrue(Files.isRegularFile(dir.resolve("district").resolve(f.get("file").asText())));
        listed += f.get("rows").asLong();
      }
      assertEquals(manifest.get("rows").asLong(), listed);
    }
  }

  @Test
  void parquetFilesOfTpccReadByDuckDbHoldTheValuesAFillOfPostgresWrites(@TempDir Path dir)
      throws Exception {
    String tpcc = Files.readString(Fills.example("schemas/tpcc.sql"));
    try (TestDatabase filled = Fills.filled(tpcc, ROWS);
        TestDatabase fromFiles = TestDatabase.create()) {
      fromFiles.execute(tpcc);
      Fills.local(fromFiles, resumeArgs(dir.resolve("parquet"), "--format", "parquet"));

      // DuckDB reads each table's Parquet files and writes them out as one CSV PostgreSQL loads
      Path csv = dir.resolve("csv");
      try (Connection duck = DriverManager.getConnection("jdbc:duckdb:");
          Statement s = duck.createStatement();
          Stream<Path> tables = Files.list(dir.resolve("parquet"))) {
        s.execute("SET TimeZone = 'UTC'");
        for (Path table : tables.filter(Files::isDirectory).toList()) {
          Path out = Files.createDirectories(csv.resolve(table.getFileName()));
          Files.copy(table.resolve("_manifest.json"), out.resolve("_manifest.json"));
          s.execute(
              "COPY (SELECT * FROM read_parquet('"
                  + table.resolve("*.parquet")
                  + "')) TO '"
                  + out.resolve("part-000000000000.csv")
                  + "' (HEADER, DELIMITER ',')");
        }
      }
      copyInto(fromFiles, csv, "part-000000000000.csv");
      assertEquals(Fills.checksums(filled), Fills.checksums(fromFiles));
    }
  }

  @Test
  void filesOfTpccFromItsDdlFileAreTheFilesOfItsDatabaseByteForByte(@TempDir Path dir)
      throws Exception {
    Path ddl = Fills.example("schemas/tpcc.sql");
    Path fromDdl = dir.resolve("ddl");
    Path fromDb = dir.resolve("db");
    Fills.Run run = Fills.cli(args("local", "--ddl", ddl.toString(), "--out", fromDdl.toString()));
    assertEquals(0, run.exitCode(), run.err());
    assertTrue(run.err().contains("read as PostgreSQL"), run.err());
    try (TestDatabase db = TestDatabase.create()) {
      db.execute(Files.readString(ddl));
      Fills.local(db, args(fromDb));
    }
    Map<Path, String> ddlFiles = relative(fromDdl);
    assertEquals(relative(fromDb).keySet(), ddlFiles.keySet());
    assertEquals(27, parts(ddlFiles), "9 tables of 300 rows in tasks of 100");
    for (Path file : ddlFiles.keySet()) {
      if (file.getFileName().toString().equals("_manifest.json")) {
        assertEquals(manifest(fromDb.resolve(file)), manifest(fromDdl.resolve(file)), "" + file);
      } else {
        assertEquals(
            relative(fromDb).get(file), ddlFiles.get(file), file + ": the same bytes from both");
      }
    }
  }

  /** A table's manifest without the job id each run makes its own: the plan digest stays. */
  private static JsonNode manifest(Path file) throws IOException {
    com.fasterxml.jackson.databind.node.ObjectNode manifest =
        (com.fasterxml.jackson.databind.node.ObjectNode) new ObjectMapper().readTree(file.toFile());
    manifest.remove("jobId");
    return manifest;
  }

  private static String[] args(String... first) {
    List<String> args = new ArrayList<>(List.of(first));
    args.addAll(List.of(ROWS));
    return args.toArray(String[]::new);
  }

  @Test
  void aSecondFillRefusesTheFilesAResumeWritesOnlyWhatIsMissing(@TempDir Path dir)
      throws Exception {
    String tpcc = Files.readString(Fills.example("schemas/tpcc.sql"));
    try (TestDatabase db = TestDatabase.create()) {
      db.execute(tpcc);
      Fills.local(db, args(dir));
      Map<Path, String> written = digests(dir);

      Fills.Run again = Fills.cli(Fills.localArgs(db, args(dir)));
      assertEquals(1, again.exitCode());
      assertTrue(again.err().contains("already holds"), again.err());
      assertTrue(again.err().contains("--resume"), again.err());
      assertEquals(written, digests(dir), "nothing written by the refused run");

      // a task that was being written when its process died: only its temporary file is there
      Path lost =
          written.keySet().stream()
              .filter(p -> p.getFileName().toString().startsWith("part-"))
              .filter(p -> p.getParent().getFileName().toString().equals("orders"))
              .findFirst()
              .orElseThrow();
      Files.delete(lost);
      Path partial = lost.resolveSibling("." + lost.getFileName() + ".0b1c.tmp");
      Files.writeString(partial, "o_id,o_d_id\n1,");
      Fills.Run resumed = Fills.local(db, resumeArgs(dir, "--resume"));
      assertTrue(
          resumed.out().contains((parts(written) - 1) + " files were already there"),
          resumed.out());
      assertFalse(Files.exists(partial), "the temporary file is gone");
      assertEquals(written, digests(dir), "the missing file is back, byte for byte");

      Fills.local(db, resumeArgs(dir, "--truncate"));
      assertEquals(written, digests(dir));

      String other = "--seed";
      Fills.Run otherSeed =
          Fills.cli(
              Fills.localArgs(
                  db,
                  "--default-rows",
                  "300",
                  other,
                  "12",
                  "--task-rows",
                  "100",
                  "--out",
                  dir.toString(),
                  "--resume"));
      assertEquals(1, otherSeed.exitCode());
      assertTrue(otherSeed.err().contains("another fill"), otherSeed.err());
    }
  }

  /**
   * {@code spate local --out} killed with SIGKILL (a process of the packaged jar) leaves only whole
   * files under their names, and {@code --resume} writes the missing ones: the same bytes as an
   * undisturbed run, no temporary file left.
   */
  @Test
  void aRunKilledMidwayAndResumedWritesTheFilesOfAnUndisturbedRun(@TempDir Path dir)
      throws Exception {
    String[] rows = {"--seed", "5", "--rows", "big_t=1200000", "--task-rows", "40000"};
    try (TestDatabase db = TestDatabase.create()) {
      db.execute(Files.readString(Fills.example("schemas/single.sql")));
      Path killed = dir.resolve("killed");
      List<String> args = new ArrayList<>(List.of(Fills.localArgs(db, rows)));
      args.addAll(List.of("--threads", "1", "--out", killed.toString()));
      try (io.spate.coordinator.submit.SpateProcess fill =
          io.spate.coordinator.submit.SpateProcess.start(args.toArray(String[]::new))) {
        io.spate.worker.testing.Await.until(
            () -> Files.exists(killed) && parts(digests(killed)) >= 3 || !fill.alive(),
            java.time.Duration.ofSeconds(60),
            "three files written",
            fill::output);
        fill.kill();
      }
      long written = parts(digests(killed));
      assertTrue(written >= 3 && written < 30, "killed with " + written + " of 30 files written");

      Fills.Run resumed = Fills.local(db, concat(rows, "--out", killed.toString(), "--resume"));
      assertTrue(resumed.out().contains(written + " files were already there"), resumed.out());
      Fills.local(db, concat(rows, "--out", dir.resolve("whole").toString()));
      Map<Path, String> whole = relative(dir.resolve("whole"));
      assertEquals(whole.keySet(), relative(killed).keySet());
      for (Path file : whole.keySet()) {
        if (file.getFileName().toString().equals("_manifest.json")) { // the job id names the place
          assertEquals(
              manifest(dir.resolve("whole").resolve(file)), manifest(killed.resolve(file)));
        } else {
          assertEquals(whole.get(file), relative(killed).get(file), file.toString());
        }
      }
      try (Stream<Path> files = Files.walk(killed)) {
        assertEquals(
            List.of(),
            files.filter(p -> p.getFileName().toString().endsWith(".tmp")).toList(),
            "no temporary file left");
      }
    }
  }

  private static String[] concat(String[] first, String... more) {
    List<String> all = new ArrayList<>(List.of(first));
    all.addAll(List.of(more));
    return all.toArray(String[]::new);
  }

  /**
   * One seed writes the same rows whatever the threads and the task size: each table's files, read
   * in name order (their first slots, zero-padded), hold the same records.
   */
  @Test
  void theSameRowsForAnyThreadCountAndTaskSize(@TempDir Path dir) throws Exception {
    String tpcc = Files.readString(Fills.example("schemas/tpcc.sql"));
    try (TestDatabase db = TestDatabase.create()) {
      db.execute(tpcc);
      String[] seed = {"--seed", "3", "--default-rows", "1000"};
      Fills.local(
          db,
          concat(
              seed, "--threads", "1", "--task-rows", "100", "--out", dir.resolve("a").toString()));
      Fills.local(
          db,
          concat(
              seed, "--threads", "2", "--task-rows", "1000", "--out", dir.resolve("b").toString()));
      assertEquals(records(dir.resolve("a")), records(dir.resolve("b")));
      assertEquals(90, parts(digests(dir.resolve("a"))));
      assertEquals(9, parts(digests(dir.resolve("b"))));
    }
  }

  /** Each table's records (its files' lines after their headers, in name order), by table. */
  private static Map<String, List<String>> records(Path dir) throws IOException {
    Map<String, List<String>> records = new TreeMap<>();
    try (Stream<Path> files = Files.walk(dir)) {
      for (Path p :
          files.filter(f -> f.getFileName().toString().startsWith("part-")).sorted().toList()) {
        List<String> lines = Files.readAllLines(p);
        records
            .computeIfAbsent(p.getParent().getFileName().toString(), t -> new ArrayList<>())
            .addAll(lines.subList(1, lines.size()));
      }
    }
    return records;
  }

  @Test
  void anOutputAnotherFillWritesIsRefused(@TempDir Path dir) throws Exception {
    try (TestDatabase db = TestDatabase.create();
        FileChannel channel =
            FileChannel.open(
                dir.resolve(".spate-lock"), StandardOpenOption.CREATE, StandardOpenOption.WRITE);
        FileLock held = channel.lock()) {
      db.execute("CREATE TABLE t (id int PRIMARY KEY, name text)");
      Fills.Run run = Fills.cli(Fills.localArgs(db, args(dir)));
      assertEquals(1, run.exitCode());
      assertTrue(run.err().contains("another fill is writing " + dir), run.err());
      try (Stream<Path> files = Files.list(dir)) {
        assertEquals(List.of(dir.resolve(".spate-lock")), files.toList());
      }
    }
  }

  @Test
  void twoExecutionsOfOneTaskLeaveOneFileAndTheSecondIsSkipped(@TempDir Path dir) throws Exception {
    try (TestDatabase db = TestDatabase.create()) {
      db.execute("CREATE TABLE t (id int PRIMARY KEY, name text, at timestamptz)");
      FillPlan plan = plan(db);
      Task task = plan.tasks().getFirst();
      try (OutputDirectory output =
          OutputDirectory.open(
              dir, new CsvFormat(), plan, "digest", null, TargetTables.Start.EMPTY, note -> {})) {
        TaskSink sink = output.sink(n -> {});
        Engine engine = new Engine(plan);
        TaskSink.Unit first = sink.begin(output.jobId(), task, plan.tables().getFirst());
        TaskSink.Unit second = sink.begin(output.jobId(), task, plan.tables().getFirst());
        long rows = first.write(engine.table(task.table()), task, n -> {});
        assertEquals(rows, second.write(engine.table(task.table()), task, n -> {}));
        assertTrue(sink.finished(output.jobId(), task.id()).isEmpty(), "nothing visible yet");

        first.commit("w1", 1, rows);
        first.close();
        assertThrows(TaskLedger.AlreadyDoneException.class, () -> second.commit("w2", 1, rows));
        second.close();

        assertEquals(rows, sink.finished(output.jobId(), task.id()).orElseThrow().rows());
        try (Stream<Path> files = Files.list(output.file(task).getParent())) {
          assertEquals(List.of(output.file(task)), files.toList(), "one file, no temporary one");
        }
      }
    }
  }

  private static String[] args(Path dir) {
    return resumeArgs(dir);
  }

  private static String[] resumeArgs(Path dir, String... more) {
    List<String> args = new ArrayList<>(List.of(ROWS));
    args.addAll(List.of("--out", dir.toString()));
    args.addAll(List.of(more));
    return args.toArray(String[]::new);
  }

  private static FillPlan plan(TestDatabase db) throws Exception {
    try (Connection c = db.connect()) {
      return Plans.checkedPlan(
          Fills.schema(db),
          FillSettings.of(io.spate.core.config.FillConfig.EMPTY, 11L, 300L, 100L, Map.of()),
          c,
          null,
          null,
          LoadTraits.FILES);
    }
  }

  /**
   * Loads every table's files into {@code db} with PostgreSQL's own CSV reader, its foreign keys'
   * triggers off (the tables come in name order); the checksums' comparison checks the rows.
   */
  private static void copyInto(TestDatabase db, Path dir) throws Exception {
    copyInto(db, dir, null);
  }

  /** The same, each table's rows from {@code file} when not null, else from its manifest's. */
  private static void copyInto(TestDatabase db, Path dir, String file) throws Exception {
    try (Connection c = db.connect();
        Stream<Path> tables = Files.list(dir)) {
      c.createStatement().execute("SET session_replication_role = replica");
      for (Path table : tables.filter(Files::isDirectory).sorted().toList()) {
        JsonNode manifest = new ObjectMapper().readTree(table.resolve("_manifest.json").toFile());
        List<String> columns = new ArrayList<>();
        manifest.get("columns").forEach(n -> columns.add('"' + n.asText() + '"'));
        String copy =
            "COPY "
                + table.getFileName()
                + " ("
                + String.join(", ", columns)
                + ") FROM STDIN (FORMAT csv, HEADER true)";
        List<String> files = new ArrayList<>();
        manifest.get("files").forEach(f -> files.add(f.get("file").asText()));
        for (String f : file == null ? files : List.of(file)) {
          try (InputStream in = Files.newInputStream(table.resolve(f))) {
            c.unwrap(PGConnection.class).getCopyAPI().copyIn(copy, in);
          }
        }
      }
    }
  }

  private static long parts(Map<Path, String> files) {
    return files.keySet().stream()
        .filter(p -> p.getFileName().toString().startsWith("part-"))
        .count();
  }

  /** {@link #digests}, each file named by its path in {@code dir}. */
  private static Map<Path, String> relative(Path dir) throws IOException {
    Map<Path, String> relative = new TreeMap<>();
    digests(dir).forEach((file, digest) -> relative.put(dir.relativize(file), digest));
    return relative;
  }

  /** Every visible file under {@code dir} and the SHA-256 of its bytes. */
  private static Map<Path, String> digests(Path dir) throws IOException {
    try (Stream<Path> files = Files.walk(dir)) {
      Map<Path, String> digests = new TreeMap<>();
      for (Path p : files.filter(Files::isRegularFile).collect(Collectors.toList())) {
        if (!p.getFileName().toString().startsWith(".")) {
          try {
            digests.put(
                p,
                HexFormat.of()
                    .formatHex(MessageDigest.getInstance("SHA-256").digest(Files.readAllBytes(p))));
          } catch (java.security.NoSuchAlgorithmException e) {
            throw new IllegalStateException(e);
          }
        }
      }
      return digests;
    }
  }
}
