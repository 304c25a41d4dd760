package io.spate.core.settings;

import io.spate.engine.settings.Setting;
import io.spate.engine.settings.SettingsHelp;
import io.spate.engine.settings.WorkerSettings;
import io.spate.engine.target.Targets;
import io.spate.protocol.error.Problems;
import io.spate.protocol.error.SpateException;
import java.lang.reflect.InvocationTargetException;
import java.lang.reflect.RecordComponent;
import java.net.URI;
import java.nio.file.Path;
import java.util.List;

/**
 * Every setting of the coordinator's commands, of {@code fill.yaml} and of a job request, each
 * declared once (with the worker module's, {@link WorkerSettings}). The command line's help and
 * bounds check, the config file's and the request's checks, {@code FillSettings}' defaults and the
 * docs' option tables all read these declarations.
 */
public final class Settings {

  private Settings() {}

  // What to fill: spate local, plan and submit (FillOptions), fill.yaml and a job request.

  public static final Setting<String> SCHEMAS =
      Setting.option(
              "--schema",
              String.class,
              "Schemas whose tables are filled (on the command line: comma-separated or repeated)")
          .field("schemas")
          .defaultText(
              "every schema that holds tables, but the system's, spate's and extensions' own");

  public static final Setting<Path> DDL =
      Setting.option(
              "--ddl",
              Path.class,
              "Read the schema from this DDL file (PostgreSQL or MySQL/MariaDB CREATE TABLE, CREATE TYPE ... AS ENUM, ALTER TABLE ... ADD CONSTRAINT, CREATE UNIQUE INDEX) instead of a database: spate plan, and spate local with --out; not with --db")
          .defaultText("none");

  public static final Setting<Path> CONFIG =
      Setting.option(
              "--config",
              Path.class,
              "Fill configuration (YAML); without one every table gets --default-rows rows of type-based values")
          .defaultText("none");

  public static final Setting<String> CONFIG_TEXT =
      Setting.field("config", String.class, "The fill configuration: the text of a fill.yaml")
          .key("config-text")
          .defaultText("none");

  public static final Setting<Long> SEED =
      Setting.option("--seed", Long.class, "Job seed: the same seed and schema give the same rows")
          .field("seed")
          .defaultValue(42L, "config, else %s");

  public static final Setting<Long> ROWS =
      Setting.option(
              "--rows",
              Long.class,
              "Row counts by table; tables filled per one scale along (--rows warehouse=2, repeatable)")
          .field("rows")
          .min(0);

  public static final Setting<Long> DEFAULT_ROWS =
      Setting.option("--default-rows", Long.class, "Rows of a table nothing else sizes")
          .field("defaultRows")
          .defaultValue(1000L, "config, else %s")
          .min(0);

  public static final Setting<Long> TASK_ROWS =
      Setting.option(
              "--task-rows",
              Long.class,
              "Rows per task: the unit of parallel work and of one transaction")
          .field("taskRows")
          .defaultValue(250_000L, "config, else %s")
          .min(1);

  public static final Setting<Double> NULL_RATIO =
      Setting.field("nullRatio", Double.class, "Share of NULLs in nullable, non-key columns")
          .defaultValue(0.01)
          .min(0)
          .max(1);

  public static final Setting<Boolean> REALISTIC_VALUES =
      Setting.field(
              "realisticValues",
              Boolean.class,
              "Text columns named like first_name, email, city, zip, company that nothing else decides get realistic values")
          .defaultValue(true);

  public static final Setting<Object> TABLES =
      Setting.field(
          "tables",
          Object.class,
          "Per-table settings by table (schema.table, or a name one schema alone holds): rows, or per and count; breakCycleAt; indexes (after or during the load; unset: chosen); columns (see below)");

  // How to load: spate local and submit, and a job request.

  public static final Setting<Boolean> EXPLAIN =
      Setting.option(
              "--explain",
              Boolean.class,
              "spate plan: print each written column's meaning (flag, created, vocabulary, ...), the evidence that decided it and what the plan draws; a column's meaning: in the config overrides it")
          .defaultValue(false, "off");

  public static final Setting<Boolean> TRUNCATE =
      Setting.option(
              "--truncate",
              Boolean.class,
              "Empty the tables to fill first, in one TRUNCATE named before it runs, with the empty tables outside the fill that reference them (one holding rows stops the fill); without it a non-empty table stops the fill before anything is written")
          .field("truncate")
          .defaultValue(false, "off");

  public static final Setting<String> OUT =
      Setting.option(
              "--out",
              String.class,
              "Write the rows as files into this directory instead of into a database (the schema is read from --db or --ddl): one file per task in a directory per table, and a _manifest.json per table (see --format); with submit, workers write the files into their own mounts of this directory, named by --target")
          .key("files-out");

