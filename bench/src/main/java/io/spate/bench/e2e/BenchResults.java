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

/**
 * The bench's measurements and what it writes of them: one line per scenario and mode on standard
 * output, {@code results.json} and {@code chart.svg}. A measurement is the median of a mode's timed
 * runs, compared with the median of the scenario's reference ({@code vs_ref} above 1 is faster than
 * the reference).
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
   * Adds a scenario's measurements, one per mode and one for its reference.
   *
   * @param seconds the timed runs of every mode and of the reference, by mode
   */
  void add(Scenario s, long rows, Map<String, List<Double>> seconds) {
    double refSeconds = median(seconds.get(s.reference.mode));
    for (var e : seconds.entrySet()) {
      double median = median(e.getValue());
      double vsRef = refSeconds / median;
      System.out.printf(
          Locale.ROOT,
          "[bench] %s %s rows=%d seconds=%.2f rows_per_s=%.0f vs_ref=%.2f%n",
          s.id,
          e.getKey(),
          rows,
          median,
          rows / median,
          vsRef);
      Map<String, Object> m = new LinkedHashMap<>();
      m.put("scenario", s.id);
      m.put("mode", e.getKey());
      m.put("rows", rows);
      m.put("seconds", round(median));
      m.put("rows_per_s", Math.round(rows / median));
      m.put("vs_ref", round(vsRef));
      m.put("reference", s.reference.mode);
      m.put("all_seconds", e.getValue().stream().map(BenchResults::round).toList());
      results.add(m);
    }
  }

  /** Writes every measurement so far, with the machine they were taken on. */
  void write(double factor, int runs, String postgresql) throws IOException {
    Map<String, Object> doc = new LinkedHashMap<>();
    Map<String, Object> machine = new LinkedHashMap<>();
    machine.put("cores", Runtime.getRuntime().availableProcessors());
    machine.put("java", System.getProperty("java.version"));
    machine.put("postgresql", postgresql);
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

  private static double median(List<Double> values) {
    List<Double> sorted = values.stream().sorted().toList();
    int n = sorted.size();
    return n % 2 == 1 ? sorted.get(n / 2) : (sorted.get(n / 2 - 1) + sorted.get(n / 2)) / 2;
  }

  private static double round(double v) {
    return Math.round(v * 1000) / 1000.0;
  }
}
