package io.spate.db.h2;

import io.spate.coordinator.Fills;
import io.spate.core.target.TargetContractIT;
import java.sql.SQLException;
import java.util.Map;

/**
 * H2 passes the target contract ({@link TargetContractIT}) on a file database in a temporary
 * directory, opened in H2's automatic mixed mode so the test reads what a killed {@code spate}
 * process held open, and whose sessions it ends with {@code ABORT_SESSION}, as a restart would. The
 * fixture is PostgreSQL's own ({@code schemas/contract-pg.sql}): H2 reads its DDL as it is.
 */
class H2ContractIT extends TargetContractIT {

  @Override
  protected Database createDatabase() {
    return new H2(TestH2.create());
  }

  @Override
  protected String fixtureDdl() {
    return Fills.schema("contract-pg.sql");
  }

  private record H2(TestH2 db) implements Database {

    @Override
    public String url() {
      return db.url();
    }

    @Override
    public String user() {
      return "sa";
    }

    @Override
    public String password() {
      return "";
    }

    @Override
    public void execute(String sql) {
      db.execute(sql);
    }

    @Override
    public Map<String, String> checksums() throws SQLException {
      return db.checksums();
    }

    @Override
    public int terminateOtherSessions() throws SQLException {
      return db.terminateOtherSessions();
    }

    @Override
    public void close() {
      db.close();
    }
  }
}
