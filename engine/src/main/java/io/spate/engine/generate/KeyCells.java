package io.spate.engine.generate;

import static io.spate.engine.generate.Cells.writeIntegral;

import io.spate.engine.encode.RowWriter;
import io.spate.protocol.plan.KeyFormat;
import io.spate.protocol.schema.Column;
import io.spate.protocol.schema.SqlType;
import io.spate.protocol.seed.Seeds;
import java.nio.charset.StandardCharsets;

/**
 * The cell generators tied to keys: unique key sequences, foreign key references and columns
 * derived from another column. A unique key is a function of the slot alone; a reference recomputes
 * the parent's own cell at the picked parent slot, so parent and child agree however the slots are
 * split.
 */
public final class KeyCells {

  private KeyCells() {}

  /**
   * How many of a column's keys are written as decimal digits alone: a char(n) or varchar(n) writes
   * letters past {@code 10^n - 1}; every other column none.
   */
  public static long digitKeys(Column column) {
    boolean lettered =
        (column.type() == SqlType.CHAR || column.type() == SqlType.VARCHAR)
            && column.length() > 0
            && column.length() <= KeySequence.MAX_ALPHANUMERIC_LENGTH;
    return lettered ? KeySequence.pow10(column.length()) - 1 : Long.MAX_VALUE;
  }

  /**
   * How many distinct values a key sequence writes for a column: ordinals {@code 1..capacity} are
   * distinct, larger ones repeat or do not fit. {@link Long#MAX_VALUE} when no fill reaches it.
   */
  public static long capacity(Column column) {
    int length = column.length();
    return switch (column.type()) {
      case SMALLINT -> Short.MAX_VALUE;
      case INTEGER -> Integer.MAX_VALUE;
      case NUMERIC ->
          column.precision() > 0
              ? KeySequence.pow10(Literals.numericIntegerDigits(column)) - 1
              : Long.MAX_VALUE;
      case INET, CIDR -> 0xFFFF_FFFFL;
      case MACADDR -> 0xFFFF_FFFF_FFFFL;
      case ENUM -> column.enumLabels().size();
      case BOOLEAN -> 2;
      case ARRAY -> column.element() == null ? 0 : capacity(column.element());
      case CHAR, VARCHAR -> {
        if (length > 0 && length <= KeySequence.MAX_ALPHANUMERIC_LENGTH) {
          yield KeySequence.pow36(length) - 1;
        }
        yield length > 0 && length < 19 ? KeySequence.pow10(length) - 1 : Long.MAX_VALUE;
      }
      default -> Long.MAX_VALUE;
    };
  }

  /**
   * A unique key component: {@code first + ordinal}. Integral types write the number; text and
   * bytea write its decimal digits, and a char(n) or varchar(n) past the n-digit numbers a string
   * of n digits and capital letters with a letter in it ({@link #writeAlphanumeric}); uuid embeds a
   * keyed 62-bit bijection of it in a version 4 uuid ({@link #writeUuid}); numeric writes it at
   * scale 0; inet and cidr write host 10.0.0.0 + n (/32), macaddr 02:00:00:00:00:00 xor n. An enum
   * writes label {@code (n - 1) mod labels}, a boolean false, true, false...: distinct while n
   * stays within the labels, else the key's other columns tell rows apart. An array writes the
   * one-element array of its element's key. A text key with a {@link KeyFormat} writes {@link
   * KeyFormat#render} of the number instead of its bare digits (or letters): its labels as an
   * enum's, when the format lists them.
   */
  static final class KeySequence extends CellGen {
    private static final long MASK_62 = (1L << 62) - 1;
    private static final long TEN_DOT = 0x0A00_0000L;
    private static final long LOCAL_MAC = 0x02L << 40;
    private static final long MICROS_PER_SECOND = 1_000_000L;

    /** The longest char(n) written with letters past its digits: 36^12 still fits a long. */
    static final int MAX_ALPHANUMERIC_LENGTH = 12;

