package io.spate.coordinator.submit;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import io.spate.coordinator.Fills;
import io.spate.coordinator.testing.TestBroker;
import io.spate.protocol.message.EventMessage;
import io.spate.worker.testing.TestDatabase;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.security.MessageDigest;
import java.time.Duration;
import java.util.ArrayList;
import java.util.HexFormat;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * Workers writing files through Kafka ({@code spate submit --out DIR}): each worker writes into its
 * own mount of the directory the coordinator opened (one of them the worker image's jar, which
 * carries no planner), and the files are those a local fill writes, byte for byte; a worker whose
 * mount is another directory writes nothing; a detached job is followed to its manifests by {@code
 * spate coordinator}.
 */
class DistributedFilesIT {

  private static final String[] ROWS = {
    "--default-rows", "3000", "--seed", "11", "--task-rows", "500"
  };

  @Test
  void twoWorkersAtTheirOwnMountsWriteTheFilesOfALocalFillByteForByte(@TempDir Path dir)
      throws Exception {
    String prefix = TestBroker.uniqueTopicPrefix();
    String tpcc = Files.readString(Fills.example("schemas/tpcc.sql"));
    Path local = dir.resolve("local");
    Path shared = dir.resolve("shared");
    Files.createDirectories(shared);
    // the second worker's "host" mounts the share elsewhere: its target names another path
    Path otherMount = Files.createSymbolicLink(dir.resolve("mnt"), shared);
    try (TestDatabase db = TestDatabase.create()) {
      db.execute(tpcc);
      Fills.Run localRun = Fills.local(db, args(local, "--threads", "2"));
      assertEquals(0, localRun.exitCode(), localRun.err());
      try (SpateProcess a = SpateProcess.start(worker(prefix, "file://" + shared + "?format=csv"));
          SpateProcess b =
              SpateProcess.startWorkerJar(
                  List.of(worker(prefix, "file://" + otherMount)).stream()
                      .skip(1) // the worker jar's command is the worker
                      .toArray(String[]::new))) {
        WorkerGroup.awaitMembersHoldingPartitions(SharedBrokerRuns.kafka(prefix), 2);
        Fills.Run run = SharedBrokerRuns.submit(prefix, db.jdbcUrl(), db.user(), args(shared));
        assertEquals(0, run.exitCode(), run.err() + run.out() + a.output() + b.output());
        assertTrue(run.out().contains("files in " + shared + " (csv)"), run.out());
        assertTrue(run.out().contains("fingerprint"), run.out());
        assertEquals(0, db.queryLong("SELECT count(*) FROM warehouse"), "the database only read");
        Map<String, String> written = digests(shared);
        assertEquals(digests(local), written, "every part file, byte for byte");
        assertTrue(written.size() > 9, written.keySet().toString());
      }
      JsonNode manifest =
          new ObjectMapper().readTree(shared.resolve("customer/_manifest.json").toFile());
      JsonNode localManifest =
          new ObjectMapper().readTree(local.resolve("customer/_manifest.json").toFile());
      assertEquals(localManifest.get("rows"), manifest.get("rows"));
      assertEquals(localManifest.get("files"), manifest.get("files"));
      assertEquals(localManifest.get("planDigest"), manifest.get("planDigest"));
      assertEquals(
          Files.readString(shared.resolve(".spate-job")).strip(),
          manifest.get("jobId").asText(),
          "the job the coordinator opened the directory for");
    }
  }

  @Test
  void aWorkerWhoseMountIsAnotherDirectoryRefusesTheJobAndWritesNothing(@TempDir Path dir)
      throws Exception {
    String prefix = TestBroker.uniqueTopicPrefix();
    Path shared = dir.resolve("shared");
    Path elsewhere = Files.createDirectories(dir.resolve("elsewhere"));
    try (TestDatabase db = TestDatabase.create();
        SpateProcess worker = SpateProcess.start(worker(prefix, "file://" + elsewhere))) {
      db.execute("CREATE TABLE t (id int PRIMARY KEY, name text)");
      WorkerGroup.awaitMembersHoldingPartitions(SharedBrokerRuns.kafka(prefix), 1);
      Fills.Run run =
          SharedBrokerRuns.submit(
              prefix, db.jdbcUrl(), db.user(), args(shared, "--max-attempts", "1"));
      assertEquals(1, run.exitCode(), run.out());
      assertTrue(
          run.err().contains("refusing to write: " + elsewhere + " holds no .spate-job"),
          run.err());
      try (Stream<Path> files = Files.list(elsewhere)) {
        assertEquals(List.of(), files.toList(), "nothing written at the wrong mount");
      }
      assertEquals(Map.of(), digests(shared), "no task's file in the job's directory");
    }
  }

