package io.spate.db.postgres;

import io.spate.coordinator.Fills;
import io.spate.core.target.TargetContractIT;
import io.spate.worker.testing.TestDatabase;
import java.sql.SQLException;
import java.util.Map;

/** PostgreSQL passes the target contract ({@link TargetContractIT}). */
class PostgresContractIT extends TargetContractIT {

  @Override
  protected Database createDatabase() {
    return new Postgres(TestDatabase.create());
  }

  @Override
  protected String fixtureDdl() {
    return Fills.schema("contract-pg.sql");
  }

  private record Postgres(TestDatabase db) implements Database {

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

    /** The md5 of each table's rows as text, sorted ({@link Fills#checksums}). */
    @Override
    public Map<String, String> checksums() throws SQLException {
      return Fills.checksums(db);
    }

    @Override
    public int terminateOtherSessions() {
      return (int)
          db.queryLong(
              "SELECT count(*) FILTER (WHERE pg_terminate_backend(pid)) FROM pg_stat_activity"
                  + " WHERE datname = current_database() AND pid <> pg_backend_pid()");
    }

    @Override
    public void close() {
      db.close();
    }
  }
}
