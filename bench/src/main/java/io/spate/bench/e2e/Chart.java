package io.spate.bench.e2e;

import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;

/** A grouped bar chart of rows/s per scenario and mode, as a self-contained SVG. */
final class Chart {

  private static final String[] COLORS = {
    "#4e79a7", "#59a14f", "#f28e2b", "#e15759", "#b07aa1", "#9c755f", "#76b7b2"
  };

  private Chart() {}

  static String svg(List<Map<String, Object>> results) {
    Map<String, Map<String, Long>> byScenario = new LinkedHashMap<>();
    List<String> modes = new ArrayList<>();
    long max = 1;
    for (Map<String, Object> r : results) {
      String mode = (String) r.get("mode");
      long rate = ((Number) r.get("rows_per_s")).longValue();
      byScenario
          .computeIfAbsent((String) r.get("scenario"), s -> new LinkedHashMap<>())
          .put(mode, rate);
      if (!modes.contains(mode)) {
        modes.add(mode);
      }
      max = Math.max(max, rate);
    }
    int bar = 14;
    int gap = 24;
    int left = 70;
    int top = 40;
    int height = 260;
    int groupWidth = modes.size() * bar + gap;
    int width = Math.max(640, left + byScenario.size() * groupWidth + 160);
    StringBuilder s = new StringBuilder();
    s.append(
        String.format(
            Locale.ROOT,
            "<svg xmlns=\"http://www.w3.org/2000/svg\" width=\"%d\" height=\"%d\" font-family=\"sans-serif\" font-size=\"11\">%n",
            width,
            top + height + 60));
    s.append(
        String.format(
            Locale.ROOT,
            "<text x=\"%d\" y=\"20\" font-size=\"14\">Spate end-to-end bench: rows/s per scenario and mode (higher is better)</text>%n",
            left));
    long step = niceStep(max);
    for (long v = 0; v <= max; v += step) {
      int y = top + height - (int) (height * v / (double) max);
      s.append(
          String.format(
              Locale.ROOT,
              "<line x1=\"%d\" y1=\"%d\" x2=\"%d\" y2=\"%d\" stroke=\"#ddd\"/>%n",
              left,
              y,
              width - 150,
              y));
      s.append(
          String.format(
              Locale.ROOT,
              "<text x=\"%d\" y=\"%d\" text-anchor=\"end\">%s</text>%n",
              left - 6,
              y + 4,
              human(v)));
    }
    int x = left + gap / 2;
    for (var scenario : byScenario.entrySet()) {
      for (int i = 0; i < modes.size(); i++) {
        Long rate = scenario.getValue().get(modes.get(i));
        if (rate != null) {
          int h = (int) (height * rate / (double) max);
          s.append(
              String.format(
                  Locale.ROOT,
                  "<rect x=\"%d\" y=\"%d\" width=\"%d\" height=\"%d\" fill=\"%s\"><title>%s %s: %,d rows/s</title></rect>%n",
                  x + i * bar,
                  top + height - h,
                  bar - 2,
                  h,
                  COLORS[i % COLORS.length],
                  scenario.getKey(),
                  modes.get(i),
                  rate));
        }
      }
      s.append(
          String.format(
              Locale.ROOT,
              "<text x=\"%d\" y=\"%d\" text-anchor=\"middle\">%s</text>%n",
              x + modes.size() * bar / 2,
              top + height + 16,
              scenario.getKey()));
      x += groupWidth;
    }
    for (int i = 0; i < modes.size(); i++) {
      int ly = top + 10 + i * 18;
      s.append(
          String.format(
              Locale.ROOT,
              "<rect x=\"%d\" y=\"%d\" width=\"12\" height=\"12\" fill=\"%s\"/><text x=\"%d\" y=\"%d\">%s</text>%n",
              width - 140,
              ly,
              COLORS[i % COLORS.length],
              width - 122,
              ly + 10,
              modes.get(i)));
    }
    return s.append("</svg>\n").toString();
  }

  /** The smallest of 1, 2, 5 x 10^k that cuts [0, max] into at most eight steps. */
  private static long niceStep(long max) {
    for (long magnitude = 1; ; magnitude *= 10) {
      for (long m : new long[] {1, 2, 5}) {
        if (max / (m * magnitude) <= 8) {
          return m * magnitude;
        }
      }
    }
  }

  private static String human(long v) {
    return v >= 1_000_000
        ? String.format(Locale.ROOT, "%.1fM", v / 1e6)
        : v >= 1000 ? (v / 1000) + "k" : Long.toString(v);
  }
}
