package io.spate.engine.generate;

import io.spate.engine.encode.Encoded;
import io.spate.engine.encode.RowWriter;
import io.spate.protocol.plan.Distribution;
import io.spate.protocol.schema.SqlType;
import io.spate.protocol.seed.Seeds;

/**
 * The cell generators of numbers, times, booleans and listed values, and the integral encoding and
 * decimal digits every generator shares. The other kinds live beside them: {@link TextCells} (text,
 * uuid, bytea, json), {@link KeyCells} (unique keys, references, derived columns), {@link
 * WrapperCells} (NULLs and partition routing) and {@link ExtraCells}. Each reads only its stream
 * and the slot.
 */
final class Cells {

  private Cells() {}

  /** Writes an integral value with the binary width of its PostgreSQL type. */
  static void writeIntegral(SqlType type, long value, RowWriter out) {
    switch (type) {
      case SMALLINT -> out.writeInt2((int) value);
      case INTEGER -> out.writeInt4((int) value);
      case DATE -> out.writeDate((int) value);
      case TIME -> out.writeTime(value);
      case BIGINT -> out.writeInt8(value);
      case TIMESTAMP, TIMESTAMPTZ -> out.writeTimestamp(value);
      case MONEY -> out.writeMoney(value);
      default -> throw new IllegalStateException("not integral: " + type);
    }
  }

  /**
   * Writes the decimal digits of a non-negative value right-aligned into {@code into} (20 bytes
   * hold any long); returns how many.
   */
  static int digits(long value, byte[] into) {
    int pos = into.length;
    long v = value;
    do {
      into[--pos] = (byte) ('0' + (v % 10));
      v /= 10;
    } while (v > 0);
    return into.length - pos;
  }

  /** Integers, dates, times and timestamps: {@code min + step * index}, index in [0, count). */
  static final class Integral extends CellGen {
    private final SqlType type;
    private final long stream;
    private final long min;
    private final long step;
    private final long count;
    private final Distribution distribution;

    Integral(SqlType type, long stream, long min, long max, long step, Distribution distribution) {
      this.type = type;
      this.stream = stream;
      this.min = min;
      this.step = step;
      this.count = (max - min) / step + 1;
      this.distribution = distribution;
    }

    @Override
    void write(long slot, RowWriter out) {
      writeIntegral(type, longValue(slot), out);
    }

    @Override
    long longValue(long slot) {
      return min + step * Draws.index(distribution, Seeds.cell(stream, slot), count);
    }

    @Override
    boolean integral() {
      return true;
    }
  }

  /** Numerics as unscaled longs at a fixed scale. */
  static final class Numeric extends CellGen {
    private final long stream;
    private final long min;
    private final long count;
    private final int scale;
    private final Distribution distribution;

    Numeric(long stream, long min, long max, int scale, Distribution distribution) {
      this.stream = stream;
      this.min = min;
      this.count = max - min + 1;
      this.scale = scale;
      this.distribution = distribution;
    }

    @Override
    void write(long slot, RowWriter out) {
      out.writeNumeric(longValue(slot), scale);
    }

    @Override
    long longValue(long slot) {
      return min + Draws.index(distribution, Seeds.cell(stream, slot), count);
    }

    @Override
    boolean integral() {
      return true;
    }
  }

  /** real and double precision in [min, max]. */
  static final class Floating extends CellGen {
    private final long stream;
    private final double min;
    private final double max;
    private final double width;
    private final boolean single;

    /** Values in [min, max]; for real, min and max are floats already. */
    Floating(long stream, double min, double max, boolean single) {
      this.stream = stream;
      this.min = min;
      this.max = max;
      this.width = max - min;
      this.single = single;
    }

    @Override
    void write(long slot, RowWriter out) {
      double v = Math.min(max, min + width * Seeds.unit(Seeds.cell(stream, slot)));
      if (single) {
        out.writeFloat4(Math.max((float) min, Math.min((float) max, (float) v)));
      } else {
        out.writeFloat8(v);
      }
    }
  }

  static final class Bool extends CellGen {
    private final long stream;

    Bool(long stream) {
      this.stream = stream;
    }

    @Override
    void write(long slot, RowWriter out) {
      out.writeBool(Seeds.cell(stream, slot) < 0);
    }
  }

  /** One of a list of pre-encoded values, by weight. */
  static final class Choice extends CellGen {
    private final long stream;
    private final Encoded[] encoded;
    private final long[] carried;
    private final long[] cumulativeWeights;
    private final Distribution distribution;

    /**
     * @param encoded each value, encoded in every writer's form
     * @param carried each value's long form, or null when the type has none
     * @param cumulativeWeights running sums of integer weights, or null for equal weights
     */
    Choice(
        long stream,
        Encoded[] encoded,
        long[] carried,
        long[] cumulativeWeights,
        Distribution distribution) {
      this.stream = stream;
      this.encoded = encoded;
      this.carried = carried;
      this.cumulativeWeights = cumulativeWeights;
      this.distribution = distribution;
    }

    private int pick(long slot) {
      long h = Seeds.cell(stream, slot);
      if (cumulativeWeights == null) {
        return (int) Draws.index(distribution, h, encoded.length);
      }
      long x = Seeds.below(h, cumulativeWeights[cumulativeWeights.length - 1]);
      int i = 0;
      while (cumulativeWeights[i] <= x) {
        i++;
      }
      return i;
    }

    @Override
    void write(long slot, RowWriter out) {
      out.writeEncoded(encoded[pick(slot)]);
    }

    @Override
    long longValue(long slot) {
      return carried[pick(slot)];
    }

    @Override
    boolean integral() {
      return carried != null;
    }
  }
}
