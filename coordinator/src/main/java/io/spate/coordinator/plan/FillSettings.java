package io.spate.coordinator.plan;

import io.spate.coordinator.config.FillConfig;
import java.util.Map;

/**
 * What the planner is told: the config file's content, with the command line's overrides already
 * applied to seed, default rows, task rows and null ratio.
 *
 * @param rowOverrides {@code --rows TABLE=N}: row counts of root tables
 */
public record FillSettings(
    FillConfig config,
    long seed,
    long defaultRows,
    long taskRows,
    double nullRatio,
    Map<String, Long> rowOverrides) {

  public static final long DEFAULT_SEED = 42;
  public static final long DEFAULT_ROWS = 1000;
  public static final long DEFAULT_TASK_ROWS = 250_000;
  public static final double DEFAULT_NULL_RATIO = 0.01;

  public FillSettings {
    rowOverrides = Map.copyOf(rowOverrides);
  }

  /** Command-line values win over the file's, which win over the defaults. */
  public static FillSettings of(
      FillConfig config,
      Long seed,
      Long defaultRows,
      Long taskRows,
      Map<String, Long> rowOverrides) {
    return new FillSettings(
        config,
        firstNonNull(seed, config.seed(), DEFAULT_SEED),
        firstNonNull(defaultRows, config.defaultRows(), DEFAULT_ROWS),
        firstNonNull(taskRows, config.taskRows(), DEFAULT_TASK_ROWS),
        config.nullRatio() == null ? DEFAULT_NULL_RATIO : config.nullRatio(),
        rowOverrides);
  }

  private static long firstNonNull(Long a, Long b, long c) {
    return a != null ? a : b != null ? b : c;
  }
}
