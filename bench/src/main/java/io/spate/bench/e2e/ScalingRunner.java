package io.spate.bench.e2e;

import io.spate.coordinator.broker.EmbeddedBroker;
import io.spate.coordinator.cli.SpateCli;
import io.spate.engine.target.Outage;
import io.spate.engine.target.Targets;
import io.spate.protocol.message.Topics;
import io.spate.worker.consume.WorkerLoop;
import io.spate.worker.kafka.KafkaSettings;
import io.spate.worker.metrics.WorkerMetrics;
import java.io.ByteArrayOutputStream;
import java.io.InputStream;
import java.io.OutputStream;
import java.io.PrintStream;
import java.lang.management.ManagementFactory;
import java.lang.management.ThreadMXBean;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.sql.Connection;
import java.sql.DriverManager;
import java.time.Duration;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Properties;
import java.util.concurrent.Callable;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.apache.kafka.clients.consumer.ConsumerConfig;
import org.apache.kafka.clients.consumer.ConsumerRecord;
import org.apache.kafka.clients.consumer.KafkaConsumer;
import org.apache.kafka.common.TopicPartition;
import org.apache.kafka.common.serialization.ByteArrayDeserializer;
import org.postgresql.PGConnection;
import picocli.CommandLine;
import picocli.CommandLine.Command;
import picocli.CommandLine.Option;

/**
 * The inputs of the scaling model ({@code docs/scaling.md}), measured on one machine in one run
 * ({@code bench/scaling}), each printed as a {@code [scaling]} line:
 *
 * <ul>
 *   <li>{@code gen}: one JVM's generation rate with the discarding sink ({@code spate local
 *       --dry-run}), 1 and 2 threads, on {@code single} and TPC-C;
 *   <li>{@code ingest}: the database's ingest of the same rows from a file, binary COPY, with 1 and
 *       2 concurrent streams;
 *   <li>{@code coordinator}: tasks per second through one coordinator ({@code spate submit}) and
 *       the embedded broker, to {@code --workers} simulated workers (Kafka consumers in this JVM
 *       with the discarding sink), at two job sizes; the records' sizes; CPU per thread group;
 *   <li>{@code check}: real fills through 1, 2 and 4 workers (in this JVM, one task at a time each)
 *       and {@code spate local} with 1 and 2 threads, to compare with the model's prediction.
 * </ul>
 *
 * Every part runs in a database of its own that the runner creates and drops.
 */
@Command(
    name = "bench/scaling",
    mixinStandardHelpOptions = true,
    description = "Measures the inputs of docs/scaling.md and checks its prediction.")
public final class ScalingRunner implements Callable<Integer> {

  /** The config's task size of {@code single}. */
  private static final long DEFAULT_TASK_ROWS = 250_000;

  /** Runs of each measurement; the best is reported beside each. */
  private static final int REPEATS = 3;

  private static final Pattern DRY_RUN =
      Pattern.compile("dry run: generated (\\d+) rows, (\\d+) bytes .* in ([0-9.]+) s");

  @Option(names = "--db", description = "Admin URL (default: ${DEFAULT-VALUE})")
  String adminUrl = "jdbc:postgresql://127.0.0.1:5432/postgres";

  @Option(names = "--user", description = "Database user (default: ${DEFAULT-VALUE})")
  String user = "postgres";

  @Option(names = "--gen-rows", description = "Rows of single for gen (${DEFAULT-VALUE})")
  long genRows = 8_000_000;

  @Option(names = "--rows", description = "Rows of single for ingest (${DEFAULT-VALUE})")
  long rows = 2_000_000;

  @Option(names = "--workers", description = "Simulated workers (${DEFAULT-VALUE})")
  int workers = 128;

  @Option(names = "--tasks", description = "Tasks of the larger coordinator job (${DEFAULT-VALUE})")
  int tasks = 4000;

