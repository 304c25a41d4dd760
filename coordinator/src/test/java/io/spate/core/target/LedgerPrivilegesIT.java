package io.spate.core.target;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.spate.coordinator.Fills;
import io.spate.core.config.FillConfig;
import io.spate.db.postgres.PostgresDialect;
import io.spate.db.postgres.PostgresLedger;
import io.spate.engine.generate.Engine;
import io.spate.engine.run.TaskExecution;
import io.spate.engine.target.Targets;
import io.spate.protocol.error.SpateException;
import io.spate.protocol.plan.FillPlan;
import io.spate.worker.testing.TestDatabase;
import java.util.Map;
import java.util.UUID;
import javax.sql.DataSource;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.postgresql.ds.PGSimpleDataSource;

/**
 * A worker whose role may only insert into the tables it fills: a real role, made here, with
 * nothing but the rights the README lists. The ledger is created only when the catalog lacks it; a
 * role that may not create a missing one, or lacks a right on an existing one, is told which right
 * and the SQL a DBA runs, and that SQL is what makes it work.
 */
class LedgerPrivilegesIT {

  private TestDatabase db;
  private String role;
  private Targets asRole;

  @BeforeEach
  void aRoleThatMayOnlyInsertIntoTheTable() {
    db = TestDatabase.create();
    db.execute("CREATE TABLE t (id int, v text)");
    role = "spate_it_" + UUID.randomUUID().toString().replace("-", "").substring(0, 10);
    db.execute("CREATE ROLE " + role + " LOGIN PASSWORD 'pw'");
    db.execute("GRANT USAGE ON SCHEMA public TO " + role);
    db.execute("GRANT INSERT ON t TO " + role);
    asRole = new Targets(Map.of(Targets.DEFAULT, new Targets.Target(db.jdbcUrl(), role, "pw")), 2);
  }

  @AfterEach
  void dropTheRole() {
    asRole.close();
    db.execute("DROP OWNED BY " + role);
    db.execute("DROP ROLE " + role);
    db.close();
  }

  @Test
  void aRoleWithTheListedRightsRunsATaskIntoALedgerADbaCreated() throws Exception {
    PostgresLedger.ensure(superuser());
    db.execute("GRANT USAGE ON SCHEMA spate TO " + role);
    db.execute("GRANT SELECT, INSERT ON spate.ledger TO " + role);
    assertEquals(
        0,
        db.queryLong(
            "SELECT count(*) FROM pg_database WHERE datname = current_database()"
                + " AND has_database_privilege('"
                + role
                + "', oid, 'CREATE')"),
        "the role may not create a schema");

    runATaskAsTheRole();
  }

  @Test
  void aMissingLedgerTheRoleMayNotCreateNamesTheRightAndTheSqlThatMakesItWork() throws Exception {
    SpateException e = assertThrows(SpateException.class, () -> asRole.dataSource(Targets.DEFAULT));
    String message = e.getMessage();
    assertTrue(
        message.startsWith(
            "the task ledger spate.ledger is missing and role \""
                + role
                + "\" may not create it: it lacks CREATE ON DATABASE \""
                + db.name()
                + "\"; a DBA runs: CREATE SCHEMA spate; CREATE TABLE spate.ledger ("),
        message);
    assertTrue(
        message.endsWith("GRANT SELECT, INSERT ON spate.ledger TO \"" + role + "\";"), message);
    assertFalse(schemaExists(), "nothing was created");

    db.execute(dbaSql(message));
    runATaskAsTheRole();
  }

  @Test
  void aLedgerTheRoleMayNotUseNamesTheGrantsThatMakeItWork() throws Exception {
    PostgresLedger.ensure(superuser());
    SpateException e = assertThrows(SpateException.class, () -> asRole.dataSource(Targets.DEFAULT));
    assertEquals(
        "role \""
            + role
            + "\" may not use the task ledger spate.ledger: it lacks USAGE ON SCHEMA spate and"
            + " SELECT, INSERT ON spate.ledger; a DBA runs: GRANT USAGE ON SCHEMA spate TO \""
            + role
            + "\"; GRANT SELECT, INSERT ON spate.ledger TO \""
            + role
            + "\";",
        e.getMessage());

    db.execute(dbaSql(e.getMessage()));
    runATaskAsTheRole();
  }

  @Test
  void aSchemaADbaCreatedGetsItsTableWithoutCreateOnTheDatabase() throws Exception {
    db.execute("CREATE SCHEMA spate");
    db.execute("GRANT USAGE, CREATE ON SCHEMA spate TO " + role);

    runATaskAsTheRole();
  }

  /** Runs a task of 100 rows as the role, the way a worker does, and checks what it wrote. */
  private void runATaskAsTheRole() throws Exception {
    DataSource target = asRole.dataSource(Targets.DEFAULT);
    FillPlan plan = Fills.plan(db, FillConfig.EMPTY, Map.of("t", 100L));
    PostgresDialect.KIND.dialect().identity(target, plan, "job j");
    TaskExecution.Result result =
        Fills.taskExecution(target, PostgresDialect.KIND.dialect())
            .run(
                new Engine(plan),
                new TaskExecution.Assignment("j", plan.tasks().get(0), "w", 1),
                new TaskExecution.Listener() {});
    assertEquals(new TaskExecution.Result(TaskExecution.Outcome.SUCCEEDED, 100), result);
    assertEquals(100, db.queryLong("SELECT count(*) FROM t"));
    assertEquals(1, db.queryLong("SELECT count(*) FROM spate.ledger WHERE job_id = 'j'"));
  }

  private boolean schemaExists() {
    return db.queryLong("SELECT count(*) FROM pg_namespace WHERE nspname = 'spate'") > 0;
  }

  private static String dbaSql(String message) {
    return message.substring(message.indexOf("a DBA runs: ") + "a DBA runs: ".length());
  }

  private DataSource superuser() {
    PGSimpleDataSource ds = new PGSimpleDataSource();
    ds.setUrl(db.jdbcUrl());
    ds.setUser(db.user());
    ds.setPassword(db.password());
    return ds;
  }
}
