package io.spate.coordinator.cli;

import static java.nio.charset.StandardCharsets.UTF_8;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertSame;
import static org.junit.jupiter.api.Assertions.assertThrows;

import com.zaxxer.hikari.HikariDataSource;
import io.spate.core.target.Database;
import io.spate.engine.target.SessionSettings;
import io.spate.worker.testing.TestDatabase;
import java.io.ByteArrayOutputStream;
import java.io.PrintStream;
import java.sql.Connection;
import java.sql.SQLException;
import java.sql.Statement;
import org.junit.jupiter.api.Test;
import org.postgresql.PGConnection;

/** The pool {@link Database#pool} opens on a real PostgreSQL. */
class DatabasePoolIT {

  @Test
  void aStatementPostgresRefusesLeavesItsConnectionInThePoolWithoutAWarning() throws Exception {
    PrintStream systemErr = System.err;
    ByteArrayOutputStream logged = new ByteArrayOutputStream();
    try (TestDatabase db = TestDatabase.create();
        HikariDataSource pool =
            Database.pool(db.jdbcUrl(), db.user(), db.password(), 1, SessionSettings.DEFAULT)) {
      db.execute(
          "CREATE TABLE parent (id int PRIMARY KEY); CREATE TABLE child (id int REFERENCES parent)");
      PGConnection before;
      System.setErr(new PrintStream(logged, true, UTF_8));
      try (Connection c = pool.getConnection();
          Statement s = c.createStatement()) {
        before = c.unwrap(PGConnection.class);
        SQLException refused = assertThrows(SQLException.class, () -> s.execute("TRUNCATE parent"));
        assertEquals("0A000", refused.getSQLState(), "feature not supported");
      } finally {
        System.setErr(systemErr);
      }
      try (Connection c = pool.getConnection()) {
        assertSame(before, c.unwrap(PGConnection.class), "the same connection, not evicted");
      }
      assertEquals("", logged.toString(UTF_8));
    }
  }
}
