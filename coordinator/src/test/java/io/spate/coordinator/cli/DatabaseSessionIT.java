package io.spate.coordinator.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;

import com.zaxxer.hikari.HikariDataSource;
import io.spate.core.target.Database;
import io.spate.engine.target.SessionSettings;
import io.spate.worker.testing.TestDatabase;
import java.sql.Connection;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.sql.Statement;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;

/**
 * The coordinator's connection and pool carry the session settings that end a silent client's
 * session, and no statement or lock timeout: TRUNCATE, ANALYZE and validating foreign keys may run
 * and wait as long as they need.
 */
class DatabaseSessionIT {

  private static final List<String> NAMES =
      List.of(
          "tcp_keepalives_idle",
          "tcp_keepalives_interval",
          "tcp_keepalives_count",
          "tcp_user_timeout",
          "idle_in_transaction_session_timeout",
          "statement_timeout",
          "lock_timeout");

  /** {@code --dead-link-seconds 30}, in the server's units (s, s, probes, ms, ms, ms, ms). */
  private static final List<String> EXPECTED = List.of("15", "3", "5", "30000", "30000", "0", "0");

  @Test
  void theCoordinatorsConnectionAndPoolCarryTheSessionSettingsButNoStatementOrLockTimeout()
      throws Exception {
    SessionSettings session = new SessionSettings(30);
    try (TestDatabase db = TestDatabase.create()) {
      try (Connection c = Database.connect(db.jdbcUrl(), db.user(), db.password(), session)) {
        assertEquals(EXPECTED, settings(c));
      }
      try (HikariDataSource pool =
              Database.pool(db.jdbcUrl(), db.user(), db.password(), 1, session);
          Connection c = pool.getConnection()) {
        assertEquals(EXPECTED, settings(c));
      }
    }
  }

  private static List<String> settings(Connection c) throws SQLException {
    try (Statement s = c.createStatement();
        ResultSet rs =
            s.executeQuery(
                "SELECT setting FROM pg_settings WHERE name = ANY ('{"
                    + String.join(",", NAMES)
                    + "}') ORDER BY array_position('{"
                    + String.join(",", NAMES)
                    + "}'::text[], name::text)")) {
      List<String> found = new ArrayList<>();
      while (rs.next()) {
        found.add(rs.getString(1));
      }
      return found;
    }
  }
}
