package io.spate.engine.target;

import com.zaxxer.hikari.HikariConfig;
import io.spate.engine.settings.WorkerSettings;
import java.sql.Connection;
import java.sql.SQLException;
import java.sql.Statement;
import java.util.Arrays;
import java.util.Properties;
import java.util.stream.Collectors;
import org.postgresql.Driver;

/**
 * How long a target's server keeps the session of a client it no longer hears from, applied to
 * every connection Spate opens to a target: a worker's pools, the coordinator's connection and
 * pool. A worker cut off mid-load keeps its transaction, row locks included, for as long as its
 * server-side session lives, and a redelivered attempt of the same task waits on those locks.
 *
 * <p>Session-wide, through the startup packet's {@code options} (in force from the first statement,
 * no round trip): server-side TCP keepalives and {@code tcp_user_timeout}, which end the session
 * about {@code deadLinkSeconds} after the client's last packet when its link or host is gone, and
 * {@code idle_in_transaction_session_timeout}. During {@code COPY FROM STDIN} the backend is active
 * (waiting in {@code ClientRead}), so the idle timeout never ends a load, and neither does {@code
 * statement_timeout}, which the server does not service while a COPY waits for data. Nothing
 * server-side ends the session of a worker process that hangs on a live host: its kernel answers
 * the keepalives.
 *
 * <p>Per load transaction ({@link #limitLockWait}): {@code lock_timeout} of twice {@code
 * deadLinkSeconds}, so a load waiting on a dead attempt's row locks outlives that attempt's
 * session, and one waiting on a hung attempt fails retriably ({@code 55P03}) and is retried. Never
 * session-wide: the coordinator's own statements (TRUNCATE, ANALYZE, validating foreign keys) may
 * rightly wait longer.
 *
 * <p>The URL's own {@code options} parameter follows these, so what a user set there wins
 * (PostgreSQL applies repeated {@code -c} in order); a {@code tcpKeepAlive} in the URL wins too.
 * These mechanisms are PostgreSQL's; MariaDB and MySQL give {@code deadLinkSeconds} the same
 * meaning through their dialect ({@link io.spate.db.mariadb.MariaDbDialect}).
 *
 * @param deadLinkSeconds how long a silent client's session lives; 0 leaves the server's settings
 *     and sets no lock timeout
 */
public record SessionSettings(int deadLinkSeconds) {

  /** The declared default ({@link WorkerSettings#DEAD_LINK_SECONDS}). */
  public static final SessionSettings DEFAULT =
      new SessionSettings(WorkerSettings.DEAD_LINK_SECONDS.defaultValue());

  private static final String OPTIONS = "options";

  /** Keepalive probes the server sends before it gives a silent client up. */
  private static final int KEEPALIVE_PROBES = 5;

  public SessionSettings {
    if (deadLinkSeconds < 0) {
      throw new IllegalArgumentException("deadLinkSeconds must be 0 or more: " + deadLinkSeconds);
    }
  }

  /**
   * The server settings, as the startup {@code options} ({@code -c name=value ...}): probes start
   * after half the time, one every tenth, and the fifth unanswered (or {@code tcp_user_timeout},
   * the sooner) ends the session. Empty when {@code deadLinkSeconds} is 0.
   */
  public String serverOptions() {
    if (deadLinkSeconds == 0) {
      return "";
    }
    int n = deadLinkSeconds;
    return "-c tcp_keepalives_idle=%ds -c tcp_keepalives_interval=%ds -c tcp_keepalives_count=%d"
            .formatted(Math.max(1, n / 2), Math.max(1, n / 10), KEEPALIVE_PROBES)
        + " -c tcp_user_timeout=%ds -c idle_in_transaction_session_timeout=%ds".formatted(n, n);
  }

  /**
   * Adds the settings to {@code properties} (the driver's connection properties) and returns the
   * URL to connect with: {@code url} without its {@code options} parameter, whose value now follows
   * these in {@code properties}. (The driver lets a URL parameter override a property, so the
   * merged value cannot stay in the URL's place.)
   */
  public String connectUrl(String url, Properties properties) {
    if (deadLinkSeconds == 0) {
      return url;
    }
    Properties parsed = Driver.parseURL(url, null);
    String theirs = parsed == null ? null : parsed.getProperty(OPTIONS);
    properties.setProperty("tcpKeepAlive", "true");
    properties.setProperty(
        OPTIONS,
        theirs == null || theirs.isBlank() ? serverOptions() : serverOptions() + " " + theirs);
    return theirs == null ? url : withoutOptions(url);
  }

  /** Configures a pool's URL and driver properties for {@code url}. */
  public void configure(HikariConfig config, String url) {
    Properties properties = new Properties();
    config.setJdbcUrl(connectUrl(url, properties));
    properties.forEach((name, value) -> config.addDataSourceProperty((String) name, value));
  }

  /**
   * Bounds how long the rest of {@code connection}'s current transaction (a load; auto-commit off)
   * waits for a lock: {@code SET LOCAL lock_timeout}, ended with the transaction.
   */
  public void limitLockWait(Connection connection) throws SQLException {
    if (deadLinkSeconds == 0) {
      return;
    }
    try (Statement s = connection.createStatement()) {
      s.execute("SET LOCAL lock_timeout = '" + lockTimeoutSeconds() + "s'");
    }
  }

  /** How long a load waits for a lock: twice {@code deadLinkSeconds}; 0: no limit. */
  public long lockTimeoutSeconds() {
    return 2L * deadLinkSeconds;
  }

  /** For the start-up log line. */
  public String describe() {
    return deadLinkSeconds == 0
        ? "dead-link=off (the server's settings)"
        : "dead-link=" + deadLinkSeconds + "s lock-timeout=" + lockTimeoutSeconds() + "s";
  }

  private static String withoutOptions(String url) {
    int query = url.indexOf('?');
    String kept =
        Arrays.stream(url.substring(query + 1).split("&"))
            .filter(p -> !p.equals(OPTIONS) && !p.startsWith(OPTIONS + "="))
            .collect(Collectors.joining("&"));
    return url.substring(0, query) + (kept.isEmpty() ? "" : "?" + kept);
  }
}