  @Test
  void aDetachedJobIsFollowedToItsManifestsByTheCoordinatorOfItsDirectory(@TempDir Path dir)
      throws Exception {
    String prefix = TestBroker.uniqueTopicPrefix();
    Path shared = dir.resolve("shared");
    Path local = dir.resolve("local");
    try (TestDatabase db = TestDatabase.create()) {
      db.execute(
          "CREATE TABLE parent (id int PRIMARY KEY, name text NOT NULL);"
              + " CREATE TABLE child (id bigint PRIMARY KEY, parent_id int NOT NULL"
              + " REFERENCES parent, at timestamptz, amount numeric(10,2))");
      Fills.local(db, args(local, "--format", "parquet"));
      Fills.Run submitted =
          SharedBrokerRuns.submit(
              prefix, db.jdbcUrl(), db.user(), args(shared, "--format", "parquet", "--detach"));
      assertEquals(0, submitted.exitCode(), submitted.err());
      String jobId = submitted.out().strip();
      assertTrue(
          submitted.err().contains("--db file:" + shared + "?format=parquet " + jobId),
          submitted.err());
      try (SpateProcess worker = SpateProcess.start(worker(prefix, "file://" + shared))) {
        Fills.Run followed =
            Fills.cli(
                "coordinator",
                "--bootstrap",
                TestBroker.shared().bootstrapServers(),
                "--topic-prefix",
                prefix,
                "--task-partitions",
                String.valueOf(SharedBrokerRuns.TASK_PARTITIONS),
                "--db",
                "file://" + shared,
                jobId);
        assertEquals(0, followed.exitCode(), followed.err() + worker.output());
      }
      Map<String, String> written = digests(shared);
      assertEquals(12, written.size(), "6 files of 500 rows a table: " + written.keySet());
      assertEquals(digests(local), written, "the Parquet files of a local fill");
      JsonNode manifest =
          new ObjectMapper().readTree(shared.resolve("child/_manifest.json").toFile());
      assertEquals(3000, manifest.get("rows").asLong());
      assertEquals("parquet", manifest.get("format").asText());
      assertEquals(jobId, manifest.get("jobId").asText());
    }
  }

  @Test
  void aWorkerKilledMidTaskLeavesNeitherAPartialNorATemporaryFile(@TempDir Path dir)
      throws Exception {
    String prefix = TestBroker.uniqueTopicPrefix();
    Path shared = dir.resolve("shared");
    Path local = dir.resolve("local");
    String[] rows = {"--rows", "big_t=1200000", "--task-rows", "300000", "--seed", "5"};
    try (TestDatabase db = TestDatabase.create()) {
      db.execute(
          "CREATE TABLE big_t (id bigint PRIMARY KEY, name varchar(64), note text,"
              + " amount numeric(12,2), at timestamptz)");
      Fills.local(db, with(rows, "--out", local.toString()));
      SpateProcess victim = SpateProcess.start(worker(prefix, "file://" + shared));
      String victimId = victim.workerId();
      WorkerGroup.awaitMembersHoldingPartitions(SharedBrokerRuns.kafka(prefix), 1);
      Fills.Run[] result = new Fills.Run[1];
      Thread submitter =
          new Thread(
              () ->
                  result[0] =
                      SharedBrokerRuns.submit(
                          prefix, db.jdbcUrl(), db.user(), with(rows, "--out", shared.toString())));
      submitter.start();
      try (EventTail events = new EventTail(SharedBrokerRuns.kafka(prefix))) {
        events.await(
            e -> e.workerId().equals(victimId) && e.type() == EventMessage.Type.STARTED,
            Duration.ofSeconds(90));
        victim.kill();
      } finally {
        victim.kill();
      }
      try (SpateProcess survivor = SpateProcess.start(worker(prefix, "file://" + shared))) {
        submitter.join(Duration.ofMinutes(3).toMillis());
        assertEquals(0, result[0].exitCode(), result[0].err() + survivor.output());
      }
      assertEquals(digests(local), digests(shared), "after a worker killed mid-task");
      try (Stream<Path> files = Files.walk(shared)) {
        assertEquals(
            List.of(),
            files.filter(f -> f.getFileName().toString().endsWith(".tmp")).toList(),
            "no temporary file left behind");
      }
    }
  }

  private static String[] with(String[] head, String... more) {
    List<String> args = new ArrayList<>(List.of(head));
    args.addAll(List.of(more));
    return args.toArray(String[]::new);
  }

  private static String[] worker(String prefix, String url) {
    return new String[] {
      "worker",
      "--bootstrap",
      TestBroker.shared().bootstrapServers(),
      "--topic-prefix",
      prefix,
      "--db",
      url,
      "--threads",
      "1",
      "--task-partitions",
      String.valueOf(SharedBrokerRuns.TASK_PARTITIONS)
    };
  }

  private static String[] args(Path out, String... more) {
    List<String> args = new ArrayList<>(List.of(ROWS));
    args.addAll(List.of("--out", out.toString()));
    args.addAll(List.of(more));
    return args.toArray(String[]::new);
  }

  /** Each part file under {@code root} by its path from there, with its SHA-256. */
  private static Map<String, String> digests(Path root) throws IOException {
    Map<String, String> digests = new TreeMap<>();
    if (!Files.isDirectory(root)) {
      return digests;
    }
    try (Stream<Path> files = Files.walk(root)) {
      for (Path p : files.filter(f -> f.getFileName().toString().startsWith("part-")).toList()) {
        try {
          digests.put(
              root.relativize(p).toString(),
              HexFormat.of()
                  .formatHex(MessageDigest.getInstance("SHA-256").digest(Files.readAllBytes(p))));
        } catch (java.security.NoSuchAlgorithmException e) {
          throw new IllegalStateException(e);
        }
      }
    }
    assertFalse(digests.keySet().stream().anyMatch(k -> k.contains(".tmp")));
    return digests;
  }
}
