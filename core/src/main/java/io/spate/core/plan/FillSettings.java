package io.spate.core.plan;

import io.spate.core.config.FillConfig;
import io.spate.core.settings.Settings;
import java.util.Map;

/**
 * What the planner is told: the config file's content, with the command line's overrides already
 * applied to seed, default rows, task rows and null ratio.
 *
 * @param rowOverrides {@code --rows TABLE=N}: row counts of root tables
 * @param triggersOff whether the loads run with the user's triggers off ({@code
 *     --disable-triggers}): then no trigger writes a table ({@link
 *     io.spate.protocol.schema.Table#writtenBy()})
 */
public record FillSettings(
    FillConfig config,
    long seed,
    long defaultRows,
    long taskRows,
    double nullRatio,
    Map<String, Long> rowOverrides,
    boolean triggersOff) {

  // Declared in the settings catalog; named here for the planner's callers.
  public static final long DEFAULT_SEED = Settings.SEED.defaultValue();
  public static final long DEFAULT_ROWS = Settings.DEFAULT_ROWS.defaultValue();
  public static final long DEFAULT_TASK_ROWS = Settings.TASK_ROWS.defaultValue();
  public static final double DEFAULT_NULL_RATIO = Settings.NULL_RATIO.defaultValue();

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
        rowOverrides,
        false);
  }

  /** These settings for loads with the user's triggers off, or on. */
  public FillSettings withTriggersOff(boolean off) {
    return new FillSettings(config, seed, defaultRows, taskRows, nullRatio, rowOverrides, off);
  }

  private static long firstNonNull(Long a, Long b, long c) {
    return a != null ? a : b != null ? b : c;
  }
}