  @Option(names = "--check-rows", description = "Rows of the check's fills (${DEFAULT-VALUE})")
  long checkRows = 1_000_000;

  @Option(
      names = "--parts",
      split = ",",
      description = "gen, ingest, coordinator, check (default: all)")
  List<String> parts = List.of("gen", "ingest", "coordinator", "check");

  private BenchDb db;

  /** Best rows/s of one generating thread on single, from the gen part (0 until it ran). */
  private double genPerThread;

  /** Best total rows/s of the ingest part by stream count, 1 and 2 (0 until it ran). */
  private final double[] ingest = new double[3];

  private String url;
  private Path config;
  private Path work;

  public static void main(String[] args) {
    System.exit(new CommandLine(new ScalingRunner()).execute(args));
  }

  @Override
  public Integer call() throws Exception {
    db = new BenchDb(adminUrl, user);
    String name = "spate_scaling_" + ProcessHandle.current().pid();
    db.createDatabase(name);
    url = db.urlFor(name);
    config = BenchDb.example("single.yaml");
    work = Files.createTempDirectory("spate-scaling-");
    print(
        "machine cores=%d server=%s gen-rows=%d rows=%d workers=%d tasks=%d check-rows=%d",
        Runtime.getRuntime().availableProcessors(),
        db.serverVersion(),
        genRows,
        rows,
        workers,
        tasks,
        checkRows);
    try {
      if (parts.contains("gen")) {
        generation();
      }
      if (parts.contains("ingest")) {
        ingest();
      }
      if (parts.contains("coordinator")) {
        coordinator();
      }
      if (parts.contains("check")) {
        check();
      }
    } finally {
      db.dropDatabase(name);
      try (var paths = Files.walk(work)) { // the broker's logs and the dump
        for (Path p : paths.sorted(java.util.Comparator.reverseOrder()).toList()) {
          Files.deleteIfExists(p);
        }
      }
    }
    return 0;
  }

  // ---- gen --------------------------------------------------------------------------------------

  /**
   * The discarding sink's rate per thread count, after a warm-up run; the best of {@link #REPEATS}
   * is the machine's capacity when other work leaves it alone.
   */
  private void generation() throws Exception {
    db.resetSchema(Scenario.SINGLE, url);
    generation("single", config, "big_t=" + genRows);
    db.resetSchema(Scenario.TPCC_1, url);
    generation("tpcc-1", BenchDb.example("tpcc.yaml"), "warehouse=1");
  }

  private void generation(String scenario, Path fillConfig, String rowsArg) {
    spate(dryRun(fillConfig, rowsArg, 2)); // warm-up
    for (int threads : new int[] {1, 2}) {
      Matcher best = null;
      for (int i = 0; i < REPEATS; i++) {
        Matcher m = matched(DRY_RUN, spate(dryRun(fillConfig, rowsArg, threads)));
        printRate("gen " + scenario + " threads=" + threads + " run=" + (i + 1), m);
        if (best == null || Double.parseDouble(m.group(3)) < Double.parseDouble(best.group(3))) {
          best = m;
        }
      }
      printRate("gen " + scenario + " threads=" + threads + " best", best);
      if (scenario.equals("single") && threads == 1) {
        genPerThread = Long.parseLong(best.group(1)) / Double.parseDouble(best.group(3));
      }
    }
  }

  private String[] dryRun(Path fillConfig, String rowsArg, int threads) {
    return new String[] {
      "local",
      "--dry-run",
      "--db",
      url,
      "--user",
      user,
      "--config",
      fillConfig.toString(),
      "--rows",
      rowsArg,
      "--threads",
      Integer.toString(threads)
    };
  }

  private static void printRate(String what, Matcher m) {
    long generated = Long.parseLong(m.group(1));
    long bytes = Long.parseLong(m.group(2));
    double seconds = Double.parseDouble(m.group(3));
    print(
        "%s rows=%d bytes=%d s=%.2f rows_per_s=%.0f mb_per_s=%.1f bytes_per_row=%.1f",
        what,
        generated,
        bytes,
        seconds,
        generated / seconds,
        bytes / 1e6 / seconds,
        (double) bytes / generated);
  }

