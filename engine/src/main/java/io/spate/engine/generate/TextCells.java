package io.spate.engine.generate;

import io.spate.engine.encode.RowWriter;
import io.spate.protocol.plan.ValueSpec;
import io.spate.protocol.schema.Column;
import io.spate.protocol.schema.SqlType;
import io.spate.protocol.seed.Seeds;
import java.lang.invoke.MethodHandles;
import java.lang.invoke.VarHandle;
import java.nio.ByteOrder;
import java.nio.charset.StandardCharsets;

/**
 * The cell generators of drawn payloads: text, uuid, bytea and json. Each reads only its stream and
 * the slot, and draw {@code k} of the cell hash feeds the k-th part of a value, so the length and
 * every block of characters have their own counter.
 */
final class TextCells {

  /** 64 symbols, so one 64-bit draw yields ten characters of 6 bits. */
  static final byte[] ALPHABET =
      "abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789-_"
          .getBytes(StandardCharsets.US_ASCII);

  static final int CHARS_PER_DRAW = 10;

  private TextCells() {}

  /**
   * A number written as its digits in a text column (seconds since 1970 kept as text): the spec's
   * integer {@code min..max}, zero-padded to the width of a fixed-width {@code char(n)}.
   */
  static final class Digits extends CellGen {
    private final long stream;
    private final long min;
    private final long span;
    private final int width;

    Digits(Column column, long[] bounds, long stream) {
      this.stream = stream;
      this.min = bounds[0];
      this.span = bounds[1] - bounds[0] + 1;
      this.width = width(column);
    }

    /** The zero-padded width of a number written into {@code column}: a {@code char(n)}'s n. */
    static int width(Column column) {
      return column.type() == SqlType.CHAR && column.length() > 0 ? column.length() : 0;
    }

    /** A text spec's integer {@code [min, max]}, both at least 0, or null when it has none. */
    static long[] bounds(ValueSpec spec) {
      if (spec.min() == null || spec.max() == null || !spec.values().isEmpty()) {
        return null;
      }
      try {
        long lo = Long.parseLong(spec.min().trim()) + (spec.minExclusive() ? 1 : 0);
        long hi = Long.parseLong(spec.max().trim()) - (spec.maxExclusive() ? 1 : 0);
        return lo >= 0 && hi >= lo ? new long[] {lo, hi} : null;
      } catch (NumberFormatException e) {
        return null;
      }
    }

    /** {@code v}'s digits, zero-padded to {@code width}. */
    static String render(long v, int width) {
      String digits = Long.toString(v);
      return digits.length() >= width ? digits : "0".repeat(width - digits.length()) + digits;
    }

    @Override
    long longValue(long slot) {
      return min + Seeds.below(Seeds.cell(stream, slot), span);
    }

    @Override
    boolean integral() {
      return true;
    }

    @Override
    void write(long slot, RowWriter out) {
      out.writeText(render(longValue(slot), width));
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
    void write(long slot, RowWriter out) {
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

  static final class Uuid extends CellGen {
    private final long stream;

    Uuid(long stream) {
      this.stream = stream;
    }

    @Override
    void write(long slot, RowWriter out) {
      long cell = Seeds.cell(stream, slot);
      long msb = (Seeds.draw(cell, 0) & ~0xF000L) | 0x4000L;
      long lsb = (Seeds.draw(cell, 1) & ~(3L << 62)) | (1L << 63);
      out.writeUuid(msb, lsb);
    }
  }

  static final class Bytes extends CellGen {
    private final long stream;
    private final int minLength;
    private final int maxLength;
    private final byte[] scratch;

    /**
     * @param declaredLength the column's length in bytes ({@code binary(n)}, {@code varbinary(n)}),
     *     0 or less when it has none: values are 8 to 32 bytes, at most that length
     */
    Bytes(long stream, int declaredLength) {
      this(
          stream,
          Math.min(8, declaredLength > 0 ? Math.min(32, declaredLength) : 32),
          declaredLength > 0 ? Math.min(32, declaredLength) : 32);
    }

    /** Values of {@code minLength..maxLength} bytes (a length CHECK's, or the spec's defaults). */
    Bytes(long stream, int minLength, int maxLength) {
      if (minLength < 0 || maxLength < minLength || maxLength > MAX_BYTES) {
        throw new IllegalArgumentException(
            "bytea lengths " + minLength + ".." + maxLength + " are not in 0.." + MAX_BYTES);
      }
      this.stream = stream;
      this.minLength = minLength;
      this.maxLength = maxLength;
      this.scratch = new byte[maxLength];
    }

    /** The longest value drawn: a length CHECK may ask for more than the default 32 bytes. */
    static final int MAX_BYTES = 4096;

    @Override
    void write(long slot, RowWriter out) {
      long cell = Seeds.cell(stream, slot);
      int length = minLength + (int) Seeds.below(Seeds.draw(cell, 0), maxLength - minLength + 1);
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
    void write(long slot, RowWriter out) {
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
}
