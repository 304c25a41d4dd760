package io.spate.bench.e2e;

import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.SerializationFeature;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Instant;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.function.ToDoubleFunction;

/**
 * The bench's measurements and what it writes of them: one line per scenario and mode on standard
 * output, {@code results.json} and {@code chart.svg}. A measurement is the median of a mode's timed
 * runs, compared with the median of each of the scenario's references ({@code vs}; {@code vs_ref}
 * is the first reference's; above 1 is faster than the reference), and, where {@link ServerCpu}
 * reads it, the median of the CPU seconds the database server spent in those runs ({@code
 * server_cpu_s}).
 */
final class BenchResults {

  private final Path out;
  private final List<Map<String, Object>> results = new ArrayList<>();

  /**
   * @param out the directory results.json and chart.svg go to
   */
  BenchResults(Path out) {
    this.out = out;
  }

  /**
   * Adds a scenario's measurements, one per mode and one per reference.
   *
   * @param references what the scenario was measured against, the first being {@code vs_ref}'s
   * @param timed the timed runs of every mode and of every reference, by mode
   * @param rowsByMode the rows of the modes that wrote other than {@code rows} (files), by mode
   * @param bytesByMode the bytes a mode wrote where they are known (files), by mode
   */
  void add(
      Scenario s,
      List<Scenario.Reference> references,
      long rows,
      Map<String, List<ServerCpu.Timed>> timed,
      Map<String, Long> rowsByMode,
      Map<String, Long> bytesByMode) {
    Map<String, Double> refSeconds = new LinkedHashMap<>();
    for (Scenario.Reference r : references) {
      if (timed.containsKey(r.mode)) { // not run when only file modes ran
        refSeconds.put(r.mode, median(timed.get(r.mode), ServerCpu.Timed::seconds));
      }
    }
    String reference = references.get(0).mode;
    for (var e : timed.entrySet()) {
      double median = median(e.getValue(), ServerCpu.Timed::seconds);
      double serverCpu = median(e.getValue(), ServerCpu.Timed::serverCpuSeconds); // NaN: absent
      Map<String, Object> vs = new LinkedHashMap<>();
      StringBuilder others = new StringBuilder();
      refSeconds.forEach(
          (ref, t) -> {
            vs.put(ref, round(t / median));
            if (!ref.equals(reference)) {
              others.append(String.format(Locale.ROOT, " vs_%s=%.2f", ref, t / median));
            }
          });
      double vsRef = refSeconds.getOrDefault(reference, Double.NaN) / median;
      long modeRows = rowsByMode.getOrDefault(e.getKey(), rows);
      Long bytes = bytesByMode.get(e.getKey());
      System.out.printf(
          Locale.ROOT,
          "[bench] %s %s rows=%d seconds=%.2f rows_per_s=%.0f%s%s%s%s%n",
          s.id,
          e.getKey(),
          modeRows,
          median,
          modeRows / median,
          bytes == null ? "" : String.format(Locale.ROOT, " mb_per_s=%.1f", bytes / 1e6 / median),
          Double.isNaN(vsRef) ? "" : String.format(Locale.ROOT, " vs_ref=%.2f", vsRef),
          others,
          Double.isNaN(serverCpu)
              ? ""
              : String.format(Locale.ROOT, " server_cpu=%.2fs", serverCpu));
      Map<String, Object> m = new LinkedHashMap<>();
      m.put("scenario", s.id);
      m.put("mode", e.getKey());
      m.put("rows", modeRows);
      m.put("seconds", round(median));
      m.put("rows_per_s", Math.round(modeRows / median));
      if (bytes != null) {
        m.put("bytes", bytes);
        m.put("mb_per_s", round(bytes / 1e6 / median));
      }
      m.put("vs_ref", Double.isNaN(vsRef) ? null : round(vsRef));
      m.put("reference", reference);
      m.put("vs", vs);
      m.put("all_seconds", e.getValue().stream().map(t -> round(t.seconds())).toList());
      if (!Double.isNaN(serverCpu)) {
        m.put("server_cpu_s", round(serverCpu));
      }
      results.add(m);
    }
  }

  /**
   * Writes every measurement so far, with the machine they were taken on.
   *
   * @param serverKind the server's kind in lower case ({@code postgresql}, {@code mariadb})
   */
  void write(double factor, int runs, String serverKind, String version) throws IOException {
    Map<String, Object> doc = new LinkedHashMap<>();
    Map<String, Object> machine = new LinkedHashMap<>();
    machine.put("cores", Runtime.getRuntime().availableProcessors());
    machine.put("java", System.getProperty("java.version"));
    machine.put(serverKind, version);
    machine.put("os", System.getProperty("os.name") + " " + System.getProperty("os.arch"));
    doc.put("date", Instant.now().toString());
    doc.put("machine", machine);
    doc.put("factor", factor);
    doc.put("iterations", runs);
    doc.put("measurements", results);
    new ObjectMapper()
        .enable(SerializationFeature.INDENT_OUTPUT)
        .writeValue(out.resolve("results.json").toFile(), doc);
    Files.writeString(out.resolve("chart.svg"), Chart.svg(results));
  }

  private static double median(
      List<ServerCpu.Timed> runs, ToDoubleFunction<ServerCpu.Timed> figure) {
    List<Double> sorted = runs.stream().map(figure::applyAsDouble).sorted().toList();
    int n = sorted.size();
    return n % 2 == 1 ? sorted.get(n / 2) : (sorted.get(n / 2 - 1) + sorted.get(n / 2)) / 2;
  }

  private static double round(double v) {
    return Math.round(v * 1000) / 1000.0;
  }
}