  public static final Setting<String> FORMAT =
      Setting.option(
              "--format",
              String.class,
              "The files' format with --out: csv (RFC 4180 with a header; NULL an empty unquoted field, the empty string \"\") or parquet (SNAPPY; decimals, timestamps with and without zone, uuid, JSON and lists in their logical types)")
          .defaultValue("csv");

  public static final Setting<Boolean> RESUME =
      Setting.option(
              "--resume",
              Boolean.class,
              "Finish an interrupted fill run with the same arguments: skip the tasks whose ledger rows show them committed (not with --truncate)")
          .defaultValue(false, "off");

  public static final Setting<Boolean> DISABLE_TRIGGERS =
      Setting.option(
              "--disable-triggers",
              Boolean.class,
              "Load with user triggers off (session_replication_role = replica, per load transaction; needs a superuser, or on PostgreSQL 15+"
                  + " GRANT SET ON PARAMETER session_replication_role); foreign keys are then checked after the load")
          .field("disableTriggers")
          .defaultValue(false, "off: triggers fire");

  // Distributed: spate submit and spate coordinator, and a job request.

  public static final Setting<String> TARGET_NAME =
      Setting.option(
              "--target",
              String.class,
              "Target name the workers (or the coordinator service) map to a database of their own, or with --out to their mount of the directory")
          .key("target-name")
          .field("target")
          .defaultValue(Targets.DEFAULT, "%s: a worker's or the service's --db");

  public static final Setting<Boolean> DETACH =
      Setting.option(
              "--detach",
              Boolean.class,
              "Publish the job, print its id and return; a spate coordinator follows it")
          .defaultValue(false, "off");

  public static final Setting<URI> COORDINATOR =
      Setting.option(
              "--coordinator",
              URI.class,
              "Submit to a coordinator service (http://host:8080) instead of Kafka; it holds the database and Kafka settings")
          .defaultText("none");

  public static final Setting<Path> TOKEN_FILE =
      Setting.option(
              "--token-file",
              Path.class,
              "File holding the API bearer token, for the coordinator service and submit --coordinator")
          .defaultText("$SPATE_API_TOKEN");

  public static final Setting<Integer> MAX_ATTEMPTS =
      Setting.option(
              "--max-attempts",
              Integer.class,
              "Attempts of a task that fails with a retriable error before the job fails")
          .field("maxAttempts")
          .defaultValue(3)
          .min(1);

  public static final Setting<Long> STALL_SECONDS =
      Setting.option(
              "--stall-seconds", Long.class, "A started task silent this long is published again")
          .field("stallSeconds")
          .defaultValue(300L)
          .min(1);

  public static final Setting<Integer> PORT =
      Setting.option(
              "--port",
              Integer.class,
              "Run the coordinator service with its HTTP API on this port (0: any free port)")
          .defaultText("none: follow jobs instead")
          .min(0)
          .max(65_535);

  public static final Setting<String> BIND =
      Setting.option("--bind", String.class, "Service: the address to listen on")
          .defaultValue("0.0.0.0", "%s, every interface");

  public static final Setting<Boolean> NO_AUTH =
      Setting.option(
              "--no-auth",
              Boolean.class,
              "Service: run without a token (anyone who reaches the port may submit and cancel jobs)")
          .defaultValue(false, "off");

  public static final Setting<Boolean> METRICS_PUBLIC =
      Setting.option(
              "--metrics-public",
              Boolean.class,
              "Service: serve /metrics without the token (for a Prometheus scraper)")
          .defaultValue(false, "off");

  // spate broker

  public static final Setting<Integer> BROKER_PORT =
      Setting.option("--port", Integer.class, "Client port on --host; 0 picks a free one")
          .key("broker-port")
          .defaultValue(9092)
          .min(0)
          .max(65_535);

  public static final Setting<String> BROKER_HOST =
      Setting.option(
              "--host",
              String.class,
              "The address the broker listens on and advertises: 127.0.0.1, or an address of this machine that clients on other hosts or network namespaces reach")
          .key("broker-host")
          .defaultValue("127.0.0.1");

  public static final Setting<Path> BROKER_DATA_DIR =
      Setting.option("--data-dir", Path.class, "Where the broker keeps its logs, kept across runs")
          .defaultText("a temporary directory, deleted on exit");

  // spate profile

  public static final Setting<String> PROFILE_SCHEMAS =
      Setting.option(
              "--schema",
              String.class,
              "Schemas whose tables are profiled (comma-separated or repeated)")
          .key("profile-schema")
          .defaultText(
              "every schema that holds tables, but the system's, spate's and extensions' own");

  public static final Setting<Path> PROFILE_OUT =
      Setting.option("--out", Path.class, "Where the profile (YAML) is written")
          .defaultValue(Path.of("profile.yaml"));

  public static final Setting<Boolean> INCLUDE_VALUES =
      Setting.option(
              "--include-values",
              Boolean.class,
              "Write the source's own frequent values and histogram bounds of text (and every other non-numeric, non-temporal) column")
          .defaultValue(false, "off: synthetic values of the same length and frequency");