    private static final byte[] ALPHANUMERIC =
        "0123456789ABCDEFGHIJKLMNOPQRSTUVWXYZ".getBytes(StandardCharsets.US_ASCII);

    private final SqlType type;
    private final long first;
    private final long span;
    private final int numericScale;
    private final long stream;
    private final long step;
    private final long block;
    private final long jitterUnit;
    private final int length;
    private final byte[][] labels;
    private final boolean listed;
    private final KeySequence element;
    private final int elementOid;
    private final byte[] digits = new byte[20];
    private final byte[] prefix;
    private final byte[] suffix;
    private final int width;

    KeySequence(Column column, long first, long span, KeyFormat format, long stream) {
      this(column, first, span, format, stream, 1);
    }

    /**
     * @param step the distance between two keys' slots of time ({@link
     *     io.spate.protocol.plan.ColumnPlan.KeySequence#step}); 1 for a plain sequence
     */
    KeySequence(Column column, long first, long span, KeyFormat format, long stream, long step) {
      this(column, first, span, format, stream, step, 0);
    }

    /**
     * @param block consecutive slots that share a value ({@link
     *     io.spate.protocol.plan.ColumnPlan.KeySequence#block}); 0 or 1 for a value per slot
     */
    KeySequence(
        Column column,
        long first,
        long span,
        KeyFormat format,
        long stream,
        long step,
        long block) {
      this.block = Math.max(1, block);
      this.step = Math.max(1, step);
      this.jitterUnit = this.step % MICROS_PER_SECOND == 0 ? MICROS_PER_SECOND : 1;
      this.type = column.type();
      this.first = first;
      this.span = span;
      this.numericScale = Literals.numericScale(column);
      this.stream = stream;
      this.length = column.length();
      // an array's element formats its own; a bytea key's digits are bytes, padded as text's
      boolean formatted = format != null && (type.isText() || type == SqlType.BYTEA);
      this.prefix = formatted ? format.prefix().getBytes(StandardCharsets.UTF_8) : null;
      this.suffix = formatted ? format.suffix().getBytes(StandardCharsets.UTF_8) : null;
      this.width = formatted ? format.width() : 0;
      this.listed = formatted && !format.labels().isEmpty();
      this.labels =
          (listed ? format.labels() : column.enumLabels())
              .stream().map(l -> l.getBytes(StandardCharsets.UTF_8)).toArray(byte[][]::new);
      if (type == SqlType.ARRAY) {
        this.element = new KeySequence(column.element(), first, span, format, stream, step, block);
        this.elementOid = (int) column.element().typeOid();
      } else {
        this.element = null;
        this.elementOid = 0;
      }
    }

    @Override
    long longValue(long slot) {
      long ordinal = (span == 0 ? slot : slot % span) / block;
      if (step == 1) {
        return first + ordinal;
      }
      long jitter = Seeds.below(Seeds.cell(stream, ordinal), step / jitterUnit) * jitterUnit;
      return first + ordinal * step + jitter;
    }

    @Override
    boolean integral() {
      return type.isIntegral() || type == SqlType.NUMERIC;
    }

    @Override
    void write(long slot, RowWriter out) {
      long value = longValue(slot);
      if (listed || type == SqlType.ENUM) {
        byte[] label = labels[(int) Math.floorMod(value - 1, (long) labels.length)];
        out.writeBytes(label, 0, label.length);
        return;
      }
      if (prefix != null) {
        writeFormatted(value, out);
        return;
      }
      switch (type) {
        case NUMERIC -> out.writeNumeric(value * pow10(numericScale), numericScale);
        case CHAR, VARCHAR -> {
          if (length > 0 && length <= MAX_ALPHANUMERIC_LENGTH && value >= pow10(length)) {
            writeAlphanumeric(value - pow10(length), out);
          } else {
            writeDigits(value, out);
          }
        }
        case TEXT, CITEXT, BYTEA -> writeDigits(value, out);
        case UUID -> writeUuid(value, out);
        case INET, CIDR -> out.writeInet((int) (TEN_DOT + value), 32, type == SqlType.CIDR);
        case MACADDR -> out.writeMacaddr(LOCAL_MAC ^ value);
        case BOOLEAN -> out.writeBool(Math.floorMod(value, 2L) == 0);
        case ARRAY -> {
          int field = out.beginArray(elementOid, 1, false);
          element.write(slot, out);
          out.endField(field);
        }
        default -> writeIntegral(type, value, out);
      }
    }

