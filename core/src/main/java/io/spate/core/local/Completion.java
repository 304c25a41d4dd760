package io.spate.core.local;

import io.spate.core.target.ForeignKeys;
import io.spate.protocol.plan.FillPlan;
import io.spate.protocol.plan.TablePlan;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;

/**
 * Which tables of a fill are full and which foreign keys can be validated, as plans finish: a table
 * is full once every plan that writes rows to it (its insert, its second pass, the joint load that
 * carries it) has committed all its tasks; a key can be validated once its table and the table it
 * references are full. A table the fill writes no row to is full from the start. A pure fold of the
 * plans finished so far, used by one thread: a local fill's or a distributed job's follower.
 *
 * <p>Invariant: each table is reported full once, and each key of {@link ForeignKeys#keys}
 * checkable once, by the time every plan has finished.
 */
public final class Completion {

  /**
   * What one finish made ready.
   *
   * @param full the insert plans of the tables that just became full
   * @param checkable the keys whose table and referenced table are now both full
   */
  public record Step(List<TablePlan> full, List<ForeignKeys.Key> checkable) {}

  /** The plans with rows not finished yet, by the table they write. */
  private final Map<String, Set<String>> pending = new HashMap<>();

  /** The plan that inserts each table's rows, by table. */
  private final Map<String, TablePlan> inserts = new HashMap<>();

  /** The keys not released yet, in the plan's order. */
  private final List<ForeignKeys.Key> waiting;

  public Completion(FillPlan plan) {
    for (TablePlan p : plan.tables()) {
      if (p.rows() > 0) {
        pending.computeIfAbsent(p.table().id(), table -> new HashSet<>()).add(p.name());
      }
      if (!p.secondPass()) {
        inserts.put(p.table().id(), p);
      }
    }
    this.waiting = new ArrayList<>(ForeignKeys.keys(plan));
  }

  /** Plans {@code finished} have committed all their rows; returns what that made ready. */
  public Step finished(List<TablePlan> finished) {
    List<TablePlan> full = new ArrayList<>();
    for (TablePlan p : finished) {
      String table = p.table().id();
      Set<String> plans = pending.get(table);
      if (plans != null && plans.remove(p.name()) && plans.isEmpty()) {
        pending.remove(table);
        full.add(inserts.get(table));
      }
    }
    List<ForeignKeys.Key> checkable = new ArrayList<>();
    waiting.removeIf(
        key -> {
          boolean ready = isFull(key.child().table().id()) && isFull(key.parent().table().id());
          if (ready) {
            checkable.add(key);
          }
          return ready;
        });
    return new Step(full, checkable);
  }

  private boolean isFull(String table) {
    return !pending.containsKey(table);
  }
}
