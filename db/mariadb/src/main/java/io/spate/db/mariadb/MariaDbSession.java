package io.spate.db.mariadb;

import io.spate.engine.target.SessionSettings;
import java.util.ArrayList;
import java.util.List;
import java.util.Properties;

/**
 * {@link SessionSettings} on MariaDB and MySQL: how long the server keeps a silent client's
 * transaction, set through MariaDB Connector/J's {@code sessionVariables} (part of the driver's own
 * {@code SET} at connect, no extra round trip) on every connection Spate opens to the target.
 *
 * <ul>
 *   <li>{@code net_read_timeout} of half {@code deadLinkSeconds}: a client silent mid-statement (a
 *       {@code LOAD DATA LOCAL} whose worker is gone) has its connection, transaction included,
 *       ended after about twice that (MariaDB 10.11: a {@code LOAD DATA LOCAL} whose client stopped
 *       sending ended 4.1 s and 6.1 s later under {@code net_read_timeout} 2 and 3). Both servers.
 *   <li>{@code idle_transaction_timeout}: a client silent between the statements of a transaction
 *       has its session ended after {@code deadLinkSeconds}. MariaDB 10.3+ only, inside an
 *       executable comment ({@code /*M!100300 ...}) that the server alone decides on; MySQL has no
 *       such limit. Its {@code wait_timeout} would also end the pools' idle sessions, so Spate sets
 *       none there: a MySQL session silent between the statements of a load keeps its locks until
 *       the server's {@code wait_timeout}.
 * </ul>
 *
 * <p>A load's lock wait ({@code innodb_lock_wait_timeout} of {@link
 * SessionSettings#lockTimeoutSeconds}) is set by {@link LoadData} around its statement only: these
 * servers have no transaction-scoped setting, and the coordinator's own statements (ANALYZE, the
 * foreign-key anti-joins) may rightly wait longer.
 *
 * <p>The URL's own {@code sessionVariables} follow these, so what a user set there wins (the server
 * applies a {@code SET}'s assignments in order).
 */
final class MariaDbSession {

  private static final String SESSION_VARIABLES = "sessionVariables";

  private MariaDbSession() {}

  /** The driver's {@code sessionVariables} for {@code session}; empty when it is 0. */
  static String sessionVariables(SessionSettings session) {
    int n = session.deadLinkSeconds();
    return n == 0
        ? ""
        : "net_read_timeout=%d/*M!100300 ,idle_transaction_timeout=%d*/".formatted((n + 1) / 2, n);
  }

  /**
   * Adds {@link #sessionVariables} to {@code properties} and returns the URL to connect with:
   * {@code url} without its {@code sessionVariables} parameter, whose value now follows ours in
   * {@code properties} (the driver lets a URL parameter replace a property, so it cannot stay in
   * the URL).
   */
  static String connectUrl(String url, Properties properties, SessionSettings session) {
    String ours = sessionVariables(session);
    if (ours.isEmpty()) {
      return url;
    }
    int query = url.indexOf('?');
    List<String> kept = new ArrayList<>();
    String theirs = "";
    if (query >= 0) {
      for (String parameter : url.substring(query + 1).split("&")) {
        String[] nameValue = parameter.split("=", 2);
        if (nameValue[0].equalsIgnoreCase(SESSION_VARIABLES)) {
          theirs = nameValue.length == 2 ? nameValue[1] : "";
        } else {
          kept.add(parameter);
        }
      }
    }
    properties.setProperty(SESSION_VARIABLES, theirs.isBlank() ? ours : ours + "," + theirs);
    String base = query < 0 ? url : url.substring(0, query);
    return kept.isEmpty() ? base : base + "?" + String.join("&", kept);
  }
}
