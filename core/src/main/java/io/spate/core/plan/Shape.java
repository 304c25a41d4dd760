package io.spate.core.plan;

import io.spate.protocol.schema.Schema;
import io.spate.protocol.schema.Table;
import io.spate.protocol.seed.Streams;
import java.util.Map;

/**
 * What every later stage reads: the schema and settings, the {@link Lineage}, the {@link Order} and
 * the rows each table gets ({@link CountStage}). Invariant: no problem was found up to here, so
 * every table has a size, a level, and every fan-out names a table of the schema.
 *
 * @param rows by table: the rows it gets (its slots that hold a row)
 */
record Shape(
    Schema schema, FillSettings settings, Lineage lineage, Order order, Map<String, Long> rows) {

  Table table(String name) {
    return schema.table(name).orElseThrow();
  }

  long rows(String table) {
    return rows.get(table);
  }

  /** The random stream of a table, from the job seed and the table's schema and name. */
  static long stream(long seed, Table t) {
    return Streams.table(seed, t.schema(), t.name());
  }
}
