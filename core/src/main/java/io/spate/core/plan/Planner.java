package io.spate.core.plan;

import io.spate.protocol.error.Problems;
import io.spate.protocol.error.SpateException;
import io.spate.protocol.plan.FillPlan;
import io.spate.protocol.schema.Schema;
import java.time.Instant;
import java.util.List;
import java.util.function.Consumer;

/**
 * Turns a schema and fill settings into a {@link FillPlan}: row counts and slot spaces, dependency
 * levels, a rule for every column and every foreign key, and tasks.
 *
 * <p>Planning is a chain of stages, each taking the records the ones before it made and returning
 * its own: {@link CheckClock} (the clock of CHECKs pinned, once), {@link ConfigNames} (the config
 * names what exists, by table id), {@link SizeStage} ({@link Lineage}: fan-outs and slots), {@link
 * OrderStage} ({@link Order}: levels, cycles broken at a nullable foreign key, loaded jointly in
 * one transaction through a deferrable one, or loaded with the foreign-key checks off), {@link
 * CountStage} ({@link Shape}: rows, within the {@link TaskBudget} of the heap), {@link
 * ReferenceStage} ({@link References}), {@link ColumnStage} ({@link Columns}), {@link TableStage}
 * ({@link Tables}, second passes included, and which tables build their indexes after their rows:
 * {@link IndexBuild}) and {@link TaskStage}. One {@link Problems} collector is handed to each
 * stage; the problems are thrown at once after the ordering (the later stages need sizes and levels
 * that hold), after the counting (a plan past the budget must not be made) and at the end, so
 * nothing is written when any is found.
 *
 * <p>Every table is named by its {@linkplain io.spate.protocol.schema.Table#id() id} (its schema
 * and name) in every stage and in the plan, so two schemas may hold tables of one name.
 *
 * <p>The rules keep keys unique by construction. A table filled {@code per} a parent has its rows
 * grouped under parent rows (its lineage); a key column no foreign key covers counts rows within
 * the smallest lineage group its other key columns already identify (so {@code d_id} runs 1..10
 * within each warehouse); a key made only of foreign keys maps the rows of a group injectively onto
 * parent rows (mixed radix over several parents).
 *
 * <p>The planner does not build the worker's engine: {@link Plans#checkedPlan} also checks the
 * literal values of the plan the way the engine reads them, for the commands that run a fill.
 */
public final class Planner {

  private Planner() {}

  /** Plans the fill, or throws one {@link SpateException} listing every problem found. */
  public static FillPlan plan(Schema schema, FillSettings given) {
    return plan(schema, given, null, LoadTraits.NONE);
  }

  /**
   * Plans the fill, the {@code server} deciding the CHECKs Spate cannot read ({@link CheckPools});
   * without one (null) they are problems unless the config decides their columns.
   */
  public static FillPlan plan(Schema schema, FillSettings given, CheckServer server) {
    return plan(schema, given, server, LoadTraits.NONE);
  }

  /**
   * The same for a target that loads as {@code target} says: with the server's foreign-key checks
   * off the insert writes every reference, so no table has a second pass ({@link
   * Order#secondPassOf}); where it can build indexes after a table's rows, {@link IndexBuild}
   * chooses the tables that do.
   */
  public static FillPlan plan(
      Schema schema, FillSettings given, CheckServer server, LoadTraits target) {
    return plan(schema, given, TaskBudget.ofHeap(), server, target);
  }

  static FillPlan plan(Schema schema, FillSettings given, TaskBudget budget) {
    return plan(schema, given, budget, null, LoadTraits.NONE);
  }

  static FillPlan plan(
      Schema introspected,
      FillSettings given,
      TaskBudget budget,
      CheckServer server,
      LoadTraits target) {
    if (introspected.tables().isEmpty()) {
      throw new SpateException("no tables to fill: the chosen schemas hold no tables");
    }
    Problems problems = new Problems();
    Schema schema =
        CheckClock.pin(
            given.triggersOff() ? withoutTriggerWrites(introspected) : introspected,
            Instant.now(),
            problems);
    Consumer<String> notes = server == null ? line -> {} : server::note;
    FillSettings settings =
        ImpliedPer.apply(schema, ConfigNames.resolve(schema, given, problems), notes);
    Lineage lineage = SizeStage.run(schema, settings, problems, notes);
    Order order = OrderStage.run(schema, settings, target.foreignKeyChecksOff(), problems);
    problems.throwIfAny("cannot plan the fill");
    Shape shape = CountStage.run(schema, settings, lineage, order, budget, problems);
    problems.throwIfAny("cannot plan the fill"); // past the budget: no task may be made
    References references = ReferenceStage.run(shape, problems);
    Columns columns = ColumnStage.run(shape, references, server, problems);
    Tables tables = TableStage.run(shape, references, columns, target, problems);
    problems.throwIfAny("cannot plan the fill");
    return new FillPlan(
        FillPlan.GENERATION_VERSION,
        settings.seed(),
        tables.plans(),
        tables.levels(),
        TaskStage.run(tables, settings.taskRows()));
  }

  /** The schema as loads with the user's triggers off see it: no trigger writes any table. */
  private static Schema withoutTriggerWrites(Schema schema) {
    return new Schema(schema.tables().stream().map(t -> t.withWrittenBy(List.of())).toList());
  }
}
