package io.spate.worker.generate;

import static io.spate.worker.generate.Cells.writeIntegral;

import io.spate.protocol.schema.SqlType;
import io.spate.protocol.seed.Seeds;
import io.spate.worker.encode.CopyBinaryWriter;

/**
 * The cell generators tied to keys: unique key sequences, foreign key references and columns
 * derived from another column. A unique key is a function of the slot alone; a reference recomputes
 * the parent's own cell at the picked parent slot, so parent and child agree however the slots are
 * split.
 */
final class KeyCells {

  private KeyCells() {}

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
