package io.spate.engine.generate;

import io.spate.engine.encode.RowWriter;
import io.spate.protocol.seed.Seeds;

/**
 * The cell generators that wrap others: NULLs at a ratio and the routing of partition-key columns
 * to their leaf's generator. Each draws from a stream of its own (nulls, partition leaf), so
 * wrapping never changes the values the wrapped generator gives.
 */
final class WrapperCells {

  private WrapperCells() {}

  /** NULL at a ratio, otherwise the wrapped generator's value. */
  static final class Nullable extends CellGen {
    private final CellGen inner;
    private final long stream;
    private final long threshold;

    Nullable(CellGen inner, long stream, double ratio) {
      this.inner = inner;
      this.stream = stream;
      this.threshold = (long) (ratio * 0x1.0p63);
    }

    @Override
    void write(long slot, RowWriter out) {
      if (Seeds.cell(stream, slot) >>> 1 < threshold) {
        out.writeNull();
      } else {
        inner.write(slot, out);
      }
    }

    @Override
    long longValue(long slot) {
      return inner.longValue(slot);
    }

    @Override
    boolean integral() {
      return inner.integral();
    }
  }

  /**
   * A partition-key column: the row's leaf partition is drawn from the table's partition stream
   * (the same draw for every key column of the row), then the value from that leaf's generator.
   */
  static final class PerPartition extends CellGen {
    private final long stream;
    private final CellGen[] leaves;

    PerPartition(long stream, CellGen[] leaves) {
      this.stream = stream;
      this.leaves = leaves;
    }

    @Override
    void write(long slot, RowWriter out) {
      leaves[(int) Seeds.below(Seeds.cell(stream, slot), leaves.length)].write(slot, out);
    }
  }
}