  // ---- ingest -----------------------------------------------------------------------------------

  /**
   * The server's own limit: {@code single}'s rows (keyless, so every stream may load the same file)
   * loaded with binary COPY from a file by 1 and 2 concurrent streams, twice each.
   */
  private void ingest() throws Exception {
    db.resetSchema(Scenario.SINGLE, url);
    fillSingle(rows, DEFAULT_TASK_ROWS, 2);
    Path file = work.resolve("big_t.bin");
    try (Connection c = DriverManager.getConnection(url, user, "");
        OutputStream out = Files.newOutputStream(file)) {
      c.unwrap(PGConnection.class)
          .getCopyAPI()
          .copyOut("COPY big_t TO STDOUT (FORMAT binary)", out);
    }
    long bytes = Files.size(file);
    for (int streams : new int[] {1, 2}) {
      double best = Double.MAX_VALUE;
      for (int i = 0; i < REPEATS; i++) {
        db.execute(url, "TRUNCATE big_t");
        db.execute(url, "CHECKPOINT");
        double seconds = copyIn(file, streams);
        best = Math.min(best, seconds);
        printIngest(streams + " run=" + (i + 1), seconds, bytes, streams);
      }
      printIngest(streams + " best", best, bytes, streams);
      ingest[streams] = rows * streams / best;
    }
    Files.delete(file);
  }

  private void printIngest(String what, double seconds, long bytes, int streams) {
    print(
        "ingest copy-file streams=%s rows=%d s=%.2f rows_per_s=%.0f mb_per_s=%.1f"
            + " rows_per_s_per_stream=%.0f",
        what,
        rows * streams,
        seconds,
        rows * streams / seconds,
        bytes * streams / 1e6 / seconds,
        rows / seconds);
  }

  /** Seconds to load {@code file} once per stream, all streams at once, each its own session. */
  private double copyIn(Path file, int streams) throws Exception {
    ExecutorService pool = Executors.newFixedThreadPool(streams);
    try {
      List<Connection> connections = new ArrayList<>();
      for (int i = 0; i < streams; i++) {
        connections.add(DriverManager.getConnection(url, user, ""));
      }
      long t0 = System.nanoTime();
      List<Future<Long>> loads = new ArrayList<>();
      for (Connection c : connections) {
        loads.add(
            pool.submit(
                () -> {
                  try (c;
                      InputStream in = Files.newInputStream(file)) {
                    return c.unwrap(PGConnection.class) // in buffers as large as Spate's
                        .getCopyAPI()
                        .copyIn("COPY big_t FROM STDIN (FORMAT binary)", in, 256 * 1024);
                  }
                }));
      }
      for (Future<Long> f : loads) {
        f.get();
      }
      return (System.nanoTime() - t0) / 1e9;
    } finally {
      pool.shutdownNow();
    }
  }

  // ---- coordinator ------------------------------------------------------------------------------

