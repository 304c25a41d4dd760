package io.spate.coordinator.cli;

import io.spate.core.config.FillConfig;
import io.spate.core.introspect.DdlSchema;
import io.spate.core.plan.FillSettings;
import io.spate.core.plan.LoadTraits;
import io.spate.core.plan.Plans;
import io.spate.core.profile.Profile;
import io.spate.core.profile.ProfiledPlan;
import io.spate.core.settings.Settings;
import io.spate.core.target.TargetSteps;
import io.spate.protocol.error.SpateException;
import io.spate.protocol.plan.FillPlan;
import io.spate.worker.target.DatabaseOptions;
import java.nio.file.Path;
import java.sql.Connection;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Option;

/**
 * The options every command that plans a fill shares (a picocli mixin). Their help, defaults and
 * bounds are declared in {@link Settings}; a value given here is already checked against them.
 */
final class FillOptions {

  @Mixin DatabaseOptions database;

  /** The schemas named; none: every schema that holds tables ({@link #chosenSchemas}). */
  @Option(names = "--schema", paramLabel = "NAME", split = ",")
  List<String> schemas = List.of();

  @Option(names = "--config", paramLabel = "FILE")
  Path config;

  @Option(names = "--seed", paramLabel = "S")
  Long seed;

  @Option(names = "--rows", paramLabel = "TABLE=N")
  Map<String, Long> rows = new LinkedHashMap<>();

  @Option(names = "--default-rows", paramLabel = "N")
  Long defaultRows;

  @Option(names = "--task-rows", paramLabel = "N")
  Long taskRows;

  @Option(names = "--profile", paramLabel = "FILE")
  Path profile;

  @Option(names = "--scale", paramLabel = "F")
  double scale = Settings.SCALE.defaultValue();

  private Profile loadedProfile;

  /** The profile {@code --profile} names, read once; null without one. */
  Profile profile() {
    if (profile != null && loadedProfile == null) {
      loadedProfile = Profile.read(profile);
    }
    return loadedProfile;
  }

  /**
   * The schemas to fill, printed before anything is written: those {@code --schema} names, else
   * every schema that holds tables of the application's own.
   */
  List<String> chosenSchemas(Connection connection) {
    List<String> chosen = TargetSteps.of(connection).chosenSchemas(connection, schemas);
    SpateCli.Streams.err.println(
        "schemas: "
            + (!schemas.isEmpty()
                ? String.join(", ", chosen)
                : chosen.isEmpty()
                    ? "none (no schema holds a table but the system's, spate's and extensions' own)"
                    : String.join(", ", chosen)
                        + " (every schema that holds tables; --schema narrows)"));
    return chosen;
  }

  /**
   * The plan of the schema DDL file {@code ddl} declares ({@link DdlSchema}), for rows written as
   * files ({@link LoadTraits#FILES}): no database is reached. Prints the effective settings, what
   * the file held and the plan's summary, as a plan from a database does.
   *
   * @throws SpateException with {@code --db} or another database option given too
   */
  FillPlan ddlPlan(Path ddl, String command, String extraSettings) {
    if (!database.given().isEmpty()) {
      throw new SpateException(
          "--ddl reads the schema from a file and --db from a database; give one ("
              + String.join(", ", database.given())
              + " given with --ddl)");
    }
    FillConfig fillConfig = loadConfig();
    FillSettings settings = settings(fillConfig);
    SpateCli.Streams.err.println(command + ": " + describe(settings, ddl) + " " + extraSettings);
    DdlSchema.Reading reading = DdlSchema.read(ddl, schemas);
    reading.notes().forEach(SpateCli.Streams.err::println);
    FillPlan plan =
        Plans.checkedPlan(reading.schema(), settings, null, null, profile(), LoadTraits.FILES);
    SpateCli.Streams.err.println("plan: " + PlanPrinter.summary(plan));
    return plan;
  }

  FillConfig loadConfig() {
    return config == null ? FillConfig.EMPTY : FillConfig.load(config);
  }

  /**
   * The settings; with a profile, the root tables nothing else sizes get the source's rows times
   * {@code --scale} ({@link ProfiledPlan#rows}).
   */
  FillSettings settings(FillConfig fillConfig) {
    if (profile == null && scale != Settings.SCALE.defaultValue()) {
      throw new SpateException("--scale multiplies a profile's row counts: give --profile too");
    }
    Map<String, Long> sized =
        profile == null ? rows : ProfiledPlan.rows(profile(), fillConfig, rows, scale);
    return FillSettings.of(fillConfig, seed, defaultRows, taskRows, sized);
  }

  /** The effective settings, for the one start-up log line; the password is never shown. */
  String describe(FillSettings s) {
    return describe(s, database.describe());
  }

  /** The same, the schema read from DDL file {@code ddl} rather than a database. */
  String describe(FillSettings s, Path ddl) {
    return describe(s, "ddl=" + ddl);
  }

  private String describe(FillSettings s, String source) {
    return source
        + " config="
        + (config == null ? "(none)" : config)
        + " seed="
        + s.seed()
        + " default-rows="
        + s.defaultRows()
        + " task-rows="
        + s.taskRows()
        + " null-ratio="
        + s.nullRatio()
        + (rows.isEmpty() ? "" : " rows=" + rows)
        + (profile == null ? "" : " profile=" + profile + " scale=" + scale);
  }
}
