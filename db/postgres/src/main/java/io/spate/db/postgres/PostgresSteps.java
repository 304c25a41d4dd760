package io.spate.db.postgres;

import io.spate.core.plan.CheckServer;
import io.spate.core.target.ForeignKeys;
import io.spate.core.target.LoadTriggers;
import io.spate.core.target.TargetSteps;
import io.spate.core.target.TargetTables;
import io.spate.core.target.Truncation;
import io.spate.engine.target.TargetKind;
import io.spate.protocol.plan.FillPlan;
import io.spate.protocol.plan.TablePlan;
import io.spate.protocol.schema.Schema;
import io.spate.protocol.schema.Table;
import java.sql.Connection;
import java.util.List;
import java.util.function.Consumer;
import javax.sql.DataSource;

/**
 * PostgreSQL behind the {@link TargetSteps} seam: the catalog read by {@link PgIntrospector}, the
 * CHECK pools judged by {@link PostgresServerChecks}, {@code TRUNCATE} and the ledger ({@link
 * TargetTables}), {@code session_replication_role} ({@link LoadTriggers}), {@code setval} and
 * {@code ANALYZE} ({@link TargetTables#finish}); the fills check foreign keys by the anti-joins of
 * {@link ForeignKeys}.
 */
public final class PostgresSteps implements TargetSteps {

  public static final PostgresSteps INSTANCE = new PostgresSteps();

  /**
   * For {@link java.util.ServiceLoader}: stateless, so any instance serves as {@link #INSTANCE}.
   */
  public PostgresSteps() {}

  @Override
  public TargetKind kind() {
    return PostgresDialect.KIND;
  }

  @Override
  public List<String> chosenSchemas(Connection connection, List<String> requested) {
    return PgIntrospector.chosenSchemas(connection, requested);
  }

  @Override
  public Schema introspect(Connection connection, List<String> schemas) {
    return PgIntrospector.introspect(connection, schemas);
  }

  @Override
  public CheckServer checkServer(Connection connection, Consumer<String> notes) {
    return new PostgresServerChecks(connection, notes);
  }

  @Override
  public int prepare(
      DataSource dataSource,
      FillPlan plan,
      String jobId,
      TargetTables.Start start,
      Consumer<String> notes) {
    return TargetTables.prepare(
        dataSource,
        plan,
        jobId,
        start,
        notes,
        PostgresDialect.INSTANCE.ledger(),
        Table::qualifiedName,
        Truncation::run);
  }

  @Override
  public LoadTriggers chooseTriggers(
      DataSource dataSource, FillPlan plan, boolean disableTriggers) {
    return LoadTriggers.choose(dataSource, plan, disableTriggers);
  }

  @Override
  public void finish(DataSource dataSource, TablePlan t) {
    TargetTables.finish(dataSource, t);
  }
}
