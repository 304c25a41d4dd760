package io.spate.worker.generate;

import io.spate.protocol.plan.Distribution;
import io.spate.protocol.schema.SqlType;
import io.spate.protocol.seed.Seeds;
import io.spate.worker.encode.CopyBinaryWriter;
import java.lang.invoke.MethodHandles;
import java.lang.invoke.VarHandle;
import java.nio.ByteOrder;
import java.nio.charset.StandardCharsets;

/** The cell generators, one per kind of value. Each reads only its stream and the slot. */
final class Cells {

  /** 64 symbols, so one 64-bit draw yields ten characters of 6 bits. */
  static final byte[] ALPHABET =
      "abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789-_"
          .getBytes(StandardCharsets.US_ASCII);

  static final int CHARS_PER_DRAW = 10;

  private Cells() {}

  /** Writes an integral value with the binary width of its PostgreSQL type. */
  static void writeIntegral(SqlType type, long value, CopyBinaryWriter out) {
    switch (type) {
      case SMALLINT -> out.writeInt2((int) value);
      case INTEGER -> out.writeInt4((int) value);
      case DATE -> out.writeDate((int) value);
      case TIME -> out.writeTime(value);
      case BIGINT, TIMESTAMP, TIMESTAMPTZ -> out.writeInt8(value);
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
    void write(long slot, CopyBinaryWriter out) {
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
    void write(long slot, CopyBinaryWriter out) {
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
    void write(long slot, CopyBinaryWriter out) {
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
    void write(long slot, CopyBinaryWriter out) {
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
    void write(long slot, CopyBinaryWriter out) {
      out.writeBool(Seeds.cell(stream, slot) < 0);
    }
  }

  /**
   * Text of a drawn length. Draw 0 picks the length; draw {@code 1 + i} gives characters {@code 10i
   * .. 10i+9}, so every character block has its own counter. Characters are emitted in pairs from a
   * 12-bit lookup table (five pairs per 64-bit draw).
   */
  static final class Text extends CellGen {
    private static final VarHandle SHORTS =
        MethodHandles.byteArrayViewVarHandle(short[].class, ByteOrder.BIG_ENDIAN);
    private static final short[] PAIRS = new short[4096];

    static {
      for (int i = 0; i < PAIRS.length; i++) {
        PAIRS[i] = (short) ((ALPHABET[i & 63] << 8) | ALPHABET[i >>> 6]);
      }
    }

    private final long stream;
    private final int minLength;
    private final int lengths;
    private final byte[] scratch;

    Text(long stream, int minLength, int maxLength) {
      this.stream = stream;
      this.minLength = minLength;
      this.lengths = maxLength - minLength + 1;
      this.scratch = new byte[maxLength + CHARS_PER_DRAW];
    }

    @Override
    void write(long slot, CopyBinaryWriter out) {
      long cell = Seeds.cell(stream, slot);
      int length = minLength + (int) Seeds.below(Seeds.draw(cell, 0), lengths);
      for (int block = 0, pos = 0; pos < length; block++, pos += CHARS_PER_DRAW) {
        long bits = Seeds.draw(cell, block + 1);
        SHORTS.set(scratch, pos, PAIRS[(int) bits & 4095]);
        SHORTS.set(scratch, pos + 2, PAIRS[(int) (bits >>> 12) & 4095]);
        SHORTS.set(scratch, pos + 4, PAIRS[(int) (bits >>> 24) & 4095]);
        SHORTS.set(scratch, pos + 6, PAIRS[(int) (bits >>> 36) & 4095]);
        SHORTS.set(scratch, pos + 8, PAIRS[(int) (bits >>> 48) & 4095]);
      }
      out.writeBytes(scratch, 0, length);
    }
  }

  /** One of a list of pre-encoded values, by weight. */
  static final class Choice extends CellGen {
    private final long stream;
    private final byte[][] encoded;
    private final long[] carried;
    private final long[] cumulativeWeights;
    private final Distribution distribution;

    /**
     * @param encoded each value's field bytes (without the length prefix)
     * @param carried each value's long form, or null when the type has none
     * @param cumulativeWeights running sums of integer weights, or null for equal weights
     */
    Choice(
        long stream,
        byte[][] encoded,
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
    void write(long slot, CopyBinaryWriter out) {
      byte[] field = encoded[pick(slot)];
      out.writeBytes(field, 0, field.length);
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

  static final class Uuid extends CellGen {
    private final long stream;

    Uuid(long stream) {
      this.stream = stream;
    }

    @Override
    void write(long slot, CopyBinaryWriter out) {
      long cell = Seeds.cell(stream, slot);
      long msb = (Seeds.draw(cell, 0) & ~0xF000L) | 0x4000L;
      long lsb = (Seeds.draw(cell, 1) & ~(3L << 62)) | (1L << 63);
      out.writeUuid(msb, lsb);
    }
  }

  static final class Bytes extends CellGen {
    private final long stream;
    private final byte[] scratch = new byte[32];

    Bytes(long stream) {
      this.stream = stream;
    }

    @Override
    void write(long slot, CopyBinaryWriter out) {
      long cell = Seeds.cell(stream, slot);
      int length = 8 + (int) Seeds.below(Seeds.draw(cell, 0), 25);
      for (int i = 0; i < length; i++) {
        scratch[i] = (byte) (Seeds.draw(cell, 1 + i / 8) >>> (8 * (i % 8)));
      }
      out.writeBytes(scratch, 0, length);
    }
  }

  /** A small valid JSON object: {@code {"id": n, "tag": "word", "score": n.nn}}. */
  static final class Json extends CellGen {
    private final long stream;
    private final boolean binary;
    private final StringBuilder text = new StringBuilder(64);

    Json(long stream, boolean binary) {
      this.stream = stream;
      this.binary = binary;
    }

    @Override
    void write(long slot, CopyBinaryWriter out) {
      long cell = Seeds.cell(stream, slot);
      text.setLength(0);
      text.append("{\"id\": ").append(Seeds.below(cell, 1_000_000)).append(", \"tag\": \"");
      long bits = Seeds.draw(cell, 0);
      for (int i = 0; i < 8; i++) {
        text.append((char) ALPHABET[(int) ((bits >>> (6 * i)) & 63) % 26]);
      }
      long score = Seeds.below(Seeds.draw(cell, 1), 100_000);
      text.append("\", \"score\": ")
          .append(score / 100)
          .append('.')
          .append(score % 100 / 10)
          .append(score % 10)
          .append('}');
      if (binary) {
        out.writeJsonb(text.toString());
      } else {
        out.writeText(text.toString());
      }
    }
  }

  /**
   * A unique key component: {@code first + ordinal}. Integral types write the number; text and
   * bytea write its decimal digits; uuid embeds a 62-bit bijection of it; numeric writes it at
   * scale 0; inet and cidr write host 10.0.0.0 + n (/32), macaddr 02:00:00:00:00:00 xor n.
   */
  static final class KeySequence extends CellGen {
    private static final long MASK_62 = (1L << 62) - 1;
    private static final long TEN_DOT = 0x0A00_0000L;
    private static final long LOCAL_MAC = 0x02L << 40;
    private final SqlType type;
    private final long first;
    private final long span;
    private final int numericScale;
    private final long uuidHigh;
    private final byte[] digits = new byte[20];

    KeySequence(SqlType type, long first, long span, int numericScale, long stream) {
      this.type = type;
      this.first = first;
      this.span = span;
      this.numericScale = numericScale;
      this.uuidHigh = (stream & ~0xF000L) | 0x4000L;
    }

    @Override
    long longValue(long slot) {
      return first + (span == 0 ? slot : slot % span);
    }

    @Override
    boolean integral() {
      return type.isIntegral() || type == SqlType.NUMERIC;
    }

    @Override
    void write(long slot, CopyBinaryWriter out) {
      long value = longValue(slot);
      switch (type) {
        case NUMERIC -> out.writeNumeric(value * pow10(numericScale), numericScale);
        case CHAR, VARCHAR, TEXT, CITEXT, BYTEA -> writeDigits(value, out);
        case UUID -> out.writeUuid(uuidHigh, (1L << 63) | permute62(value));
        case INET, CIDR -> out.writeInet((int) (TEN_DOT + value), 32, type == SqlType.CIDR);
        case MACADDR -> out.writeMacaddr(LOCAL_MAC ^ value);
        default -> writeIntegral(type, value, out);
      }
    }

    private void writeDigits(long value, CopyBinaryWriter out) {
      int count = Cells.digits(value, digits);
      out.writeBytes(digits, digits.length - count, count);
    }

    /** A bijection on 62 bits (odd multipliers and xor-shifts are invertible modulo 2^62). */
    private static long permute62(long x) {
      x = (x * 0x9E3779B97F4A7C15L) & MASK_62;
      x ^= x >>> 29;
      x = (x * 0xBF58476D1CE4E5B9L) & MASK_62;
      return x ^ (x >>> 32);
    }

    private static long pow10(int n) {
      long p = 1;
      for (int i = 0; i < n; i++) {
        p *= 10;
      }
      return p;
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
    void write(long slot, CopyBinaryWriter out) {
      leaves[(int) Seeds.below(Seeds.cell(stream, slot), leaves.length)].write(slot, out);
    }
  }

  /**
   * A foreign key column: the parent's own cell at the picked parent slot, NULL when none is
   * picked.
   */
  static final class Reference extends CellGen {
    private final ParentPick pick;
    private final CellGen parentCell;
    private final SqlType type;
    private final boolean sameType;

    Reference(ParentPick pick, CellGen parentCell, SqlType type, boolean sameType) {
      this.pick = pick;
      this.parentCell = parentCell;
      this.type = type;
      this.sameType = sameType;
    }

    @Override
    void write(long slot, CopyBinaryWriter out) {
      long parentSlot = pick.parentSlot(slot);
      if (parentSlot < 0) {
        out.writeNull();
      } else if (sameType) {
        parentCell.write(parentSlot, out);
      } else {
        writeIntegral(type, parentCell.longValue(parentSlot), out);
      }
    }

    @Override
    long longValue(long slot) {
      return parentCell.longValue(pick.parentSlot(slot));
    }

    @Override
    boolean integral() {
      return parentCell.integral();
    }
  }

  /**
   * {@code base + delta}, delta uniform in [minDelta, maxDelta]: keeps a CHECK between two columns.
   */
  static final class Derived extends CellGen {
    private final CellGen base;
    private final long stream;
    private final long minDelta;
    private final long deltas;
    private final SqlType type;
    private final int numericScale;

    Derived(
        CellGen base, long stream, long minDelta, long maxDelta, SqlType type, int numericScale) {
      this.base = base;
      this.stream = stream;
      this.minDelta = minDelta;
      this.deltas = maxDelta - minDelta + 1;
      this.type = type;
      this.numericScale = numericScale;
    }

    @Override
    long longValue(long slot) {
      return base.longValue(slot) + minDelta + Seeds.below(Seeds.cell(stream, slot), deltas);
    }

    @Override
    boolean integral() {
      return true;
    }

    @Override
    void write(long slot, CopyBinaryWriter out) {
      if (type == SqlType.NUMERIC) {
        out.writeNumeric(longValue(slot), numericScale);
      } else {
        writeIntegral(type, longValue(slot), out);
      }
    }
  }
}