  /**
   * Jobs of tiny tasks (100 rows each) submitted through the real coordinator path to {@link
   * #workers} simulated workers that discard their rows: the time is the coordinator's and the
   * broker's, per task. Two sizes separate the job's fixed cost from its cost per task.
   */
  private void coordinator() throws Exception {
    try (EmbeddedBroker broker = EmbeddedBroker.start(0, work.resolve("kafka"));
        Fleet fleet = new Fleet(broker.bootstrapServers(), "cap", workers, true)) {
      print("coordinator fleet workers=%d ready_s=%.1f", workers, fleet.readySeconds);
      db.resetSchema(Scenario.SINGLE, url);
      double warm = fleet.submit("big_t=" + tasks / 8 * 100L, 100); // the JVM's first job
      print("coordinator warm-up job tasks=%d s=%.2f", tasks / 8, warm);
      Map<String, Long> cpuBefore = threadCpu();
      double[] seconds = new double[2];
      int[] sizes = {tasks / 4, tasks};
      for (int i = 0; i < 2; i++) {
        db.resetSchema(Scenario.SINGLE, url);
        seconds[i] = fleet.submit("big_t=" + sizes[i] * 100L, 100);
        print(
            "coordinator job tasks=%d s=%.2f tasks_per_s=%.0f",
            sizes[i], seconds[i], sizes[i] / seconds[i]);
      }
      print(
          "coordinator marginal tasks_per_s=%.0f (between the two jobs) fixed_s=%.2f",
          (sizes[1] - sizes[0]) / (seconds[1] - seconds[0]),
          seconds[0] - sizes[0] * (seconds[1] - seconds[0]) / (sizes[1] - sizes[0]));
      printCpu(cpuBefore, threadCpu(), seconds[0] + seconds[1], sizes[0] + sizes[1]);
      fleet.printRecordSizes();
    }
  }

  /** CPU seconds per thread group (the name without digits) since {@code before}: the top ten. */
  private static void printCpu(
      Map<String, Long> before, Map<String, Long> after, double wall, int tasks) {
    List<Map.Entry<String, Long>> used = new ArrayList<>();
    long total = 0;
    for (Map.Entry<String, Long> e : after.entrySet()) {
      long ns = e.getValue() - before.getOrDefault(e.getKey(), 0L);
      total += ns;
      used.add(Map.entry(e.getKey(), ns));
    }
    used.sort(Map.Entry.<String, Long>comparingByValue().reversed());
    print(
        "coordinator cpu total_s=%.1f over wall_s=%.1f (this JVM) per_task_ms=%.2f",
        total / 1e9, wall, total / 1e6 / tasks);
    for (Map.Entry<String, Long> e : used.subList(0, Math.min(10, used.size()))) {
      print(
          "coordinator cpu group=\"%s\" s=%.1f per_task_ms=%.2f",
          e.getKey(), e.getValue() / 1e9, e.getValue() / 1e6 / tasks);
    }
  }

  private static Map<String, Long> threadCpu() {
    ThreadMXBean mx = ManagementFactory.getThreadMXBean();
    Map<String, Long> byGroup = new HashMap<>();
    for (Thread t : Thread.getAllStackTraces().keySet()) {
      long ns = mx.getThreadCpuTime(t.threadId());
      if (ns > 0) {
        byGroup.merge(t.getName().replaceAll("[0-9a-f]{8}|[0-9]+", "#"), ns, Long::sum);
      }
    }
    return byGroup;
  }

  // ---- check ------------------------------------------------------------------------------------

  /**
   * Real fills of {@code single}: local with 1 and 2 threads, then 1, 2 and 4 workers. Each mode
   * first fills 1,000 rows twice: the faster is its fixed cost (introspection, plan, hand-offs,
   * ANALYZE), which the prediction adds to the rows' time.
   */
  private void check() throws Exception {
    long taskRows = Math.max(1, checkRows / 16);
    for (int threads : new int[] {1, 2}) {
      double fixed = Double.MAX_VALUE;
      for (long n : new long[] {1000, 1000, checkRows}) {
        db.resetSchema(Scenario.SINGLE, url);
        long t0 = System.nanoTime();
        fillSingle(n, taskRows, threads);
        double s = (System.nanoTime() - t0) / 1e9;
        fixed = n == 1000 ? Math.min(fixed, s) : fixed;
        printCheck("local threads=" + threads, threads, n, s, fixed);
      }
    }
    try (EmbeddedBroker broker = EmbeddedBroker.start(0, work.resolve("kafka-check"))) {
      for (int w : new int[] {1, 2, 4}) {
        try (Fleet fleet = new Fleet(broker.bootstrapServers(), "check" + w, w, false)) {
          double fixed = Double.MAX_VALUE;
          for (long n : new long[] {1000, 1000, checkRows, checkRows}) {
            db.resetSchema(Scenario.SINGLE, url);
            double s = fleet.submit("big_t=" + n, taskRows);
            fixed = n == 1000 ? Math.min(fixed, s) : fixed;
            printCheck("dist workers=" + w, w, n, s, fixed);
          }
        }
      }
    }
  }

