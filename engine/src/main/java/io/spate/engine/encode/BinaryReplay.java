package io.spate.engine.encode;

import io.spate.protocol.schema.Column;
import java.lang.invoke.MethodHandles;
import java.lang.invoke.VarHandle;
import java.nio.ByteOrder;

/**
 * Reads one field in PostgreSQL's binary COPY form ({@link Encoded#binary()}, without its length)
 * and writes it again through a {@link RowWriter}'s typed calls: how a writer with no form of its
 * own ({@link CsvWriter}, a file target's) writes a value encoded ahead of time. {@code replay}
 * into a {@link CopyBinaryWriter} gives back the same bytes.
 *
 * <p>It reads the types whose values the engine carries: numbers, booleans, dates and times, uuid,
 * text and JSON, bytea, money, bit strings, inet, cidr, macaddr, interval, time with time zone, and
 * arrays and ranges of those. The rest (tsvector, the geometric and PostGIS types) throw {@link
 * UnsupportedOperationException}. Allocates nothing but a bit string's copy.
 */
public final class BinaryReplay {

  private static final VarHandle SHORT_BE =
      MethodHandles.byteArrayViewVarHandle(short[].class, ByteOrder.BIG_ENDIAN);
  private static final VarHandle INT_BE =
      MethodHandles.byteArrayViewVarHandle(int[].class, ByteOrder.BIG_ENDIAN);
  private static final VarHandle LONG_BE =
      MethodHandles.byteArrayViewVarHandle(long[].class, ByteOrder.BIG_ENDIAN);

  private static final int NUMERIC_NEGATIVE = 0x4000;
  private static final int NUMERIC_NBASE = 10_000;

  private BinaryReplay() {}

  /** Writes {@code field}, the binary form of a value of {@code column}'s type, to {@code out}. */
  public static void replay(Column column, byte[] field, RowWriter out) {
    replay(column, field, 0, field.length, out);
  }

  private static void replay(Column column, byte[] b, int off, int len, RowWriter out) {
    switch (column.type()) {
      case SMALLINT -> out.writeInt2((short) SHORT_BE.get(b, off));
      case INTEGER -> out.writeInt4((int) INT_BE.get(b, off));
      case BIGINT -> out.writeInt8(longAt(b, off));
      case REAL -> out.writeFloat4(Float.intBitsToFloat((int) INT_BE.get(b, off)));
      case DOUBLE -> out.writeFloat8(Double.longBitsToDouble(longAt(b, off)));
      case BOOLEAN -> out.writeBool(b[off] != 0);
      case NUMERIC -> numeric(column, b, off, out);
      case DATE -> out.writeDate((int) INT_BE.get(b, off));
      case TIME -> out.writeTime(longAt(b, off));
      case TIMESTAMP, TIMESTAMPTZ -> out.writeTimestamp(longAt(b, off));
      case UUID -> out.writeUuid(longAt(b, off), longAt(b, off + 8));
      case CHAR, VARCHAR, TEXT, CITEXT, ENUM, JSON, XML, BYTEA -> out.writeBytes(b, off, len);
      case JSONB -> out.writeBytes(b, off + 1, len - 1); // after the version byte
      case MONEY -> out.writeMoney(longAt(b, off));
      case BIT, VARBIT -> bits(b, off, len, out);
      case INET, CIDR -> {
        if (b[off + 3] != 4) {
          throw new UnsupportedOperationException(column.typeName() + " other than IPv4");
        }
        out.writeInet((int) INT_BE.get(b, off + 4), b[off + 1] & 0xFF, b[off + 2] != 0);
      }
      case MACADDR ->
          out.writeMacaddr(
              ((short) SHORT_BE.get(b, off) & 0xFFFFL) << 32 | (intAt(b, off + 2) & 0xFFFF_FFFFL));
      case INTERVAL ->
          out.writeInterval(longAt(b, off), (int) INT_BE.get(b, off + 8), intAt(b, off + 12));
      case TIMETZ -> out.writeTimeTz(longAt(b, off), (int) INT_BE.get(b, off + 8));
      case ARRAY -> array(column, b, off, out);
      case RANGE -> range(column, b, off, out);
      case TSVECTOR,
          POINT,
          LINE,
          LSEG,
          BOX,
          PATH,
          POLYGON,
          CIRCLE,
          CUBE,
          GEOMETRY,
          GEOGRAPHY,
          UNSUPPORTED ->
          throw new UnsupportedOperationException(
              "no typed form to replay " + column.typeName() + " (column " + column.name() + ")");
    }
  }

