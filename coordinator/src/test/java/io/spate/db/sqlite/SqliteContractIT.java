package io.spate.db.sqlite;

import io.spate.coordinator.Fills;
import io.spate.core.target.TargetContractIT;
import java.sql.SQLException;
import java.util.Map;

/**
 * SQLite passes the target contract ({@link TargetContractIT}) on a temporary file, but for the
 * test of cut connections: SQLite is a library inside the filling process, with no server whose
 * sessions another client could end. Its kin, a crash of the process mid-transaction, is the kill
 * test, which it passes: the hot journal (or the WAL) rolls the task back when the file is next
 * opened.
 */
class SqliteContractIT extends TargetContractIT {

  @Override
  protected Database createDatabase() {
    return new Sqlite(TestSqlite.create());
  }

  @Override
  protected String fixtureDdl() {
    return Fills.schema("contract-sqlite.sql");
  }

  @Override
  protected boolean hasSessions() {
    return false;
  }

  private record Sqlite(TestSqlite db) implements Database {

    @Override
    public String url() {
      return db.url();
    }

    /** SQLite has no users; the driver ignores the name. */
    @Override
    public String user() {
      return "spate";
    }

    @Override
    public String password() {
      return null;
    }

    @Override
    public void execute(String sql) {
      db.execute(sql);
    }

    @Override
    public Map<String, String> checksums() throws SQLException {
      return db.checksums();
    }

    /** No sessions to end: a killed process's locks went with it. */
    @Override
    public int terminateOtherSessions() {
      return 0;
    }

    @Override
    public void close() {
      db.close();
    }
  }
}
