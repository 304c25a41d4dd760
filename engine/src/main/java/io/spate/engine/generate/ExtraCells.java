package io.spate.engine.generate;

import io.spate.engine.encode.CopyBinaryWriter;
import io.spate.engine.encode.RowWriter;
import io.spate.protocol.schema.SqlType;
import io.spate.protocol.seed.Seeds;
import java.nio.charset.StandardCharsets;
import java.util.Arrays;

/**
 * Cell generators of the less common PostgreSQL types: network addresses, intervals, bit strings,
 * documents, text search vectors, arrays and ranges. Like {@link Cells}, each reads only its stream
 * and the slot: draw {@code k} of the cell hash feeds the k-th part of a value, so a value never
 * depends on another row. Each writes the type's binary form as its {@code *_send} function does,
 * so the server's {@code *_recv} accepts it unchanged.
 */
final class ExtraCells {

  private static final long MICROS_PER_SECOND = 1_000_000L;
  private static final int SECONDS_PER_DAY = 86_400;

  private ExtraCells() {}

  /** inet: a host address (/32); cidr: a network with a prefix of 8..32 bits, host bits zero. */
  static final class Inet extends CellGen {
    private final long stream;
    private final boolean cidr;

    Inet(long stream, boolean cidr) {
      this.stream = stream;
      this.cidr = cidr;
    }

    @Override
    void write(long slot, RowWriter out) {
      long cell = Seeds.cell(stream, slot);
      int address = (int) cell;
      if (cidr) {
        int bits = 8 + (int) Seeds.below(Seeds.draw(cell, 0), 25);
        out.writeInet(address & (int) (0xFFFF_FFFFL << (32 - bits)), bits, true);
      } else {
        out.writeInet(address, 32, false);
      }
    }
  }

  /** macaddr: a locally administered unicast address (first octet's low bits 10). */
  static final class MacAddr extends CellGen {
    private final long stream;

    MacAddr(long stream) {
      this.stream = stream;
    }

    @Override
    void write(long slot, RowWriter out) {
      long mac = Seeds.cell(stream, slot) & 0xFFFF_FFFF_FFFFL;
      out.writeMacaddr((mac & ~(0x03L << 40)) | (0x02L << 40));
    }
  }

  /** interval: 0..30 days plus whole seconds under a day, no months. */
  static final class Interval extends CellGen {
    private final long stream;

    Interval(long stream) {
      this.stream = stream;
    }

    @Override
    void write(long slot, RowWriter out) {
      long cell = Seeds.cell(stream, slot);
      int days = (int) Seeds.below(cell, 31);
      long seconds = Seeds.below(Seeds.draw(cell, 0), SECONDS_PER_DAY);
      out.writeInterval(seconds * MICROS_PER_SECOND, days, 0);
    }
  }

  /** time with time zone: a whole second of the day at offset +00. */
  static final class TimeTz extends CellGen {
    private final long stream;

    TimeTz(long stream) {
      this.stream = stream;
    }

    @Override
    void write(long slot, RowWriter out) {
      out.writeTimeTz(
          Seeds.below(Seeds.cell(stream, slot), SECONDS_PER_DAY) * MICROS_PER_SECOND, 0);
    }
  }

  /** bit and varbit: {@code minBits..maxBits} bits, eight per byte of the draws. */
  static final class Bits extends CellGen {
    private final long stream;
    private final int minBits;
    private final int lengths;
    private final byte[] scratch;

    Bits(long stream, int minBits, int maxBits) {
      if (minBits < 0 || maxBits < minBits) {
        throw new IllegalArgumentException(
            "bit lengths " + minBits + ".." + maxBits + " are not a range");
      }
      this.stream = stream;
      this.minBits = minBits;
      this.lengths = maxBits - minBits + 1;
      this.scratch = new byte[(maxBits + 7) / 8];
    }

    @Override
    void write(long slot, RowWriter out) {
      long cell = Seeds.cell(stream, slot);
      int bits = minBits + (int) Seeds.below(Seeds.draw(cell, 0), lengths);
      int bytes = (bits + 7) / 8;
      for (int i = 0; i < bytes; i++) {
        scratch[i] = (byte) (Seeds.draw(cell, 1 + i / 8) >>> (8 * (i % 8)));
      }
      out.writeBits(scratch, bits);
    }
  }

  /** xml: a small well-formed document, {@code <item id="n"><name>word</name></item>}. */
  static final class Xml extends CellGen {
    private static final byte[] OPEN = "<item id=\"".getBytes(StandardCharsets.US_ASCII);
    private static final byte[] NAME = "\"><name>".getBytes(StandardCharsets.US_ASCII);
    private static final byte[] CLOSE = "</name></item>".getBytes(StandardCharsets.US_ASCII);
    private final long stream;
    private final byte[] scratch = new byte[20];

    Xml(long stream) {
      this.stream = stream;
    }

