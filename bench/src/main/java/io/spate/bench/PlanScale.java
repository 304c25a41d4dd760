package io.spate.bench;

import io.spate.core.config.FillConfig;
import io.spate.core.plan.FillSettings;
import io.spate.core.plan.Planner;
import io.spate.protocol.plan.FillPlan;
import io.spate.protocol.schema.Column;
import io.spate.protocol.schema.ForeignKey;
import io.spate.protocol.schema.Schema;
import io.spate.protocol.schema.SqlType;
import io.spate.protocol.schema.Table;
import io.spate.protocol.schema.UniqueKey;
import java.io.IOException;
import java.lang.management.ManagementFactory;
import java.lang.management.MemoryPoolMXBean;
import java.lang.management.MemoryType;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.Map;

/**
 * How planning grows with the schema (issue 32, item 4; the table in {@code docs/scaling.md}):
 * plans a synthetic schema of N tables, half in chains of 100 (each table referencing the one
 * before it) and half in stars of 20 (a centre and 19 tables referencing it), and prints one line
 * per N with the tables, the tasks, the wall time of {@link Planner#plan}, the CPU time the process
 * spent in it (every thread, the collector's too: the figure a loaded machine stretches least) and
 * the JVM's peak resident memory ({@code VmHWM}) and peak heap.
 *
 * <p>Each N is planned in a fresh JVM (this class started again with the same flags), so a point's
 * time includes what a user's first plan pays (class loading, the value pools) and its peak memory
 * is its own.
 *
 * <pre>
 * bench/plan-scale [--task-rows R] [N ...]      (250 500 1000 2000 unless given)
 * </pre>
 */
public final class PlanScale {

  /** Tables of a chain. */
  static final int CHAIN = 100;

  /** Tables of a star, its centre included. */
  static final int STAR = 20;

  private PlanScale() {}

  public static void main(String[] args) throws Exception {
    Long taskRows = null;
    List<Integer> sizes = new ArrayList<>();
    boolean child = false;
    for (int i = 0; i < args.length; i++) {
      switch (args[i]) {
        case "--task-rows" -> taskRows = Long.parseLong(args[++i]);
        case "--child" -> child = true;
        default -> sizes.add(Integer.parseInt(args[i]));
      }
    }
    if (sizes.isEmpty()) {
      sizes = List.of(250, 500, 1000, 2000);
    }
    if (child) {
      System.out.println(measure(sizes.getFirst(), taskRows));
      return;
    }
    System.out.println("| tables | tasks | plan time | plan CPU | peak resident | peak heap |");
    System.out.println("| ---: | ---: | ---: | ---: | ---: | ---: |");
    for (int tables : sizes) {
      System.out.println(fork(tables, taskRows));
    }
  }

  /**
   * N tables: N/2 in chains of {@link #CHAIN} (the last one shorter), the rest in stars of {@link
   * #STAR} (the last one smaller). Every table has a bigint key {@code id}, two text columns, a
   * creation time and an amount; every table but a chain's first and a star's centre references its
   * parent by a {@code parent_id}.
   */
  public static Schema schema(int tables) {
    List<Table> all = new ArrayList<>(tables);
    int chained = tables / 2;
    for (int i = 0; i < chained; i++) {
      String parent = i % CHAIN == 0 ? null : "chain%d_t%03d".formatted(i / CHAIN, i % CHAIN - 1);
      all.add(table("chain%d_t%03d".formatted(i / CHAIN, i % CHAIN), parent, all.size()));
    }
    for (int i = 0; i < tables - chained; i++) {
      String centre = "star%d_centre".formatted(i / STAR);
      String name = i % STAR == 0 ? centre : "star%d_t%02d".formatted(i / STAR, i % STAR);
      all.add(table(name, i % STAR == 0 ? null : centre, all.size()));
    }
    return new Schema(all);
  }

