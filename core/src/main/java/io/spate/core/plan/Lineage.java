package io.spate.core.plan;

import io.spate.protocol.plan.Fanout;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;

/**
 * What {@link SizeStage} found: the fan-out of every table filled per a parent, and the slot count
 * of every table. A table's slots are its parent's slots times its maximal count, so a slot of a
 * child names one slot of each ancestor by integer division.
 *
 * @param fanouts by table: the parent and count of a table filled per a parent (absent for roots)
 * @param slots by table: the number of slots (row indexes) of its key space
 */
record Lineage(Map<String, Fanout> fanouts, Map<String, Long> slots) {

  Fanout fanout(String table) {
    return fanouts.get(table);
  }

  long slots(String table) {
    return slots.get(table);
  }

  /** T's lineage: element d-1 is its ancestor at depth d. */
  List<String> ancestors(String table) {
    List<String> result = new ArrayList<>();
    for (Fanout f = fanouts.get(table); f != null; f = fanouts.get(f.parent())) {
      result.add(f.parent());
    }
    return result;
  }

  /** The number of slots of {@code table} under one slot of its ancestor at depth {@code depth}. */
  long span(String table, int depth) {
    long span = 1;
    String t = table;
    for (int d = 0; d < depth; d++) {
      Fanout f = fanouts.get(t);
      span = Math.multiplyExact(span, f.max());
      t = f.parent();
    }
    return span;
  }

  /** Whether every slot of {@code table} under one ancestor slot at {@code depth} holds a row. */
  boolean denseBelow(String table, int depth) {
    String t = table;
    for (int d = 0; d < depth; d++) {
      Fanout f = fanouts.get(t);
      if (!f.fixed()) {
        return false;
      }
      t = f.parent();
    }
    return true;
  }

  /** Whether every slot of {@code table} holds a row: a root, or fixed counts all the way up. */
  boolean dense(String table) {
    return fanouts.get(table) == null || denseBelow(table, ancestors(table).size());
  }

  /** The depth of {@code ancestor} in {@code table}'s lineage, or -1 when it is not there. */
  int depthUnder(String table, String ancestor) {
    int index = ancestors(table).indexOf(ancestor);
    return index < 0 ? -1 : index + 1;
  }
}