  /** A check's measured time, and for a full-size fill the model's prediction beside it. */
  private void printCheck(String mode, int streams, long n, double seconds, double fixed) {
    if (n != checkRows || genPerThread == 0 || ingest[1] == 0) {
      print("check %s rows=%d s=%.2f", mode, n, seconds);
      return;
    }
    double rate = predictedRate(streams);
    print(
        "check %s rows=%d s=%.2f rows_per_s=%.0f predicted_s=%.2f (fixed %.2f + rows at %.0f/s)",
        mode, n, seconds, n / seconds, fixed + n / rate, fixed, rate);
  }

  /**
   * The model's rows per second for {@code streams} loading threads on this machine, where the
   * generators and the database share its cores: the least of what the threads generate, what the
   * database ingests with that many streams (no more than it has cores for), and what the cores can
   * do when every row costs generation time plus the server's time per row at full use.
   */
  private double predictedRate(int streams) {
    int cores = Runtime.getRuntime().availableProcessors();
    double server = ingest[Math.min(streams, 2)];
    double shared = cores / (1 / genPerThread + Math.min(cores, 2) / ingest[Math.min(cores, 2)]);
    return Math.min(Math.min(streams * genPerThread, server), shared);
  }

  /** {@code spate local}: {@code single} at {@code n} rows, with {@code threads}. */
  private void fillSingle(long n, long taskRows, int threads) {
    spate(
        "local",
        "--db",
        url,
        "--user",
        user,
        "--config",
        config.toString(),
        "--rows",
        "big_t=" + n,
        "--task-rows",
        Long.toString(taskRows),
        "--threads",
        Integer.toString(threads));
  }

  // ---- the fleet --------------------------------------------------------------------------------

  /**
   * Workers in this JVM, one task at a time each, on topics of their own and a tasks topic with a
   * partition per worker: what {@code spate worker --threads 1} runs, without a JVM per worker.
   */
  private final class Fleet implements AutoCloseable {
    final KafkaSettings kafka;
    final String prefix;
    final int partitions;
    final List<WorkerLoop> loops = new ArrayList<>();
    final List<Thread> threads = new ArrayList<>();
    final Targets targets;
    final double readySeconds;

    Fleet(String bootstrap, String name, int count, boolean dryRun) throws Exception {
      prefix = "scaling-" + name + "-" + System.nanoTime() + "-";
      partitions = Math.max(count, 2);
      kafka =
          KafkaSettings.of(
              bootstrap,
              null,
              new Topics("spate.jobs", "spate.tasks", "spate.events", partitions).prefixed(prefix));
      targets = new Targets(Map.of(Targets.DEFAULT, new Targets.Target(url, user, null)), count);
      long t0 = System.nanoTime();
      for (int i = 0; i < count; i++) {
        WorkerLoop loop =
            new WorkerLoop(
                kafka,
                targets,
                1,
                name + "-worker-" + i,
                5,
                Outage.DEFAULT,
                new WorkerMetrics(),
                dryRun);
        Thread thread = new Thread(loop::run, "spate-" + name + "-worker-" + i);
        loops.add(loop);
        threads.add(thread);
        thread.start();
      }
      long deadline = System.nanoTime() + Duration.ofMinutes(2).toNanos();
      while (!loops.stream().allMatch(WorkerLoop::ready)) {
        if (System.nanoTime() > deadline) {
          throw new IllegalStateException(
              loops.stream().filter(l -> !l.ready()).count()
                  + " of "
                  + count
                  + " workers hold no partition after 2 minutes");
        }
        Thread.sleep(50); // polling a readiness flag, not timing anything
      }
      readySeconds = (System.nanoTime() - t0) / 1e9;
    }