    @Override
    void write(long slot, RowWriter out) {
      long cell = Seeds.cell(stream, slot);
      int field = out.beginField();
      out.putAscii(OPEN, 0, OPEN.length);
      int digits = Cells.digits(Seeds.below(cell, 1_000_000), scratch);
      out.putAscii(scratch, scratch.length - digits, digits);
      out.putAscii(NAME, 0, NAME.length);
      long bits = Seeds.draw(cell, 0);
      int letters = 3 + (int) ((bits >>> 50) % 8);
      for (int i = 0; i < letters; i++) {
        out.putByte('a' + (int) ((bits >>> (5 * i)) & 31) % 26);
      }
      out.putAscii(CLOSE, 0, CLOSE.length);
      out.endField(field);
    }
  }

  /**
   * tsvector: 1..5 distinct lexemes of 3..8 lowercase letters, each at its word position (1..5), in
   * the server's order (bytewise, a prefix first); a repeated word keeps its first position.
   */
  static final class TsVector extends CellGen {
    private static final int MAX_WORDS = 5;
    private static final int MAX_LETTERS = 8;
    private final long stream;
    private final byte[][] words = new byte[MAX_WORDS][MAX_LETTERS];
    private final int[] lengths = new int[MAX_WORDS];
    private final int[] order = new int[MAX_WORDS];
    private final int[] position = new int[1];

    TsVector(long stream) {
      this.stream = stream;
    }

    @Override
    void write(long slot, RowWriter out) {
      long cell = Seeds.cell(stream, slot);
      int count = 1 + (int) Seeds.below(cell, MAX_WORDS);
      for (int w = 0; w < count; w++) {
        long bits = Seeds.draw(cell, w);
        lengths[w] = 3 + (int) ((bits >>> 40) % (MAX_LETTERS - 2));
        for (int i = 0; i < lengths[w]; i++) {
          words[w][i] = (byte) ('a' + (int) ((bits >>> (5 * i)) & 31) % 26);
        }
        // Insertion sort by lexeme; on a tie the earlier word (lower position) stays first.
        int j = w;
        while (j > 0 && compare(order[j - 1], w) > 0) {
          order[j] = order[j - 1];
          j--;
        }
        order[j] = w;
      }
      int distinct = 1;
      for (int k = 1; k < count; k++) {
        if (compare(order[k - 1], order[k]) != 0) {
          distinct++;
        }
      }
      int field = out.beginTsVector(distinct);
      for (int k = 0; k < count; k++) {
        int w = order[k];
        if (k == 0 || compare(order[k - 1], w) != 0) {
          position[0] = w + 1;
          out.putTsLexeme(words[w], 0, lengths[w], position, 1);
        }
      }
      out.endField(field);
    }

    private int compare(int a, int b) {
      return Arrays.compareUnsigned(words[a], 0, lengths[a], words[b], 0, lengths[b]);
    }
  }

  /**
   * A one-dimensional array: {@code minLength..maxLength} elements, element {@code i} drawn by its
   * own generator (own stream) at the row's slot. Elements are never NULL.
   */
  static final class Array extends CellGen {
    private final int elementOid;
    private final CellGen[] elements;
    private final long stream;
    private final int minLength;
    private final int lengths;

    Array(int elementOid, CellGen[] elements, long stream, int minLength, int maxLength) {
      if (minLength < 0 || maxLength < minLength || elements.length < maxLength) {
        throw new IllegalArgumentException(
            "array lengths " + minLength + ".." + maxLength + " are not a range");
      }
      this.elementOid = elementOid;
      this.elements = elements;
      this.stream = stream;
      this.minLength = minLength;
      this.lengths = maxLength - minLength + 1;
    }

    @Override
    void write(long slot, RowWriter out) {
      int count = minLength + (int) Seeds.below(Seeds.cell(stream, slot), lengths);
      int field = out.beginArray(elementOid, count, false);
      for (int i = 0; i < count; i++) {
        elements[i].write(slot, out);
      }
      out.endField(field);
    }
  }

  /**
   * A non-empty range {@code [lower, upper)}: the lower bound is one of {@code lowerCount} values
   * {@code lowerMin + step * k}, the upper bound 1..{@code maxWidth} steps above it. Bounds are
   * carried as in {@link Cells} (integers, days, microseconds, unscaled numerics).
   */
  static final class Range extends CellGen {
    private final SqlType subtype;
    private final int scale;
    private final long stream;
    private final long lowerMin;
    private final long lowerCount;
    private final long step;
    private final long maxWidth;

    Range(
        SqlType subtype,
        int scale,
        long stream,
        long lowerMin,
        long lowerCount,
        long step,
        long maxWidth) {
      this.subtype = subtype;
      this.scale = scale;
      this.stream = stream;
      this.lowerMin = lowerMin;
      this.lowerCount = lowerCount;
      this.step = step;
      this.maxWidth = maxWidth;
    }

    @Override
    void write(long slot, RowWriter out) {
      long cell = Seeds.cell(stream, slot);
      long lower = lowerMin + step * Seeds.below(cell, lowerCount);
      long upper = lower + step * (1 + Seeds.below(Seeds.draw(cell, 0), maxWidth));
      int field = out.beginRange(CopyBinaryWriter.RANGE_LB_INC);
      bound(lower, out);
      bound(upper, out);
      out.endField(field);
    }

    private void bound(long value, RowWriter out) {
      if (subtype == SqlType.NUMERIC) {
        out.writeNumeric(value, scale);
      } else {
        Cells.writeIntegral(subtype, value, out);
      }
    }
  }
}
