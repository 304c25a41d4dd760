package io.spate.protocol.plan;

import com.fasterxml.jackson.annotation.JsonInclude;
import io.spate.protocol.schema.ForeignKey;
import io.spate.protocol.schema.Table;
import java.util.List;

/**
 * One table's part of the fill. Rows live in slots: a root table has {@code rows} slots; a table
 * filled per parent has {@code max} slots per parent slot, of which the first {@code count(parent
 * slot)} hold rows. So a row's slot alone says which parent it belongs to.
 *
 * @param name the plan's name in levels, tasks and events: the table's {@link Table#id()}, followed
 *     by {@code #refs} for a second pass
 * @param fanout the per-parent count, or null for a root table
 * @param slots the size of the slot space; tasks cut it into ranges
 * @param rows the number of rows the fill writes
 * @param stream the table's seed stream
 * @param after the plans that must have committed every task before this one starts: the tables its
 *     written foreign keys point to, and for a second pass the plan whose rows it updates
 * @param updateKey empty for a plan that inserts rows; otherwise this plan is a second pass that
 *     sets its written non-key columns on the rows of {@code table} it matches on these key columns
 *     (foreign keys deferred to break a cycle or a self-reference)
 * @param joint empty but for the plan that loads a joint cycle: the other plans whose rows its one
 *     task also writes, in this order, in the same transaction, with the foreign keys deferred to
 *     the commit (a cycle of NOT NULL foreign keys closed by a {@code DEFERRABLE} one). Those plans
 *     have no task of their own and wait for this one. Left out of the JSON when empty.
 * @param indexesAfter whether the plan's one task, over all its slots, loads the rows with the
 *     table's indexes dropped and builds them after, in its one transaction, where the target finds
 *     that safe (on PostgreSQL: {@code io.spate.db.postgres.IndexesAfterLoad}); otherwise, and on a
 *     target that never does, the rows go in as any task's. Left out of the JSON when false.
 */
public record TablePlan(
    String name,
    Table table,
    Fanout fanout,
    long slots,
    long rows,
    long stream,
    List<ColumnPlan> columns,
    List<ReferencePlan> references,
    List<String> after,
    List<String> updateKey,
    @JsonInclude(JsonInclude.Include.NON_EMPTY) List<String> joint,
    @JsonInclude(JsonInclude.Include.NON_DEFAULT) boolean indexesAfter) {

  public TablePlan {
    columns = List.copyOf(columns);
    references = List.copyOf(references);
    after = after == null ? List.of() : List.copyOf(after);
    updateKey = updateKey == null ? List.of() : List.copyOf(updateKey);
    joint = joint == null ? List.of() : List.copyOf(joint);
  }

  /** A plan whose indexes are built during the load. */
  public TablePlan(
      String name,
      Table table,
      Fanout fanout,
      long slots,
      long rows,
      long stream,
      List<ColumnPlan> columns,
      List<ReferencePlan> references,
      List<String> after,
      List<String> updateKey,
      List<String> joint) {
    this(
        name,
        table,
        fanout,
        slots,
        rows,
        stream,
        columns,
        references,
        after,
        updateKey,
        joint,
        false);
  }

  /** A plan loaded by tasks of its own ({@code joint} empty). */
  public TablePlan(
      String name,
      Table table,
      Fanout fanout,
      long slots,
      long rows,
      long stream,
      List<ColumnPlan> columns,
      List<ReferencePlan> references,
      List<String> after,
      List<String> updateKey) {
    this(
        name, table, fanout, slots, rows, stream, columns, references, after, updateKey, List.of());
  }

  /** A plan that inserts rows and waits for the tables its foreign keys reference. */
  public TablePlan(
      String name,
      Table table,
      Fanout fanout,
      long slots,
      long rows,
      long stream,
      List<ColumnPlan> columns,
      List<ReferencePlan> references) {
    this(
        name,
        table,
        fanout,
        slots,
        rows,
        stream,
        columns,
        references,
        referencedTables(table),
        List.of());
  }

  private static List<String> referencedTables(Table table) {
    return table.foreignKeys().stream()
        .map(ForeignKey::refTable)
        .filter(t -> !t.equals(table.id()))
        .distinct()
        .sorted()
        .toList();
  }

  /** This plan with other columns and references, everything else kept. */
  public TablePlan with(List<ColumnPlan> columns, List<ReferencePlan> references) {
    return new TablePlan(
        name,
        table,
        fanout,
        slots,
        rows,
        stream,
        columns,
        references,
        after,
        updateKey,
        joint,
        indexesAfter);
  }

  /** Whether this plan updates rows a first pass wrote, rather than inserting rows. */
  public boolean secondPass() {
    return !updateKey.isEmpty();
  }

  public ColumnPlan column(String column) {
    return columns.stream()
        .filter(c -> c.column().equals(column))
        .findFirst()
        .orElseThrow(() -> new IllegalArgumentException("no column " + name + "." + column));
  }

  public ReferencePlan reference(String foreignKey) {
    return references.stream()
        .filter(r -> r.foreignKey().equals(foreignKey))
        .findFirst()
        .orElseThrow(
            () -> new IllegalArgumentException("no foreign key " + foreignKey + " on " + name));
  }

  /** The columns the fill writes, in table order. */
  public List<ColumnPlan> writtenColumns() {
    return columns.stream().filter(c -> !(c instanceof ColumnPlan.Skip)).toList();
  }

  /** This plan, waiting for {@code tables} instead. */
  public TablePlan withAfter(List<String> tables) {
    return new TablePlan(
        name,
        table,
        fanout,
        slots,
        rows,
        stream,
        columns,
        references,
        tables,
        updateKey,
        joint,
        indexesAfter);
  }
}
