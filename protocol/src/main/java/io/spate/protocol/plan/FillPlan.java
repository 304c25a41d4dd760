package io.spate.protocol.plan;

import com.fasterxml.jackson.annotation.JsonIgnore;
import java.util.List;
import java.util.Set;
import java.util.stream.Collectors;

/**
 * Everything a worker needs to produce any task's rows: tables in dependency order, their levels (a
 * table's foreign keys point only to earlier levels) and the tasks, as runs of equal ranges ({@link
 * TaskRun}), so a plan of a million tasks is as small as one of a few.
 *
 * @param generationVersion the engine's output version; engines that would write different bytes
 *     for the same plan carry different versions
 */
public record FillPlan(
    int generationVersion,
    long seed,
    List<TablePlan> tables,
    List<List<String>> levels,
    List<TaskRun> taskRuns) {

  /**
   * Bump whenever the bytes generated for a given plan change. 2: second passes (deferred foreign
   * keys), partition-key columns, NULL references, and value specs that name a correlated group or
   * ask for a slot suffix, all of which a version 1 engine would ignore or misread. 3: every stream
   * other than a table's and a column's cells is tagged by its purpose ({@code
   * io.spate.protocol.seed.Streams}), so NULLs, foreign key picks, fan-outs, partition leaves,
   * correlated groups, array elements and the planner's pools draw other values than in 2. 4: a
   * uuid key is a keyed bijection of its number mixed over all 128 bits, no longer a column-wide
   * high half. 5: dates and timestamps no bound narrows lie in the ten years before 2026-01-01
   * ({@link DefaultTimes}), no longer in 2000..2029; a profiled column a functional dependency
   * determines ({@link ColumnPlan.Profiled#determinant()}) is drawn by its determinant's value. 6:
   * a drawn column's values follow its meaning (flags 0/1 mostly at their default, ends of life
   * mostly NULL, vocabularies of words, counts, durations, sizes, ports and forms of text), a row's
   * times follow one lifecycle and a child's creation its parent's ({@link
   * ColumnPlan.Derived#nullRatio()}, {@link ColumnPlan.Derived#foreignKey()}), a whole is derived
   * from its part, and json documents take keys of their column's own. 7: one column of a composite
   * key is numbered and the others draw what they mean; unique text keys take their meaning's form;
   * a text column's integer range is written as digits (times kept as text follow their row's
   * lifecycle); lowercase copies and a parent's name kept beside its key are copies ({@link
   * ColumnPlan.Derived} by 0 from a parent's text column); numbers no word reads lie in 0..100,000;
   * vocabularies of 3 or 4 words, shaped by a string DEFAULT. 8: a duration beside a start and an
   * end is the time between them ({@link ColumnPlan.Derived#since()}), and bounds how long the end
   * runs; more parts within their wholes (a word after: {@code _real}; a share per something; a
   * funnel's later stage); a nested set's bounds and whole numbers of a named pair are never equal;
   * a child's first time, whatever it is, follows its latest parent's creation, and a history's
   * time is before its parent's; long text named by a plural is a JSON array; web vitals, signs of
   * an amount, icon sizes, rare states (pinned, featured) take their meanings. 9: the planner's
   * costly pools (a recognised name's text, a group's records, amounts, free text, hosts and the
   * like) are drawn from the job seed and what they are drawn from ({@code Streams.pool}), no
   * longer per table and column, so columns alike share one pool.
   */
  public static final int GENERATION_VERSION = 9;

  public FillPlan {
    tables = List.copyOf(tables);
    levels = levels.stream().map(List::copyOf).toList();
    taskRuns = List.copyOf(taskRuns);
  }

  /** A plan of these tasks, held as the fewest runs ({@link TaskRun#of}). */
  public static FillPlan of(
      int generationVersion,
      long seed,
      List<TablePlan> tables,
      List<List<String>> levels,
      List<Task> tasks) {
    return new FillPlan(generationVersion, seed, tables, levels, TaskRun.of(tasks));
  }

  /** The tasks of the runs, in order, each made when asked for. */
  @JsonIgnore
  public List<Task> tasks() {
    return new TaskList(taskRuns);
  }

  /**
   * Whether {@code task} is one of the plan's tasks ({@link TaskRun#holds}): the only ranges a
   * worker may load for the plan's job. Looks at the runs, not at the tasks they make.
   */
  public boolean hasTask(Task task) {
    return taskRuns.stream().anyMatch(r -> r.holds(task));
  }

  public TablePlan table(String name) {
    return tables.stream()
        .filter(t -> t.name().equals(name))
        .findFirst()
        .orElseThrow(() -> new IllegalArgumentException("no table " + name + " in the plan"));
  }

  /**
   * The tables given no rows that an insert trigger of a table with rows writes into ({@link
   * io.spate.protocol.schema.Table#writtenBy()}): the server fills them as those tables load, so a
   * fill empties them first as it does the tables it fills.
   */
  @JsonIgnore
  public List<TablePlan> triggerWritten() {
    Set<String> filled =
        tables.stream()
            .filter(t -> t.rows() > 0 && !t.secondPass())
            .map(TablePlan::name)
            .collect(Collectors.toSet());
    return tables.stream()
        .filter(t -> !t.secondPass() && t.rows() == 0)
        .filter(t -> t.table().writtenBy().stream().anyMatch(w -> filled.contains(w.table())))
        .toList();
  }

  /** Rows inserted: second passes update rows already counted. */
  public long totalRows() {
    return tables.stream().filter(t -> !t.secondPass()).mapToLong(TablePlan::rows).sum();
  }
}