  /** The {@code index}th table of the schema: a person when it is even, else a thing. */
  private static Table table(String name, String parent, int index) {
    List<Column> columns = new ArrayList<>();
    columns.add(Column.of("id", SqlType.BIGINT).with(false, -1));
    if (parent != null) {
      columns.add(Column.of("parent_id", SqlType.BIGINT).with(false, -1));
    }
    if (index % 2 == 0) { // a person: one row's name and e-mail agree (CorrelatedValues)
      columns.add(text("name", 64));
      columns.add(text("email", 255));
    } else { // a thing: a title and a free text (realistic pools)
      columns.add(text("title", 200));
      columns.add(text("description", 1000));
    }
    columns.add(Column.of("created_at", SqlType.TIMESTAMP).with(false, -1));
    columns.add(
        new Column(
            "amount", SqlType.NUMERIC, "numeric(12,2)", -1, 12, 2, true, false, false, null));
    List<ForeignKey> foreignKeys =
        parent == null
            ? List.of()
            : List.of(
                new ForeignKey(name + "_parent_fk", List.of("parent_id"), parent, List.of("id")));
    return new Table(
        Table.DEFAULT_SCHEMA,
        name,
        columns,
        new UniqueKey(name + "_pkey", List.of("id"), true),
        List.of(),
        foreignKeys,
        List.of());
  }

  private static Column text(String name, int length) {
    String type = "character varying(" + length + ")";
    return new Column(name, SqlType.VARCHAR, type, length, -1, -1, true, false, false, null);
  }

  /** Plans {@code tables} tables in this JVM and says what it took, as a row of the table. */
  private static String measure(int tables, Long taskRows) throws IOException {
    Schema schema = schema(tables);
    FillSettings settings = FillSettings.of(FillConfig.EMPTY, null, null, taskRows, Map.of());
    var os =
        (com.sun.management.OperatingSystemMXBean) ManagementFactory.getOperatingSystemMXBean();
    long cpu = os.getProcessCpuTime();
    long start = System.nanoTime();
    FillPlan plan = Planner.plan(schema, settings);
    double seconds = (System.nanoTime() - start) / 1e9;
    double cpuSeconds = (os.getProcessCpuTime() - cpu) / 1e9;
    long tasks = plan.taskRuns().stream().mapToLong(run -> run.count()).sum();
    // each heap pool's peak, summed: the pools peak at different times, so an upper bound
    long heap =
        ManagementFactory.getMemoryPoolMXBeans().stream()
            .filter(pool -> pool.getType() == MemoryType.HEAP)
            .map(MemoryPoolMXBean::getPeakUsage)
            .mapToLong(usage -> usage.getUsed())
            .sum();
    return String.format(
        Locale.ROOT,
        "| %,d | %,d | %.2f s | %.2f s | %d MB | %d MB |",
        tables,
        tasks,
        seconds,
        cpuSeconds,
        peakResidentKb() / 1024,
        heap / (1024 * 1024));
  }

  /** This process's peak resident set ({@code VmHWM} of {@code /proc/self/status}), in kB. */
  private static long peakResidentKb() throws IOException {
    return Files.readAllLines(Path.of("/proc/self/status")).stream()
        .filter(line -> line.startsWith("VmHWM:"))
        .mapToLong(line -> Long.parseLong(line.replaceAll("[^0-9]", "")))
        .findFirst()
        .orElse(-1);
  }

  /** One point in a fresh JVM with this one's flags and class path. */
  private static String fork(int tables, Long taskRows) throws Exception {
    List<String> command = new ArrayList<>();
    command.add(ProcessHandle.current().info().command().orElseThrow());
    command.addAll(ManagementFactory.getRuntimeMXBean().getInputArguments());
    command.addAll(
        List.of(
            "-cp", System.getProperty("java.class.path"), PlanScale.class.getName(), "--child"));
    if (taskRows != null) {
      command.addAll(List.of("--task-rows", taskRows.toString()));
    }
    command.add(Integer.toString(tables));
    Process p = new ProcessBuilder(command).redirectError(ProcessBuilder.Redirect.INHERIT).start();
    String out = new String(p.getInputStream().readAllBytes()).strip();
    if (p.waitFor() != 0) {
      throw new IllegalStateException("planning " + tables + " tables failed: " + out);
    }
    return out;
  }
}
