package io.spate.db.mariadb;

import static io.spate.db.mariadb.IdRows.ids;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;

import io.spate.engine.target.TaskLedger;
import java.sql.Connection;
import java.sql.ResultSet;
import java.sql.Statement;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import javax.sql.DataSource;
import org.junit.jupiter.api.Test;

class MariaDbLedgerIT {

  @Test
  void aSecondRecordOfTheSameTaskIsAlreadyDoneAndRollsBackItsRows() throws Exception {
    try (TestMariaDb db = new TestMariaDb()) {
      DataSource ds = db.dataSource();
      MariaDbLedger ledger = new MariaDbLedger(db.database); // the IT's database, not spate
      ledger.ensure(ds);
      ledger.ensure(ds); // idempotent
      try (Connection c = ds.getConnection();
          Statement s = c.createStatement()) {
        s.execute("CREATE TABLE t (id int PRIMARY KEY)");
        c.setAutoCommit(false);
        long rows = LoadData.load(c, "task t[0,100)", "t", List.of("id"), ids(0, 100));
        ledger.record(c, "job1", "t[0,100)", "w1", 1, rows);
        c.commit();

        // A second execution of the same task, its rows (other ids, so no key clash) included.
        long again = LoadData.load(c, "task t[0,100)", "t", List.of("id"), ids(1000, 1100));
        assertEquals(100, again);
        TaskLedger.AlreadyDoneException e =
            assertThrows(
                TaskLedger.AlreadyDoneException.class,
                () -> ledger.record(c, "job1", "t[0,100)", "w2", 2, again));
        assertEquals(
            "job job1 / task t[0,100) was finished by another execution; this one rolled back",
            e.getMessage());
        c.commit(); // nothing left to commit
        try (ResultSet rs = s.executeQuery("SELECT count(*), max(id) FROM t")) {
          rs.next();
          assertEquals(100, rs.getInt(1), "the second execution's rows rolled back");
          assertEquals(99, rs.getInt(2));
        }
      }
      assertEquals(
          Optional.of(new TaskLedger.Finished(100, "w1", 1)),
          ledger.finished(ds, "job1", "t[0,100)"));
      assertEquals(Optional.empty(), ledger.finished(ds, "job1", "t[100,200)"));
      assertEquals(Map.of("t[0,100)", 100L), ledger.finished(ds, "job1"));
      assertEquals(List.of("job1"), ledger.otherJobs(ds, "job2", "t["));
      assertEquals(List.of(), ledger.otherJobs(ds, "job1", "t["));
      assertEquals(1, ledger.forget(ds, "job1"));
      assertEquals(Map.of(), ledger.finished(ds, "job1"));
    }
  }
}
