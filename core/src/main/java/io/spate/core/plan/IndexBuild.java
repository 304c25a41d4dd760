package io.spate.core.plan;

import io.spate.protocol.error.Problems;
import io.spate.protocol.schema.Schema;
import io.spate.protocol.schema.Table;
import java.util.Set;
import java.util.stream.Collectors;

/**
 * Which tables build their indexes after their rows ({@link
 * io.spate.protocol.plan.TablePlan#indexesAfter}): one task over the whole table, whose transaction
 * drops the indexes it may rebuild, loads the rows and builds them again. A pure function of the
 * schema, the config and whether the target can ({@link LoadTraits#indexesAfterLoad}), so every
 * planner of the same fill makes the same tasks.
 *
 * <p>Unless the config says ({@code indexes: after | during}), a table builds them after when the
 * target can, it is neither partitioned nor in a joint group, it has at most {@link #MAX_ROWS}
 * rows, and at least {@link #MIN_INDEXES} of its indexes are not ruled out by a foreign key of the
 * schema pointing at them. The target has the last word at run time, from its catalog: an index it
 * may not rebuild stays, and a table it may not handle so is loaded as any task.
 */
final class IndexBuild {

  /**
   * Built after from two indexes on: measured on {@code trip} (1 M rows, 2 cores), one stream that
   * builds the primary key after took about as long as two parallel streams that keep it, and with
   * three more indexes it took 0.6 times as long.
   */
  static final int MIN_INDEXES = 2;

  /**
   * The most rows of a table loaded by one whole-table task: about 10 to 20 s of one stream at the
   * rates measured. Past it, the table's exclusive lock held for the whole load, a failure redoing
   * every row, and one thread where more cores could stream in parallel cost more than building the
   * indexes once saves.
   */
  static final long MAX_ROWS = 5_000_000;

  static final String AFTER = "after";
  static final String DURING = "during";

  private IndexBuild() {}

  /**
   * Whether table {@code t}, of {@code rows} rows, builds its indexes after them; a configured
   * choice that cannot hold is a problem.
   *
   * @param joint whether the table is in a joint group (loaded with others in one transaction)
   * @param configured the config's {@code indexes}, or null
   */
  static boolean after(
      Schema schema,
      Table t,
      long rows,
      boolean joint,
      String configured,
      LoadTraits target,
      Problems problems) {
    if (configured != null && !configured.equals(AFTER) && !configured.equals(DURING)) {
      problems.add("table '" + t.id() + "' sets indexes: " + configured + "; use after or during");
      return false;
    }
    if (rows == 0 || DURING.equals(configured)) {
      return false;
    }
    String impossible =
        !target.indexesAfterLoad()
            ? "the target builds indexes during the load only (PostgreSQL builds them after)"
            : !t.partitions().isEmpty()
                ? "it is partitioned"
                : joint ? "it is loaded in one transaction with the tables of its cycle" : null;
    if (AFTER.equals(configured)) {
      if (impossible != null) {
        problems.add(
            "table '"
                + t.id()
                + "' sets indexes: after, but "
                + impossible
                + "; remove it or set indexes: during");
      }
      return impossible == null;
    }
    return impossible == null && rows <= MAX_ROWS && rebuildable(schema, t) >= MIN_INDEXES;
  }

  /**
   * The indexes of {@code t} a load might rebuild, as the schema shows them: every index but those
   * of the keys a foreign key of the schema points at (the key's columns, in any order).
   */
  static int rebuildable(Schema schema, Table t) {
    String id = t.id();
    Set<Set<String>> pointedAt =
        schema.tables().stream()
            .flatMap(other -> other.foreignKeys().stream())
            .filter(fk -> fk.refTable().equals(id))
            .map(fk -> Set.copyOf(fk.refColumns()))
            .collect(Collectors.toSet());
    long referenced =
        t.keys().stream().filter(key -> pointedAt.contains(Set.copyOf(key.columns()))).count();
    return t.keys().size() - (int) referenced + t.plainIndexes();
  }
}