  // spate local|submit --profile

  public static final Setting<Path> PROFILE =
      Setting.option(
              "--profile",
              Path.class,
              "A profile (spate profile) whose statistics the open columns and the root tables' row counts follow")
          .defaultText("none");

  public static final Setting<Double> SCALE =
      Setting.option(
              "--scale",
              Double.class,
              "With --profile: rows of each profiled root table, as a multiple of the source's")
          .defaultValue(1.0)
          .min(0);

  // spate compare

  public static final Setting<String> COMPARE_DBS =
      Setting.option(
              "--db", String.class, "The two databases compared, as JDBC URLs: --db A --db B")
          .key("compare-db");

  public static final Setting<String> COMPARE_SCHEMAS =
      Setting.option(
              "--schema",
              String.class,
              "Schemas whose tables are compared (comma-separated or repeated)")
          .key("compare-schema")
          .defaultText("every schema that holds tables in the first database");

  /** The top-level keys of {@code fill.yaml}: the components of {@code FillConfig}. */
  public static final List<Setting<?>> CONFIG_KEYS =
      List.of(SEED, DEFAULT_ROWS, TASK_ROWS, NULL_RATIO, REALISTIC_VALUES, TABLES);

  /** The fields of a job request ({@code POST /jobs}): the components of {@code JobRequest}. */
  public static final List<Setting<?>> JOB_REQUEST =
      List.of(
          TARGET_NAME,
          CONFIG_TEXT,
          SCHEMAS,
          SEED,
          ROWS,
          DEFAULT_ROWS,
          TASK_ROWS,
          TRUNCATE,
          DISABLE_TRIGGERS,
          MAX_ATTEMPTS,
          STALL_SECONDS);

  /**
   * Every setting, the worker module's included ({@link WorkerSettings#ALL}, a test checks), in the
   * order help and the docs list them: what the command line's help and check read.
   */
  public static final List<Setting<?>> ALL =
      List.of(
          WorkerSettings.DB,
          WorkerSettings.USER,
          WorkerSettings.PASSWORD_ENV,
          WorkerSettings.TARGETS,
          WorkerSettings.DEAD_LINK_SECONDS,
          DDL,
          SCHEMAS,
          CONFIG,
          CONFIG_TEXT,
          SEED,
          ROWS,
          DEFAULT_ROWS,
          TASK_ROWS,
          NULL_RATIO,
          REALISTIC_VALUES,
          TABLES,
          WorkerSettings.THREADS,
          WorkerSettings.DRY_RUN,
          EXPLAIN,
          OUT,
          FORMAT,
          TRUNCATE,
          RESUME,
          DISABLE_TRIGGERS,
          TARGET_NAME,
          DETACH,
          COORDINATOR,
          PORT,
          BIND,
          TOKEN_FILE,
          NO_AUTH,
          METRICS_PUBLIC,
          MAX_ATTEMPTS,
          STALL_SECONDS,
          WorkerSettings.HTTP_PORT,
          WorkerSettings.HTTP_HOST,
          WorkerSettings.GRACE_SECONDS,
          WorkerSettings.OUTAGE_SECONDS,
          WorkerSettings.BOOTSTRAP,
          WorkerSettings.KAFKA_CONFIG,
          WorkerSettings.TOPIC_PREFIX,
          WorkerSettings.TASK_PARTITIONS,
          BROKER_PORT,
          BROKER_HOST,
          BROKER_DATA_DIR,
          PROFILE_SCHEMAS,
          PROFILE_OUT,
          INCLUDE_VALUES,
          PROFILE,
          SCALE,
          COMPARE_DBS,
          COMPARE_SCHEMAS);

  /**
   * Checks the values of a record whose components are settings' fields (a job request, a fill
   * configuration) against their bounds, naming each by its field; null components were not given.
   */
  public static void check(Record record, List<Setting<?>> fields, Problems problems) {
    for (RecordComponent c : record.getClass().getRecordComponents()) {
      Setting<?> setting =
          fields.stream()
              .filter(s -> c.getName().equals(s.field()))
              .findFirst()
              .orElseThrow(
                  () ->
                      new IllegalStateException(
                          record.getClass().getSimpleName()
                              + "."
                              + c.getName()
                              + " has no declared setting"));
      setting.check(problems, value(record, c), c.getName());
    }
  }

  private static Object value(Record record, RecordComponent c) {
    try {
      return c.getAccessor().invoke(record);
    } catch (IllegalAccessException | InvocationTargetException e) {
      throw new SpateException("reading " + c + ": " + e, e);
    }
  }

  /** The help of every option of {@code spate} and its subcommands but {@code spate worker}. */
  public static final class Help extends SettingsHelp {
    public Help() {
      super(ALL);
    }
  }
}
