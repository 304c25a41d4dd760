package io.spate.core.plan;

import io.spate.core.config.Range;
import io.spate.core.config.TableConfig;
import io.spate.protocol.error.Problems;
import io.spate.protocol.plan.Fanout;
import io.spate.protocol.schema.Column;
import io.spate.protocol.schema.Schema;
import io.spate.protocol.schema.Table;
import java.util.HashMap;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.function.Consumer;

/**
 * The first stage: the size of every table. Input: the schema and the settings (config rows, per
 * and count, {@code --rows}, the default rows). Output: the {@link Lineage}, every table's fan-out
 * and slot count (a table only the default sizes holds no more rows than its key CHECKs admit).
 * Invariant: a table filled per a parent is sized after its parent, so its slots are the parent's
 * slots times its maximal count; a negative count, a count below 1, a per-loop, {@code --rows} on a
 * per-parent table or slots past {@code Long.MAX_VALUE} is a problem, and the table then gets 0
 * slots.
 */
final class SizeStage {

  private final Schema schema;
  private final FillSettings settings;
  private final Problems problems;
  private final Consumer<String> notes;
  private final Map<String, Fanout> fanouts = new HashMap<>();
  private final Map<String, Long> slots = new HashMap<>();

  private SizeStage(
      Schema schema, FillSettings settings, Problems problems, Consumer<String> notes) {
    this.schema = schema;
    this.settings = settings;
    this.problems = problems;
    this.notes = notes;
  }

  /**
   * @param notes takes one line per table its key holds to fewer rows than the default
   */
  static Lineage run(
      Schema schema, FillSettings settings, Problems problems, Consumer<String> notes) {
    SizeStage stage = new SizeStage(schema, settings, problems, notes);
    for (Table t : schema.tables()) {
      stage.sizeOf(t, new HashSet<>());
    }
    return new Lineage(stage.fanouts, stage.slots);
  }

  /**
   * The key column that leaves the table's keys the least room, by their types and CHECKs ({@code
   * CHECK (id = 0)}: a one-row table; an unsigned tinyint key: 256; an enum: its labels), or null:
   * a table only the default rows size holds at most that many, and the planning says so; a size
   * given for it is checked by {@link KeyColumns}. A key column a foreign key fills takes its
   * parent's values, so a key's room is that of its one other column, which counts the rows ({@code
   * PRIMARY KEY (post_id, type)} with {@code post_id} a reference).
   */
  private static Column narrowestKey(Table t) {
    Column narrowest = null;
    List<List<Column>> free =
        KeyColumns.driving(t).stream().map(k -> freeColumns(t, k.columns())).toList();
    for (Column c : t.columns()) {
      boolean counts = c.identity() || free.contains(List.of(c));
      if (counts
          && t.foreignKeys().stream().noneMatch(fk -> fk.columns().contains(c.name()))
          && (narrowest == null || KeyRange.room(t, c) < KeyRange.room(t, narrowest))) {
        narrowest = c;
      }
    }
    return narrowest;
  }

  /** The default rows, or fewer where the table's key holds fewer ({@link #narrowestKey}). */
  private long defaultRows(Table t) {
    Column key = narrowestKey(t);
    long room = key == null ? Long.MAX_VALUE : KeyRange.room(t, key);
    if (room >= settings.defaultRows()) {
      return settings.defaultRows();
    }
    notes.accept(
        t.id()
            + " gets "
            + room
            + (room == 1 ? " row" : " rows")
            + ", not the default "
            + settings.defaultRows()
            + ": its key column "
            + key.name()
            + " ("
            + key.typeName()
            + ") holds no more");
    return room;
  }

  /** The columns of a key no foreign key of the table fills. */
  private static List<Column> freeColumns(Table t, List<String> key) {
    return key.stream()
        .filter(n -> t.foreignKeys().stream().noneMatch(fk -> fk.columns().contains(n)))
        .map(n -> t.column(n).orElseThrow())
        .toList();
  }

  /**
   * Whether only the default would size {@code t} while an insert trigger of a table the fill does
   * not set to 0 rows writes into it: its rows are then the trigger's (a fill of its own would
   * collide with them), and the plan says so.
   */
  private boolean leftToTriggers(Table t) {
    return t.writtenBy().stream()
        .anyMatch(
            w -> {
              Long rows =
                  settings
                      .rowOverrides()
                      .getOrDefault(w.table(), settings.config().table(w.table()).rows());
              return rows == null || rows > 0;
            });
  }

  /** Computes the fan-out and slot count of a table (its lineage parents first). */
  private long sizeOf(Table t, Set<String> visiting) {
    Long known = slots.get(t.id());
    if (known != null) {
      return known;
    }
    TableConfig tc = settings.config().table(t.id());
    long result;
    if (tc.per() == null || schema.table(tc.per()).isEmpty()) {
      Long override = settings.rowOverrides().get(t.id());
      result =
          override != null
              ? override
              : tc.rows() != null ? tc.rows() : leftToTriggers(t) ? 0 : defaultRows(t);
      if (result < 0) {
        problems.add("table '" + t.id() + "' has a negative row count " + result);
        result = 0;
      }
    } else {
      if (!visiting.add(t.id())) {
        problems.add("tables are filled per each other in a loop: " + visiting);
        return 0;
      }
      if (settings.rowOverrides().containsKey(t.id())) {
        problems.add(
            "--rows "
                + t.id()
                + "=...: '"
                + t.id()
                + "' is filled per '"
                + tc.per()
                + "'; change its count in the config, or the rows of '"
                + tc.per()
                + "'");
      }
      Range count =
          Range.parse("table '" + t.id() + "' count", tc.count() == null ? "1" : tc.count());
      if (count.min() < 1) {
        problems.add(
            "table '"
                + t.id()
                + "' count "
                + tc.count()
                + " must be at least 1 per '"
                + tc.per()
                + "'");
        return 0;
      }
      fanouts.put(t.id(), new Fanout(tc.per(), count.min(), count.max()));
      long parentSlots = sizeOf(schema.table(tc.per()).orElseThrow(), visiting);
      if (parentSlots > Long.MAX_VALUE / count.max()) {
        problems.add(
            "table '"
                + t.id()
                + "' (count "
                + tc.count()
                + " per '"
                + tc.per()
                + "') would have more than "
                + Long.MAX_VALUE
                + " rows: '"
                + tc.per()
                + "' has room for "
                + parentSlots
                + " rows, times "
                + count.max()
                + "; lower the rows of '"
                + tc.per()
                + "' or the count");
        result = 0;
      } else {
        result = parentSlots * count.max();
      }
    }
    slots.put(t.id(), result);
    return result;
  }
}
