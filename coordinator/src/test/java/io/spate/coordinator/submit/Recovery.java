package io.spate.coordinator.submit;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardOpenOption;
import java.time.Duration;
import java.util.Locale;

/**
 * The fault suite's report: each scenario prints, and appends to {@code target/fault-recovery.txt},
 * how long its job took to finish after the fault ended (the kill, the restart, the end of the
 * outage) and how long the whole job took.
 */
final class Recovery {

  private static final Path REPORT = Path.of("target", "fault-recovery.txt");

  /** Starts a scenario's clock: the job is submitted now. */
  static Recovery start() {
    return new Recovery(System.nanoTime());
  }

  private final long jobStarted;
  private long faultEnded;

  private Recovery(long jobStarted) {
    this.jobStarted = jobStarted;
    this.faultEnded = jobStarted;
  }

  /**
   * The fault is over now (the process is killed, the server is back, the link is up), or, for a
   * fault the job must ride out without waiting for its end, the fault has struck now.
   */
  void faultEnded() {
    faultEnded = System.nanoTime();
  }

  /** The job finished now: prints and records the scenario's times. */
  void finished(String scenario) {
    long now = System.nanoTime();
    String line =
        String.format(
            Locale.ROOT,
            "fault suite: %-44s recovered in %5.1f s after the fault; job %5.1f s",
            scenario,
            (now - faultEnded) / 1e9,
            (now - jobStarted) / 1e9);
    System.out.println(line);
    try {
      Files.createDirectories(REPORT.getParent());
      Files.writeString(REPORT, line + "\n", StandardOpenOption.CREATE, StandardOpenOption.APPEND);
    } catch (IOException e) {
      throw new UncheckedIOException("cannot write " + REPORT, e);
    }
  }

  /** How long ago the fault ended. */
  Duration sinceFault() {
    return Duration.ofNanos(System.nanoTime() - faultEnded);
  }
}
