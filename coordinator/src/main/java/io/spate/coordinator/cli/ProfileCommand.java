package io.spate.coordinator.cli;

import io.spate.core.profile.Profile;
import io.spate.core.profile.StatisticsReader;
import io.spate.core.settings.Settings;
import io.spate.core.target.Database;
import io.spate.core.target.TargetSteps;
import io.spate.engine.settings.SettingsHelp;
import io.spate.protocol.error.SpateException;
import io.spate.worker.target.DatabaseOptions;
import java.nio.file.Path;
import java.sql.Connection;
import java.sql.SQLException;
import java.util.List;
import java.util.concurrent.Callable;
import picocli.CommandLine.Command;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Option;

/**
 * {@code spate profile}: writes a source database's statistics to a reviewable YAML file, reading
 * the catalog and the planner's statistics alone ({@link StatisticsReader}), never a row.
 */
@Command(
    name = "profile",
    mixinStandardHelpOptions = true,
    description =
        "Writes a database's planner statistics (row counts, null fractions, distinct counts,"
            + " frequent values, histograms) to a YAML profile; reads no row.",
    footer = SettingsHelp.POSTGRESQL_ONLY)
final class ProfileCommand implements Callable<Integer> {

  @Mixin DatabaseOptions database;

  @Option(names = "--schema", paramLabel = "NAME", split = ",", descriptionKey = "profile-schema")
  List<String> schemas = List.of();

  @Option(names = "--out", paramLabel = "FILE")
  Path out = Settings.PROFILE_OUT.defaultValue();

  @Option(names = "--include-values")
  boolean includeValues;

  @Override
  public Integer call() {
    SpateCli.Streams.err.println(
        "spate profile: "
            + database.describe()
            + " out="
            + out
            + " include-values="
            + includeValues);
    Profile profile;
    try (Connection c =
        Database.connect(database.db(), database.user(), database.password(), database.session())) {
      List<String> chosen = TargetSteps.of(c).chosenSchemas(c, schemas);
      SpateCli.Streams.err.println("schemas: " + String.join(", ", chosen));
      profile = StatisticsReader.read(c, chosen, includeValues);
    } catch (SQLException e) {
      throw new SpateException("closing the connection: " + e.getMessage(), e);
    }
    profile.write(out);
    SpateCli.Streams.out.println(
        "profile of "
            + profile.tables().size()
            + " tables written to "
            + out
            + (includeValues ? " (with the source's values)" : " (text values synthetic)"));
    return 0;
  }
}
