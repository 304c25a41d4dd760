package io.spate.engine.settings;

import io.spate.protocol.message.Topics;
import java.nio.file.Path;
import java.util.List;

/**
 * The settings of the worker module's commands and mixins, each declared once: the database
 * options, the Kafka options, and {@code spate worker}'s own. The coordinator's catalog includes
 * this one (a worker image carries no coordinator code, so it cannot be the other way round).
 */
public final class WorkerSettings {

  private WorkerSettings() {}

  public static final Setting<String> DB =
      Setting.option(
              "--db",
              String.class,
              "JDBC URL of the database: jdbc:postgresql://HOST:5432/DB for PostgreSQL,"
                  + " jdbc:mariadb://HOST:3306/DB or jdbc:mysql://HOST:3306/DB for MariaDB and MySQL,"
                  + " jdbc:sqlite:FILE for an existing SQLite file,"
                  + " jdbc:h2:FILE (or jdbc:h2:file:FILE) for an existing H2 database"
                  + " (a worker's or coordinator's default target; submit --coordinator takes none);"
                  + " for a worker of a job that writes files (submit --out DIR), file:///MOUNT, its"
                  + " mount of that directory")
          .asRequired();

  public static final Setting<String> USER =
      Setting.option("--user", String.class, "Database user (for every target)")
          .defaultText("the URL's, else the driver's");

  public static final Setting<String> PASSWORD_ENV =
      Setting.option(
              "--password-env",
              String.class,
              "Environment variable holding the password (the password itself never goes on the command line)")
          .defaultText("none");

  public static final Setting<String> TARGETS =
      Setting.option(
          "--target",
          String.class,
          "Another database jobs may name as their target, with the same user and password, or for a worker NAME=file:///MOUNT, its mount of a directory jobs write files into; repeatable");

  public static final Setting<Integer> DEAD_LINK_SECONDS =
      Setting.option(
              "--dead-link-seconds",
              Integer.class,
              "How long the server keeps the session, and the open transaction, of a client it stopped hearing from"
                  + " (PostgreSQL: TCP keepalives, tcp_user_timeout, idle_in_transaction_session_timeout;"
                  + " MariaDB/MySQL: net_read_timeout, idle_transaction_timeout on MariaDB); a load waits at most"
                  + " twice this for a lock, then is retried; 0: the server's settings")
          .defaultValue(60)
          .min(0)
          .max(86_400);

  public static final Setting<Integer> THREADS =
      Setting.option(
              "--threads", Integer.class, "Tasks loading at once, each on its own connection")
          .defaultValue(Runtime.getRuntime().availableProcessors(), "the number of CPUs")
          .min(1);

  public static final Setting<Boolean> DRY_RUN =
      Setting.option(
              "--dry-run",
              Boolean.class,
              "Generate every row and encode it in the target's load format, then discard it: nothing is written to the database (local still reads its schema; a worker never connects); local prints rows, bytes and the rate, a worker counts them in spate_rows_generated_total and spate_copy_bytes_total")
          .defaultValue(false, "off");

  public static final Setting<Integer> HTTP_PORT =
      Setting.option(
              "--http-port",
              Integer.class,
              "Serve /health, /ready and /metrics (Prometheus) on this port")
          .defaultText("off")
          .min(0)
          .max(65_535);

  public static final Setting<String> HTTP_HOST =
      Setting.option(
              "--http-host",
              String.class,
              "The address --http-port listens on; 0.0.0.0 opens it to probes and scrapers from other hosts")
          .defaultValue("127.0.0.1", "%s, this host only");

  public static final Setting<Integer> GRACE_SECONDS =
      Setting.option(
              "--grace-seconds",
              Integer.class,
              "On SIGTERM, how long running tasks may finish before they are rolled back")
          .defaultValue(20)
          .min(0);

  public static final Setting<Integer> OUTAGE_SECONDS =
      Setting.option(
              "--outage-seconds",
              Integer.class,
              "How long work waits for a database whose connection was lost (a restart, a failover) before it fails")
          .defaultValue(120)
          .min(0);

  public static final Setting<String> BOOTSTRAP =
      Setting.option(
              "--bootstrap",
              String.class,
              "Kafka bootstrap servers, comma-separated (submit --coordinator takes none)")
          .asRequired();

  public static final Setting<Path> KAFKA_CONFIG =
      Setting.option(
              "--kafka-config",
              Path.class,
              "Kafka client properties (TLS, SASL, ...) applied to every client")
          .defaultText("none");

  public static final Setting<String> TOPIC_PREFIX =
      Setting.option(
              "--topic-prefix",
              String.class,
              "Prefix of the topic names spate.jobs, spate.tasks, spate.events")
          .defaultValue("", "none");

  public static final Setting<Integer> TASK_PARTITIONS =
      Setting.option(
              "--task-partitions",
              Integer.class,
              "Partitions of the tasks topic when Spate creates it")
          .defaultValue(Topics.DEFAULT.taskPartitions())
          .min(1);

  /** Every worker-module setting, in the order docs/cli.md lists them. */
  public static final List<Setting<?>> ALL =
      List.of(
          DB,
          USER,
          PASSWORD_ENV,
          TARGETS,
          DEAD_LINK_SECONDS,
          THREADS,
          DRY_RUN,
          HTTP_PORT,
          HTTP_HOST,
          GRACE_SECONDS,
          OUTAGE_SECONDS,
          BOOTSTRAP,
          KAFKA_CONFIG,
          TOPIC_PREFIX,
          TASK_PARTITIONS);

  /** The help of {@code spate worker} run alone (the worker image). */
  public static final class Help extends SettingsHelp {
    public Help() {
      super(ALL);
    }
  }
}