  private static long longAt(byte[] b, int off) {
    return (long) LONG_BE.get(b, off);
  }

  private static int intAt(byte[] b, int off) {
    return (int) INT_BE.get(b, off);
  }

  /**
   * ndigits, weight, sign, dscale (int16 each), then base-10000 digits, most significant first; as
   * {@link RowWriter#writeNumeric(long, int)}, so the value must fit a long at its display scale.
   */
  private static void numeric(Column column, byte[] b, int off, RowWriter out) {
    int digitCount = (short) SHORT_BE.get(b, off);
    int weight = (short) SHORT_BE.get(b, off + 2);
    int sign = (short) SHORT_BE.get(b, off + 4) & 0xFFFF;
    int scale = (short) SHORT_BE.get(b, off + 6);
    if ((sign & ~NUMERIC_NEGATIVE) != 0 || scale > 18) {
      throw new UnsupportedOperationException(
          "numeric NaN, infinity or scale above 18 in column " + column.name());
    }
    try {
      long value = 0;
      for (int i = 0; i < digitCount; i++) {
        value =
            Math.addExact(
                Math.multiplyExact(value, NUMERIC_NBASE), (short) SHORT_BE.get(b, off + 8 + 2 * i));
      }
      // value holds 4 decimal places per digit after the weight's: bring them to the scale.
      int places = 4 * (digitCount - 1 - weight);
      for (; places < scale; places++) {
        value = Math.multiplyExact(value, 10);
      }
      for (; places > scale; places--) {
        value /= 10; // only zeros: PostgreSQL keeps no digit past the display scale
      }
      out.writeNumeric(sign == NUMERIC_NEGATIVE ? -value : value, scale);
    } catch (ArithmeticException e) {
      throw new UnsupportedOperationException(
          "numeric beyond a long at its scale in column " + column.name(), e);
    }
  }

  private static void bits(byte[] b, int off, int len, RowWriter out) {
    int bitLength = (int) INT_BE.get(b, off);
    byte[] bits = java.util.Arrays.copyOfRange(b, off + 4, off + len); // rare: bit value lists
    out.writeBits(bits, bitLength);
  }

  /**
   * ndim, has-nulls flag, element OID, then per dimension its length and lower bound, then each
   * element as an int32 length ({@code -1} for NULL) and its bytes.
   */
  private static void array(Column column, byte[] b, int off, RowWriter out) {
    int dimensions = (int) INT_BE.get(b, off);
    if (dimensions > 1) {
      throw new UnsupportedOperationException(
          "an array of " + dimensions + " dimensions in column " + column.name());
    }
    boolean hasNulls = (int) INT_BE.get(b, off + 4) != 0;
    int elementOid = (int) INT_BE.get(b, off + 8);
    int count = dimensions == 0 ? 0 : (int) INT_BE.get(b, off + 12);
    int p = off + 12 + 8 * dimensions;
    int field = out.beginArray(elementOid, count, hasNulls);
    for (int i = 0; i < count; i++) {
      p = element(column.element(), b, p, out);
    }
    out.endField(field);
  }

  /** The flags byte, then each finite bound as an int32 length and its bytes. */
  private static void range(Column column, byte[] b, int off, RowWriter out) {
    int flags = b[off];
    int field = out.beginRange(flags);
    int p = off + 1;
    if ((flags & CopyBinaryWriter.RANGE_EMPTY) == 0) {
      if ((flags & CopyBinaryWriter.RANGE_LB_INF) == 0) {
        p = element(column.element(), b, p, out);
      }
      if ((flags & CopyBinaryWriter.RANGE_UB_INF) == 0) {
        element(column.element(), b, p, out);
      }
    }
    out.endField(field);
  }

  /** One length-prefixed element at {@code p}; returns the position after it. */
  private static int element(Column element, byte[] b, int p, RowWriter out) {
    int length = (int) INT_BE.get(b, p);
    if (length < 0) {
      out.writeNull();
      return p + 4;
    }
    replay(element, b, p + 4, length, out);
    return p + 4 + length;
  }
}
