package io.spate.core.target;

import io.spate.core.plan.CheckServer;
import io.spate.engine.target.TargetKind;
import io.spate.protocol.plan.FillPlan;
import io.spate.protocol.plan.TablePlan;
import io.spate.protocol.schema.Schema;
import java.sql.Connection;
import java.util.List;
import java.util.function.Consumer;
import javax.sql.DataSource;

/**
 * What the coordinator does to a target that differs per database: read its schema, let its server
 * judge the CHECKs Spate cannot read, make its tables ready, and the steps once tables are full.
 * The planner, the job fold and the Kafka path see only what these return ({@link Schema}, {@link
 * CheckServer}, counts), never the database. One stateless instance per {@link TargetKind} ({@link
 * #of}); the worker side of the same target is its {@link TargetKind#dialect()}.
 *
 * <p>Every implementation guarantees:
 *
 * <ul>
 *   <li>{@link #introspect} returns tables sorted by qualified name, with what the planner needs
 *       (types, nullability, keys, foreign keys, CHECKs it can read), and writes nothing;
 *   <li>{@link #prepare} and {@link #chooseTriggers} write nothing but the ledger and what {@code
 *       start} asks (emptying tables), and fail before anything is written when the target cannot
 *       take the job;
 *   <li>{@link #finish} leaves a table's key generators (sequences, AUTO_INCREMENT) past the
 *       largest value written and its statistics fresh, and may run beside other tables' loads.
 * </ul>
 */
public interface TargetSteps {

  /**
   * The steps for {@code kind}: those on the class path whose {@link #kind()} it is, found by
   * {@link java.util.ServiceLoader} ({@code META-INF/services/io.spate.core.target.TargetSteps} in
   * the database's module).
   */
  static TargetSteps of(TargetKind kind) {
    return java.util.ServiceLoader.load(TargetSteps.class, TargetSteps.class.getClassLoader())
        .stream()
        .map(java.util.ServiceLoader.Provider::get)
        .filter(steps -> steps.kind().equals(kind))
        .findFirst()
        .orElseThrow(() -> new IllegalStateException("no coordinator steps serve " + kind));
  }

  /** The steps for the database {@code connection} reaches. */
  static TargetSteps of(Connection connection) {
    try {
      return of(TargetKind.of(connection));
    } catch (java.sql.SQLException e) {
      throw io.spate.engine.target.SqlErrors.classify("reading which database the target is", e);
    }
  }

  /** The steps for the database {@code dataSource} reaches. */
  static TargetSteps of(DataSource dataSource) {
    return of(TargetKind.of(dataSource));
  }

  /** The kind of database these steps serve. */
  TargetKind kind();

  /** {@code requested}, or when empty the schemas (databases) a fill takes by default. */
  List<String> chosenSchemas(Connection connection, List<String> requested);

  /** The tables of {@code schemas} as the planner sees them. */
  Schema introspect(Connection connection, List<String> schemas);

  /**
   * The server judging candidate rows against CHECKs Spate cannot read, over {@code connection}.
   */
  CheckServer checkServer(Connection connection, Consumer<String> notes);

  /**
   * Makes the target ready for job {@code jobId}: the ledger, then the tables as {@code start}
   * says. Returns the plan's tasks the ledger already holds for this job (0 unless resuming).
   */
  int prepare(
      DataSource dataSource,
      FillPlan plan,
      String jobId,
      TargetTables.Start start,
      Consumer<String> notes);

  /**
   * How the loads of {@code plan} treat the server's triggers and when foreign keys are checked.
   */
  LoadTriggers chooseTriggers(DataSource dataSource, FillPlan plan, boolean disableTriggers);

  /** Once table {@code t} has all its rows: key generators past the largest key, statistics. */
  void finish(DataSource dataSource, TablePlan t);
}