    /**
     * The {@code k}-th string of {@code length} digits and capital letters holding a letter, so
     * never one of the decimal keys: strings whose first letter is at position p come in blocks of
     * {@code 10^p * 26 * 36^(length-1-p)}, p from 0; within a block, the digits before the letter,
     * the letter and the characters after it are k's mixed-radix digits.
     */
    private void writeAlphanumeric(long k, RowWriter out) {
      int field = out.beginField();
      long rest = k;
      for (int p = 0; p < length; p++) {
        long after = pow36(length - 1 - p);
        long block = pow10(p) * 26 * after;
        if (rest < block) {
          long prefix = rest / (26 * after);
          long letter = rest / after % 26;
          long suffix = rest % after;
          putBase(prefix, 10, p, out);
          out.putByte(ALPHANUMERIC[10 + (int) letter]);
          putBase(suffix, 36, length - 1 - p, out);
          out.endField(field);
          return;
        }
        rest -= block;
      }
      throw new IllegalStateException(
          "key " + k + " is past the " + length + "-character strings of digits and letters");
    }

    /** {@link KeyFormat#render}: prefix, digits zero-padded to the width, suffix. */
    private void writeFormatted(long value, RowWriter out) {
      int field = out.beginField();
      out.putAscii(prefix, 0, prefix.length);
      int count = Cells.digits(value, digits);
      for (int i = count; i < width; i++) {
        out.putByte('0');
      }
      out.putAscii(digits, digits.length - count, count);
      out.putAscii(suffix, 0, suffix.length);
      out.endField(field);
    }

    /** {@code value} as exactly {@code count} digits in {@code base}, most significant first. */
    private static void putBase(long value, int base, int count, RowWriter out) {
      long unit = 1;
      for (int i = 1; i < count; i++) {
        unit *= base;
      }
      for (int i = 0; i < count; i++) {
        out.putByte(ALPHANUMERIC[(int) (value / unit % base)]);
        unit /= base;
      }
    }

    static long pow36(int n) {
      long p = 1;
      for (int i = 0; i < n; i++) {
        p *= 36;
      }
      return p;
    }

    private void writeDigits(long value, RowWriter out) {
      int count = Cells.digits(value, digits);
      out.writeBytes(digits, digits.length - count, count);
    }

    /**
     * A version 4 uuid of key {@code n}: its low 62 bits are a bijection of {@code n} keyed by the
     * column's stream (so distinct keys give distinct uuids, and the same row index gives another
     * uuid in another table or column), its high 64 bits a hash of them, with the version and
     * variant bits of RFC 9562 set. A reference recomputes it from the parent row's key.
     */
    private void writeUuid(long n, RowWriter out) {
      long low = permute62((n ^ stream) & MASK_62);
      long high = Seeds.mix(low ^ Seeds.mix(stream));
      out.writeUuid((high & ~0xF000L) | 0x4000L, (1L << 63) | low);
    }

    /** A bijection on 62 bits (odd multipliers and xor-shifts are invertible modulo 2^62). */
    private static long permute62(long x) {
      x = (x * 0x9E3779B97F4A7C15L) & MASK_62;
      x ^= x >>> 29;
      x = (x * 0xBF58476D1CE4E5B9L) & MASK_62;
      return x ^ (x >>> 32);
    }

