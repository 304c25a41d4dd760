package io.spate.core.plan;

import io.spate.core.config.FillConfig;
import io.spate.core.config.TableConfig;
import io.spate.protocol.schema.Column;
import io.spate.protocol.schema.ForeignKey;
import io.spate.protocol.schema.Schema;
import io.spate.protocol.schema.Table;
import io.spate.protocol.schema.UniqueKey;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.function.Consumer;

/**
 * A table nothing sizes whose key is a reference and one column of fewer values than the default
 * rows ({@code UNIQUE (user_id, role)} with {@code role} an enum of three labels, {@code PRIMARY
 * KEY (uri_id, type)} with {@code type} an unsigned tinyint) is filled per row of the referenced
 * table, one to {@link #MOST_PER_PARENT} rows each, as if the config said {@code per: users, count:
 * 1..3}: that column then counts within each parent row's group, so the key stays unique and the
 * rows spread over the parents; exactly that many each where another table picks distinct rows of
 * it ({@link #pickedDistinct}). Invariant: only a table the config and {@code --rows} leave unsized
 * gets it, the plan shows it as any {@code per}, and the first such key (primary first), with its
 * first foreign key by name to another table, decides the parent.
 */
final class ImpliedPer {

  /** The most rows a parent row gets (fewer where the column holds fewer values). */
  static final long MOST_PER_PARENT = 3;

  private ImpliedPer() {}

  /**
   * Whether another table has a key made only of references, one of them to {@code t}: it picks
   * distinct rows of {@code t}, which needs the same count under every parent row ({@link
   * ReferenceStage}), so {@code t} then gets a fixed count.
   */
  private static boolean pickedDistinct(Schema schema, Table t) {
    return schema.tables().stream()
        .anyMatch(
            u ->
                KeyColumns.driving(u).stream()
                    .anyMatch(
                        k ->
                            k.columns().stream()
                                    .allMatch(
                                        n ->
                                            u.foreignKeys().stream()
                                                .anyMatch(fk -> fk.columns().contains(n)))
                                && u.foreignKeys().stream()
                                    .anyMatch(
                                        fk ->
                                            fk.refTable().equals(t.id())
                                                && k.columns().containsAll(fk.columns()))));
  }

  /**
   * @param notes takes one line per table it fills per a parent
   */
  static FillSettings apply(Schema schema, FillSettings settings, Consumer<String> notes) {
    Map<String, TableConfig> tables = new LinkedHashMap<>(settings.config().tables());
    boolean implied = false;
    for (Table t : schema.tables()) {
      TableConfig tc = settings.config().table(t.id());
      if (tc.rows() != null || tc.per() != null || settings.rowOverrides().containsKey(t.id())) {
        continue;
      }
      for (UniqueKey key : KeyColumns.driving(t)) {
        List<Column> free =
            key.columns().stream()
                .filter(n -> t.foreignKeys().stream().noneMatch(fk -> fk.columns().contains(n)))
                .map(n -> t.column(n).orElseThrow())
                .toList();
        if (free.size() != 1) {
          continue;
        }
        Column c = free.getFirst();
        long room = KeyRange.room(t, c);
        ForeignKey parent =
            t.foreignKeys().stream()
                .filter(fk -> key.columns().containsAll(fk.columns()))
                .filter(fk -> !fk.refTable().equals(t.id()))
                .findFirst()
                .orElse(null);
        if (room > 0 && room < settings.defaultRows() && parent != null) {
          long most = Math.min(room, MOST_PER_PARENT);
          String count = pickedDistinct(schema, t) ? Long.toString(most) : "1.." + most;
          tables.put(
              t.id(),
              new TableConfig(
                  null, parent.refTable(), count, tc.breakCycleAt(), tc.indexes(), tc.columns()));
          notes.accept(
              t.id()
                  + " is filled "
                  + count
                  + " per "
                  + parent.refTable()
                  + " row: its key "
                  + key.columns()
                  + " leaves "
                  + c.name()
                  + " ("
                  + c.typeName()
                  + ") "
                  + room
                  + " values (give it rows or per in the config to size it otherwise)");
          implied = true;
          break;
        }
      }
    }
    if (!implied) {
      return settings;
    }
    FillConfig c = settings.config();
    return new FillSettings(
        new FillConfig(
            c.seed(), c.defaultRows(), c.taskRows(), c.nullRatio(), c.realisticValues(), tables),
        settings.seed(),
        settings.defaultRows(),
        settings.taskRows(),
        settings.nullRatio(),
        settings.rowOverrides(),
        settings.triggersOff());
  }
}
