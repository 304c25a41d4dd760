package io.spate.engine.target;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertInstanceOf;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.spate.protocol.error.RetriableException;
import io.spate.worker.testing.TestDatabase;
import java.sql.Connection;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.sql.Statement;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;

/**
 * A worker's pooled connections carry the session settings, read back from the server: the ones
 * that end a silent client's session, and a load's lock timeout, which ends with its transaction.
 */
class SessionSettingsIT {

  private static final List<String> SESSION =
      List.of(
          "tcp_keepalives_idle",
          "tcp_keepalives_interval",
          "tcp_keepalives_count",
          "tcp_user_timeout",
          "idle_in_transaction_session_timeout");

  @Test
  void aWorkerPoolsConnectionCarriesTheSettingsThatEndASilentClientsSession() throws Exception {
    try (TestDatabase db = TestDatabase.create();
        Targets targets = targets(db.jdbcUrl(), db, SessionSettings.DEFAULT);
        Connection c = targets.dataSource(Targets.DEFAULT).getConnection()) {
      // in the server's units: seconds, seconds, probes, milliseconds, milliseconds
      assertEquals(settings(List.of("30", "6", "5", "60000", "60000")), settings(c));
    }
  }

  @Test
  void optionsInTheUrlWinOverOursAndTheUrlsOtherParametersStay() throws Exception {
    try (TestDatabase db = TestDatabase.create()) {
      String url =
          db.jdbcUrl()
              + (db.jdbcUrl().contains("?") ? "&" : "?")
              + "options=-c%20tcp_keepalives_idle%3D7&currentSchema=mine";
      try (Targets targets = targets(url, db, SessionSettings.DEFAULT);
          Connection c = targets.dataSource(Targets.DEFAULT).getConnection()) {
        assertEquals(settings(List.of("7", "6", "5", "60000", "60000")), settings(c));
        assertEquals("mine", show(c, "search_path"));
      }
    }
  }

  @Test
  void aLoadWaitsForALockTwiceTheDeadLinkThenFailsRetriablyAndTheLimitEndsWithIt()
      throws Exception {
    try (TestDatabase db = TestDatabase.create();
        Targets targets = targets(db.jdbcUrl(), db, new SessionSettings(1));
        Connection holder = db.connect();
        Connection load = targets.dataSource(Targets.DEFAULT).getConnection()) {
      db.execute("CREATE TABLE t (id int PRIMARY KEY)");
      holder.setAutoCommit(false);
      try (Statement s = holder.createStatement()) {
        s.execute("INSERT INTO t VALUES (1)"); // a row lock that is never released
      }
      load.setAutoCommit(false);
      targets.session(Targets.DEFAULT).limitLockWait(load);
      assertEquals("2s", show(load, "lock_timeout"));
      long started = System.nanoTime();
      SQLException waited =
          assertThrows(
              SQLException.class,
              () -> {
                try (Statement s = load.createStatement()) {
                  s.execute("INSERT INTO t VALUES (1)");
                }
              });
      long waitedMillis = (System.nanoTime() - started) / 1_000_000;
      assertTrue(waitedMillis >= 1_900 && waitedMillis < 10_000, waitedMillis + " ms");
      assertInstanceOf(RetriableException.class, SqlErrors.classify("loading t", waited));
      load.rollback();
      assertEquals("0", show(load, "lock_timeout"), "SET LOCAL ends with the transaction");
    }
  }

  private static Targets targets(String url, TestDatabase db, SessionSettings session) {
    return new Targets(
        Map.of(Targets.DEFAULT, new Targets.Target(url, db.user(), db.password(), session)), 1);
  }

  private static Map<String, String> settings(List<String> values) {
    Map<String, String> expected = new LinkedHashMap<>();
    for (int i = 0; i < SESSION.size(); i++) {
      expected.put(SESSION.get(i), values.get(i));
    }
    return expected;
  }

  private static Map<String, String> settings(Connection c) throws SQLException {
    Map<String, String> found = new LinkedHashMap<>();
    for (String name : SESSION) {
      try (Statement s = c.createStatement();
          ResultSet rs =
              s.executeQuery("SELECT setting FROM pg_settings WHERE name = '" + name + "'")) {
        rs.next();
        found.put(name, rs.getString(1));
      }
    }
    return found;
  }

  private static String show(Connection c, String name) throws SQLException {
    try (Statement s = c.createStatement();
        ResultSet rs = s.executeQuery("SHOW " + name)) {
      rs.next();
      return rs.getString(1);
    }
  }
}