    static long pow10(int n) {
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
    void write(long slot, RowWriter out) {
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
   * The value of a parent's column in the row a foreign key picks, as a base to derive from (at
   * slot 0 when the key picks no row) or as a copy to write: the parent's cell recomputed at the
   * picked slot.
   */
  static final class ParentValue extends CellGen {
    private final ParentPick pick;
    private final CellGen parentCell;

    ParentValue(ParentPick pick, CellGen parentCell) {
      this.pick = pick;
      this.parentCell = parentCell;
    }

    @Override
    long longValue(long slot) {
      return parentCell.longValue(Math.max(0, pick.parentSlot(slot)));
    }

    @Override
    boolean integral() {
      return parentCell.integral();
    }

    /** The parent's value itself, as a copy of it is written (NULL where the key picks no row). */
    @Override
    void write(long slot, RowWriter out) {
      long parentSlot = pick.parentSlot(slot);
      if (parentSlot < 0) {
        out.writeNull();
      } else {
        parentCell.write(parentSlot, out);
      }
    }
  }

  /**
   * {@code base + delta}, delta uniform in [minDelta, maxDelta]: keeps a CHECK between two columns.
   */
  static final class Derived extends CellGen {
    private final CellGen base;
    private final long stream;
    private final long minDelta;
    private final long step;
    private final long deltas;
    private final SqlType type;
    private final int numericScale;

    /** A text column's digits are zero-padded to this width ({@link TextCells.Digits#width}). */
    private final int textWidth;

    Derived(
        CellGen base,
        long stream,
        long minDelta,
        long maxDelta,
        long step,
        Column column,
        int numericScale) {
      this.base = base;
      this.stream = stream;
      this.minDelta = minDelta;
      this.step = step;
      this.deltas = (maxDelta - minDelta) / step + 1;
      this.type = column.type();
      this.numericScale = numericScale;
      this.textWidth = TextCells.Digits.width(column);
    }

    @Override
    long longValue(long slot) {
      return base.longValue(slot) + minDelta + step * Seeds.below(Seeds.cell(stream, slot), deltas);
    }

    @Override
    boolean integral() {
      return true;
    }

    @Override
    void write(long slot, RowWriter out) {
      if (type == SqlType.NUMERIC) {
        out.writeNumeric(longValue(slot), numericScale);
      } else if (type.isText()) {
        out.writeText(TextCells.Digits.render(longValue(slot), textWidth));
      } else {
        writeIntegral(type, longValue(slot), out);
      }
    }
  }

  /**
   * The time between two columns of the same row, in the column's unit: {@code (later - earlier) /
   * per}, plus a delta drawn as {@link Derived}'s is (a session's length beside its start and
   * stop).
   */
  static final class Between extends CellGen {
    private final CellGen later;
    private final CellGen earlier;
    private final long per;
    private final long stream;
    private final long minDelta;
    private final long deltas;
    private final SqlType type;
    private final int numericScale;

    Between(
        CellGen later,
        CellGen earlier,
        long per,
        long stream,
        long minDelta,
        long maxDelta,
        Column column,
        int numericScale) {
      this.later = later;
      this.earlier = earlier;
      this.per = per;
      this.stream = stream;
      this.minDelta = minDelta;
      this.deltas = maxDelta - minDelta + 1;
      this.type = column.type();
      this.numericScale = numericScale;
    }

    @Override
    long longValue(long slot) {
      long delta = deltas == 1 ? 0 : Seeds.below(Seeds.cell(stream, slot), deltas);
      return (later.longValue(slot) - earlier.longValue(slot)) / per + minDelta + delta;
    }

    @Override
    boolean integral() {
      return true;
    }

    @Override
    void write(long slot, RowWriter out) {
      if (type == SqlType.NUMERIC) {
        out.writeNumeric(longValue(slot), numericScale);
      } else {
        writeIntegral(type, longValue(slot), out);
      }
    }
  }
}
