package io.spate.engine.generate;

import io.spate.engine.encode.RowWriter;
import io.spate.protocol.plan.ColumnPlan;
import io.spate.protocol.plan.TablePlan;
import java.util.List;
import java.util.function.LongPredicate;

/** Writes one table's rows, slot by slot, as binary COPY tuples. One per thread. */
public final class TableEngine {
  private final TablePlan table;
  private final CellGen[] columns;
  private final LongPredicate holdsRow;

  /**
   * @param holdsRow which slots hold a row, or null when all do
   */
  TableEngine(TablePlan table, CellGen[] columns, LongPredicate holdsRow) {
    this.table = table;
    this.columns = columns;
    this.holdsRow = holdsRow;
  }

  public TablePlan plan() {
    return table;
  }

  /** The columns a COPY names, in the order rows carry them. */
  public List<String> columnNames() {
    return table.writtenColumns().stream().map(ColumnPlan::column).toList();
  }

  /**
   * Appends rows from the cursor's slots until the range ends or the buffer holds at least {@code
   * maxBytes}; returns how many rows it wrote.
   */
  public int fill(SlotCursor cursor, RowWriter out, int maxBytes) {
    int rows = 0;
    long slot = cursor.next();
    long end = cursor.end();
    int fields = columns.length;
    for (; slot < end && out.size() < maxBytes; slot++) {
      if (holdsRow != null && !holdsRow.test(slot)) {
        continue;
      }
      out.startRow(fields);
      for (CellGen column : columns) {
        column.write(slot, out);
      }
      rows++;
    }
    cursor.advanceTo(slot);
    return rows;
  }
}
