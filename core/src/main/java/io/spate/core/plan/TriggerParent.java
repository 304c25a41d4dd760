package io.spate.core.plan;

import io.spate.protocol.schema.Column;
import io.spate.protocol.schema.ForeignKey;
import io.spate.protocol.schema.Table;
import io.spate.protocol.schema.TriggerWrite;
import io.spate.protocol.schema.UniqueKey;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.List;
import java.util.Optional;
import java.util.Set;

/**
 * A foreign key whose parent rows are an insert trigger's: its table gets no rows of Spate's, and a
 * trigger of a table that does writes one row there per source row, copying the source row's key
 * into the key the foreign key references ({@link TriggerWrite#copies()}). The reference then picks
 * a source row and writes its key, which the trigger's row carries too; the child loads after the
 * source table, so after the trigger's rows.
 *
 * <p>Invariant: the referenced columns are a key of the parent, each copies a NOT NULL column of
 * the source of the same type (or both are integers), those columns are a key of the source (so
 * recomputed from the source's slot as any parent key is, one trigger row each), and the loads can
 * wait in that order: no second pass, unchecked or joint load is involved and the source does not
 * wait for the child.
 *
 * @param write the trigger's write the rows come from
 * @param sourceColumns the source's columns the parent columns copy, in the foreign key's order
 */
record TriggerParent(TriggerWrite write, List<String> sourceColumns) {

  TriggerParent {
    sourceColumns = List.copyOf(sourceColumns);
  }

  /** The table the trigger fires on, whose rows the foreign key picks. */
  String source() {
    return write.table();
  }

  /**
   * The trigger's rows {@code fk} of {@code child} can reference, the first write that allows it,
   * or empty (the plan then refuses the child, as for any parent with no rows).
   */
  static Optional<TriggerParent> of(Shape shape, Table child, ForeignKey fk) {
    Table parent = shape.table(fk.refTable());
    Order order = shape.order();
    if (shape.rows().getOrDefault(parent.id(), 0L) > 0
        || !keyOf(parent, fk.refColumns())
        || order.deferredOf(child.id()).contains(fk.name())
        || order.uncheckedOf(child.id()).contains(fk.name())
        || joint(order, child.id())) {
      return Optional.empty();
    }
    for (TriggerWrite w : parent.writtenBy()) {
      Table source = shape.schema().table(w.table()).orElse(null);
      if (source == null
          || shape.rows().getOrDefault(source.id(), 0L) == 0
          || joint(order, source.id())
          || waits(order, source.id(), child.id(), new HashSet<>())) {
        continue;
      }
      List<String> copied = new ArrayList<>();
      for (String column : fk.refColumns()) {
        String from = w.sourceOf(column);
        Column original = from == null ? null : source.column(from).orElse(null);
        if (original != null && !original.nullable() && alike(parent.column(column), original)) {
          copied.add(from);
        }
      }
      if (copied.size() == fk.refColumns().size() && keyOf(source, copied)) {
        return Optional.of(new TriggerParent(w, copied));
      }
    }
    return Optional.empty();
  }

  /** Whether {@code columns} are, in some order, the columns of a key of {@code t}. */
  private static boolean keyOf(Table t, List<String> columns) {
    Set<String> set = Set.copyOf(columns);
    return set.size() == columns.size()
        && t.keys().stream().map(UniqueKey::columns).anyMatch(k -> Set.copyOf(k).equals(set));
  }

  /** Whether a copy keeps the value: the same type, or two integer types. */
  private static boolean alike(Optional<Column> copy, Column original) {
    return copy.isPresent()
        && (copy.get().type() == original.type()
            || copy.get().type().isIntegral() && original.type().isIntegral());
  }

  private static boolean joint(Order order, String table) {
    return !order.jointOf(table).isEmpty() || order.loadedByLeader(table);
  }

  /** Whether {@code table} waits, directly or not, for {@code other}. */
  private static boolean waits(Order order, String table, String other, Set<String> seen) {
    if (!seen.add(table)) {
      return false;
    }
    List<String> direct = order.waitsFor(table);
    return direct != null
        && (direct.contains(other) || direct.stream().anyMatch(t -> waits(order, t, other, seen)));
  }
}
