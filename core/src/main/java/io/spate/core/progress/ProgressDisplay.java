package io.spate.core.progress;

import io.spate.core.progress.FillProgress.TableProgress;
import java.io.PrintStream;
import java.util.List;
import java.util.Locale;
import java.util.concurrent.Executors;
import java.util.concurrent.ScheduledExecutorService;
import java.util.concurrent.TimeUnit;

/**
 * Shows a fill's progress on stderr: on a terminal, a live table redrawn twice a second (per table
 * and total: rows, rows/s, ETA); elsewhere (CI, pipes) one total line every ten seconds. The
 * summary goes to stdout and always ends with {@code filled <N> rows in <T> s (<R> rows/s)}.
 */
public final class ProgressDisplay implements AutoCloseable {

  private final FillProgress progress;
  private final PrintStream err;
  private final boolean live;
  private final ScheduledExecutorService timer;
  private int linesDrawn;

  private ProgressDisplay(FillProgress progress, PrintStream err, boolean live) {
    this.progress = progress;
    this.err = err;
    this.live = live;
    this.timer =
        Executors.newSingleThreadScheduledExecutor(
            r -> {
              Thread t = new Thread(r, "spate-progress");
              t.setDaemon(true);
              return t;
            });
  }

  public static ProgressDisplay start(FillProgress progress, PrintStream err, boolean live) {
    ProgressDisplay display = new ProgressDisplay(progress, err, live);
    display.timer.scheduleAtFixedRate(
        display::draw, live ? 500 : 10_000, live ? 500 : 10_000, TimeUnit.MILLISECONDS);
    return display;
  }

  private synchronized void draw() {
    if (live) {
      if (linesDrawn > 0) {
        err.print("\033[" + linesDrawn + "F\033[J");
      }
      List<TableProgress> active =
          progress.tables().stream().filter(TableProgress::started).toList();
      for (TableProgress t : active) {
        err.println(line(t.plan().name(), t.rows(), t.plan().rows(), t.seconds(), t.finished()));
      }
      err.println(
          line("total", progress.rows(), progress.plannedRows(), progress.elapsedSeconds(), false));
      linesDrawn = active.size() + 1;
    } else {
      err.println(
          "[progress] "
              + line(
                      "total",
                      progress.rows(),
                      progress.plannedRows(),
                      progress.elapsedSeconds(),
                      false)
                  .trim());
    }
    err.flush();
  }

  private static String formatSeconds(double s) {
    return s < 60
        ? String.format(Locale.ROOT, "%.0f s", s)
        : String.format(Locale.ROOT, "%d min %02d s", (long) s / 60, (long) s % 60);
  }

  /** Stops the live display (erasing it) and prints the per-table summary to {@code out}. */
  public synchronized void finish(PrintStream out) {
    close();
    double seconds = progress.elapsedSeconds();
    List<SummaryLine> lines =
        progress.tables().stream()
            .map(t -> new SummaryLine(t.plan().name(), t.rows(), t.seconds()))
            .toList();
    printSummary(out, lines, progress.rows(), seconds);
  }

  /** One table of the summary. */
  public record SummaryLine(String table, long rows, double seconds) {}

  /**
   * The summary every fill ends with, wherever its numbers come from (this process's counters, or a
   * coordinator service's API): per table rows, seconds and rows/s, then {@code filled <N> rows in
   * <T> s (<R> rows/s)}.
   */
  public static void printSummary(
      PrintStream out, List<SummaryLine> tables, long rows, double seconds) {
    out.println(
        String.format(Locale.ROOT, "%-24s %14s %10s %14s", "table", "rows", "seconds", "rows/s"));
    for (SummaryLine t : tables) {
      out.println(
          String.format(
              Locale.ROOT,
              "%-24s %14d %10.2f %14.0f",
              t.table(),
              t.rows(),
              t.seconds(),
              t.seconds() > 0 ? t.rows() / t.seconds() : 0));
    }
    out.println(
        String.format(
            Locale.ROOT,
            "filled %d rows in %.2f s (%.0f rows/s)",
            rows,
            seconds,
            seconds > 0 ? rows / seconds : 0));
    out.flush();
  }

  /** A progress line: name, rows of planned, percent, rows/s and ETA (or done). */
  public static String line(String name, long rows, long planned, double seconds, boolean done) {
    double rate = seconds > 0 ? rows / seconds : 0;
    String eta = done ? "done" : rate > 0 ? "ETA " + formatSeconds((planned - rows) / rate) : "";
    return String.format(
        Locale.ROOT,
        "  %-24s %,14d / %,-14d %5.1f%%  %,12.0f rows/s  %s",
        name,
        rows,
        planned,
        planned == 0 ? 100.0 : 100.0 * rows / planned,
        rate,
        eta);
  }

  @Override
  public synchronized void close() {
    timer.shutdownNow();
    if (live && linesDrawn > 0) {
      err.print("\033[" + linesDrawn + "F\033[J");
      err.flush();
      linesDrawn = 0;
    }
  }
}