    /** Seconds of {@code spate submit} for {@code single} at {@code rowsArg}, to its summary. */
    double submit(String rowsArg, long taskRows) {
      long t0 = System.nanoTime();
      spate(
          "submit",
          "--bootstrap",
          kafka.bootstrap(),
          "--topic-prefix",
          prefix,
          "--task-partitions",
          Integer.toString(partitions),
          "--db",
          url,
          "--user",
          user,
          "--config",
          config.toString(),
          "--rows",
          rowsArg,
          "--task-rows",
          Long.toString(taskRows));
      return (System.nanoTime() - t0) / 1e9;
    }

    /** Count, mean and largest value size of each of the fleet's topics, read from the start. */
    void printRecordSizes() {
      Properties p = kafka.consumer();
      p.put(ConsumerConfig.AUTO_OFFSET_RESET_CONFIG, "earliest");
      p.put(ConsumerConfig.ENABLE_AUTO_COMMIT_CONFIG, "false");
      for (String topic :
          List.of(kafka.topics().jobs(), kafka.topics().tasks(), kafka.topics().events())) {
        try (KafkaConsumer<byte[], byte[]> c =
            new KafkaConsumer<>(p, new ByteArrayDeserializer(), new ByteArrayDeserializer())) {
          List<TopicPartition> tps =
              c.partitionsFor(topic).stream()
                  .map(i -> new TopicPartition(topic, i.partition()))
                  .toList();
          c.assign(tps);
          c.seekToBeginning(tps);
          Map<TopicPartition, Long> ends = c.endOffsets(tps);
          long count = 0;
          long sum = 0;
          long max = 0;
          while (tps.stream().anyMatch(tp -> c.position(tp) < ends.get(tp))) {
            for (ConsumerRecord<byte[], byte[]> r : c.poll(Duration.ofMillis(500))) {
              int size = r.serializedValueSize() + Math.max(0, r.serializedKeySize());
              count++;
              sum += size;
              max = Math.max(max, size);
            }
          }
          print(
              "coordinator records topic=%s count=%d mean_bytes=%.0f max_bytes=%d",
              topic.substring(prefix.length()),
              count,
              count == 0 ? 0.0 : (double) sum / count,
              max);
        }
      }
    }

    @Override
    public void close() throws Exception {
      loops.forEach(WorkerLoop::stop);
      for (Thread t : threads) {
        t.join(Duration.ofSeconds(30).toMillis());
      }
      for (WorkerLoop loop : loops) {
        loop.close();
      }
      targets.close();
    }
  }

  // ---- helpers ----------------------------------------------------------------------------------

  /** Runs the CLI in this JVM; returns its standard output, failing on a non-zero exit. */
  private static String spate(String... args) {
    ByteArrayOutputStream out = new ByteArrayOutputStream();
    ByteArrayOutputStream err = new ByteArrayOutputStream();
    int code =
        SpateCli.run(
            args,
            new PrintStream(out, true, StandardCharsets.UTF_8),
            new PrintStream(err, true, StandardCharsets.UTF_8));
    if (code != 0) {
      throw new IllegalStateException(
          "spate "
              + String.join(" ", args)
              + " exited "
              + code
              + ":\n"
              + err.toString(StandardCharsets.UTF_8));
    }
    return out.toString(StandardCharsets.UTF_8);
  }

  private static Matcher matched(Pattern pattern, String output) {
    Matcher m = pattern.matcher(output);
    if (!m.find()) {
      throw new IllegalStateException("no " + pattern + " in:\n" + output);
    }
    return m;
  }

  private static void print(String format, Object... args) {
    System.out.println("[scaling] " + String.format(Locale.ROOT, format, args));
    System.out.flush();
  }
}
