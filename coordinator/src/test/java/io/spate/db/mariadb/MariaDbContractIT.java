package io.spate.db.mariadb;

import io.spate.coordinator.Fills;
import io.spate.coordinator.testing.TestMariaDb;
import io.spate.core.target.TargetContractIT;
import java.sql.Connection;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.sql.Statement;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;

/** MariaDB passes the target contract ({@link TargetContractIT}). */
class MariaDbContractIT extends TargetContractIT {

  /** ER_NO_SUCH_THREAD: the session ended between the listing and its KILL. */
  private static final int NO_SUCH_THREAD = 1094;

  @Override
  protected Database createDatabase() {
    return new MariaDb(TestMariaDb.create());
  }

  @Override
  protected String fixtureDdl() {
    return Fills.schema("contract-mariadb.sql");
  }

  private record MariaDb(TestMariaDb db) implements Database {

    @Override
    public String url() {
      return db.jdbcUrl();
    }

    @Override
    public String user() {
      return db.user();
    }

    @Override
    public String password() {
      return db.password();
    }

    @Override
    public void execute(String sql) {
      db.execute(sql);
    }

    /** The count and XOR of the rows' MD5s, per table ({@link MariaDbFill#checksums}). */
    @Override
    public Map<String, String> checksums() throws SQLException {
      return MariaDbFill.checksums(db);
    }

    @Override
    public int terminateOtherSessions() throws SQLException {
      try (Connection c = db.connect();
          Statement s = c.createStatement()) {
        List<Long> sessions = new ArrayList<>();
        try (ResultSet rs =
            s.executeQuery(
                "SELECT ID FROM information_schema.PROCESSLIST"
                    + " WHERE DB = DATABASE() AND ID <> CONNECTION_ID()")) {
          while (rs.next()) {
            sessions.add(rs.getLong(1));
          }
        }
        int killed = 0;
        for (long id : sessions) {
          try {
            s.execute("KILL CONNECTION " + id);
            killed++;
          } catch (SQLException e) {
            if (e.getErrorCode() != NO_SUCH_THREAD) {
              throw e;
            }
          }
        }
        return killed;
      }
    }

    @Override
    public void close() {
      db.close();
    }
  }
}
