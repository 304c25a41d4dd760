package io.spate.coordinator.cli;

import io.spate.core.profile.Profile;
import io.spate.core.profile.ProfileDistance;
import io.spate.core.profile.ProfileDistance.ColumnDistance;
import io.spate.core.profile.StatisticsReader;
import io.spate.core.target.Database;
import io.spate.core.target.TargetSteps;
import io.spate.engine.settings.SettingsHelp;
import io.spate.engine.target.SecretMask;
import io.spate.engine.target.SessionSettings;
import io.spate.protocol.error.SpateException;
import java.sql.Connection;
import java.sql.SQLException;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.Callable;
import picocli.CommandLine.Command;
import picocli.CommandLine.Option;

/**
 * {@code spate compare}: how far two databases' planner statistics lie apart, per column, worst
 * first ({@link ProfileDistance}). Both are profiled as {@code spate profile} does, values included
 * but kept in memory, so no row of either is read. The distances are reported, never judged: the
 * exit code is non-zero only when a database cannot be read.
 */
@Command(
    name = "compare",
    mixinStandardHelpOptions = true,
    description =
        "Compares two databases' planner statistics per column (null fraction, distinct count,"
            + " frequent values, histogram), worst columns first; reads no row. ANALYZE both first.",
    footer = SettingsHelp.POSTGRESQL_ONLY)
final class CompareCommand implements Callable<Integer> {

  @Option(names = "--db", paramLabel = "JDBC_URL", descriptionKey = "compare-db")
  List<String> dbs = List.of();

  @Option(names = "--user", paramLabel = "USER")
  String user;

  @Option(names = "--schema", paramLabel = "NAME", split = ",", descriptionKey = "compare-schema")
  List<String> schemas = List.of();

  @Override
  public Integer call() {
    if (dbs.size() != 2) {
      throw new SpateException(
          "spate compare takes two databases, --db A --db B; got " + dbs.size());
    }
    List<String> chosen = new ArrayList<>(schemas);
    Profile a = profile(dbs.get(0), chosen);
    Profile b = profile(dbs.get(1), chosen);
    List<String> missing = new ArrayList<>();
    List<ColumnDistance> distances = ProfileDistance.compare(a, b, missing);
    SpateCli.Streams.out.println(
        "spate compare: "
            + SecretMask.url(dbs.get(0))
            + " vs "
            + SecretMask.url(dbs.get(1))
            + ", schemas "
            + String.join(", ", chosen)
            + "; worst columns first");
    a.tables()
        .forEach(
            (table, stats) -> {
              var other = b.tables().get(table);
              if (other != null) {
                SpateCli.Streams.out.println(
                    "rows " + table + ": " + stats.rows() + " vs " + other.rows());
              }
            });
    distances.forEach(d -> SpateCli.Streams.out.println(d.line()));
    missing.forEach(m -> SpateCli.Streams.out.println("not compared: " + m));
    return 0;
  }

  /** A database's profile with its values; {@code schemas} filled from the first when empty. */
  private Profile profile(String db, List<String> schemas) {
    try (Connection c = Database.connect(db, user, null, SessionSettings.DEFAULT)) {
      if (schemas.isEmpty()) {
        schemas.addAll(TargetSteps.of(c).chosenSchemas(c, List.of()));
      }
      return StatisticsReader.read(c, schemas, true);
    } catch (SQLException e) {
      throw new SpateException("closing the connection to " + SecretMask.url(db), e);
    }
  }
}
