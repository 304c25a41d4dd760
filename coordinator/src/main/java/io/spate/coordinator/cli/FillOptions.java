package io.spate.coordinator.cli;

import io.spate.coordinator.config.FillConfig;
import io.spate.coordinator.plan.FillSettings;
import java.nio.file.Path;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import picocli.CommandLine.Option;

/** The options every command that plans a fill shares; each is declared here once. */
final class FillOptions {

  @Option(
      names = "--db",
      paramLabel = "JDBC_URL",
      description =
          "PostgreSQL JDBC URL, e.g. jdbc:postgresql://127.0.0.1:5432/test (required; not with submit --coordinator)")
  String db;

  @Option(
      names = "--user",
      paramLabel = "USER",
      description = "Database user (default: the URL's, else the driver's default)")
  String user;

  @Option(
      names = "--password-env",
      paramLabel = "VAR",
      description =
          "Environment variable holding the password (the password itself never goes on the command line)")
  String passwordEnv;

  @Option(
      names = "--schema",
      paramLabel = "NAME",
      split = ",",
      description = "Schemas to fill (default: public)")
  List<String> schemas = List.of("public");

  @Option(
      names = "--config",
      paramLabel = "FILE",
      description = "Fill configuration (YAML); optional")
  Path config;

  @Option(
      names = "--seed",
      paramLabel = "S",
      description = "Job seed; the same seed gives the same rows (default: config, else 42)")
  Long seed;

  @Option(
      names = "--rows",
      paramLabel = "TABLE=N",
      description = "Row count of a table; repeatable. Tables filled per this one scale with it")
  Map<String, Long> rows = new LinkedHashMap<>();

  @Option(
      names = "--default-rows",
      paramLabel = "N",
      description = "Rows for tables the config does not size (default: config, else 1000)")
  Long defaultRows;

  @Option(
      names = "--task-rows",
      paramLabel = "N",
      description =
          "Rows per task: the unit of parallel work and of one transaction (default: config, else 250000)")
  Long taskRows;

  /** The {@code --db} URL; required by every command but {@code submit --coordinator}. */
  String db() {
    if (db == null || db.isBlank()) {
      throw new io.spate.protocol.error.SpateException(
          "--db JDBC_URL is required (the PostgreSQL database to fill)");
    }
    return db;
  }

  FillConfig loadConfig() {
    return config == null ? FillConfig.EMPTY : FillConfig.load(config);
  }

  FillSettings settings(FillConfig fillConfig) {
    return FillSettings.of(fillConfig, seed, defaultRows, taskRows, rows);
  }

  String password() {
    if (passwordEnv == null) {
      return null;
    }
    String value = System.getenv(passwordEnv);
    if (value == null) {
      throw new io.spate.protocol.error.SpateException(
          "--password-env " + passwordEnv + ": that environment variable is not set");
    }
    return value;
  }

  /** The effective settings, for the one start-up log line; the password is never shown. */
  String describe(FillSettings s) {
    return "db="
        + db
        + " user="
        + (user == null ? "(default)" : user)
        + " password="
        + (passwordEnv == null ? "(none)" : "***($" + passwordEnv + ")")
        + " schemas="
        + schemas
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
        + (rows.isEmpty() ? "" : " rows=" + rows);
  }
}
