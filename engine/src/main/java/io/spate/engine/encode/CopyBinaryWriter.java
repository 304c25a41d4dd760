package io.spate.engine.encode;

import java.lang.invoke.MethodHandles;
import java.lang.invoke.VarHandle;
import java.math.BigDecimal;
import java.math.BigInteger;
import java.nio.ByteOrder;
import java.util.Objects;

/**
 * Appends PostgreSQL binary {@code COPY} data to a growable, reusable byte buffer.
 *
 * <p>The stream is a header ({@code PGCOPY\n\377\r\n\0}, int32 flags, int32 extension length), then
 * tuples, then an int16 {@code -1} trailer. A tuple is an int16 field count followed by that many
 * fields; a field is an int32 byte length ({@code -1} for NULL) followed by the value in the type's
 * binary send/receive form. All integers are big-endian. The writer does not know the table: the
 * caller writes each field with the method matching its column type.
 *
 * <p>No-allocation invariant: apart from buffer growth (by doubling, so amortised away once the
 * buffer has reached its working size) and the general {@link #writeNumeric(BigDecimal)} path, no
 * method allocates. Valid bytes are {@code array()[0, size())}; {@link #reset()} rewinds without
 * freeing. Not thread-safe.
 *
 * <p>This class is one cohesive codec, PostgreSQL's binary COPY format, kept whole on purpose
 * although it is over the project's 400-line limit: every type's send form lives beside the framing
 * and the buffer it writes into.
 */
public final class CopyBinaryWriter implements RowWriter {

  private static final VarHandle SHORT_BE =
      MethodHandles.byteArrayViewVarHandle(short[].class, ByteOrder.BIG_ENDIAN);
  private static final VarHandle INT_BE =
      MethodHandles.byteArrayViewVarHandle(int[].class, ByteOrder.BIG_ENDIAN);
  private static final VarHandle LONG_BE =
      MethodHandles.byteArrayViewVarHandle(long[].class, ByteOrder.BIG_ENDIAN);

  /** The 11-byte signature that opens every binary COPY stream. */
  private static final byte[] SIGNATURE = {
    'P', 'G', 'C', 'O', 'P', 'Y', '\n', (byte) 0xFF, '\r', '\n', 0
  };

  private static final int NULL_LENGTH = -1;
  private static final byte JSONB_VERSION = 1;

  /** inet and cidr: PostgreSQL's address family number for IPv4 ({@code PGSQL_AF_INET}). */
  private static final int PGSQL_AF_INET = 2;

  /** A range's flag byte: the lower bound is inclusive. */
  public static final int RANGE_LB_INC = 0x02;

  /** A range's flag byte: the upper bound is inclusive. */
  public static final int RANGE_UB_INC = 0x04;

  /** A range's flag byte: the lower bound is infinite (and absent from the data). */
  public static final int RANGE_LB_INF = 0x08;

  /** A range's flag byte: the upper bound is infinite (and absent from the data). */
  public static final int RANGE_UB_INF = 0x10;

  /** A range's flag byte: the empty range (no bounds follow). */
  public static final int RANGE_EMPTY = 0x01;

  /** Numeric: base 10000, four decimal digits per base digit. */
  private static final int NBASE = 10_000;

  private static final int DEC_DIGITS = 4;
  private static final int NUMERIC_POSITIVE = 0x0000;
  private static final int NUMERIC_NEGATIVE = 0x4000;
  private static final int NUMERIC_MAX_DSCALE = 0x3FFF;
  private static final int NUMERIC_HEADER_BYTES = 8;

  /** The largest scale the {@code long} numeric path accepts: 10^18 is the largest long power. */
  private static final int MAX_LONG_SCALE = 18;

  private static final long[] POWERS_OF_TEN = new long[MAX_LONG_SCALE + 1];

  static {
    POWERS_OF_TEN[0] = 1;
    for (int i = 1; i < POWERS_OF_TEN.length; i++) {
      POWERS_OF_TEN[i] = POWERS_OF_TEN[i - 1] * 10;
    }
  }

  /**
   * Base-10000 digits of a long numeric: at most 5 for the integer part (2^63 has 19 decimal
   * digits) and 5 for the fraction (18 decimal digits).
   */
  private static final int LONG_NUMERIC_MAX_DIGITS = 10;

  private byte[] buffer;
  private int position;

  /** Scratch for {@link #writeNumeric(long, int)}; filled right to left, least significant last. */
  private final int[] numericDigits = new int[LONG_NUMERIC_MAX_DIGITS];

  public CopyBinaryWriter(int initialCapacity) {
    if (initialCapacity < 0) {
      throw new IllegalArgumentException("negative initial capacity: " + initialCapacity);
    }
    this.buffer = new byte[initialCapacity];
  }

  /** Signature, int32 flags 0 (no OIDs), int32 header-extension length 0. */
  public void writeHeader() {
    ensureCapacity(SIGNATURE.length + 8);
    System.arraycopy(SIGNATURE, 0, buffer, position, SIGNATURE.length);
    LONG_BE.set(buffer, position + SIGNATURE.length, 0L);
    position += SIGNATURE.length + 8;
  }

  /** The int16 -1 that ends the stream. */
  public void writeTrailer() {
    ensureCapacity(2);
    SHORT_BE.set(buffer, position, (short) -1);
    position += 2;
  }

  /** Starts a tuple; exactly {@code fieldCount} fields must follow. */
  @Override
  public void startRow(int fieldCount) {
    ensureCapacity(2);
    SHORT_BE.set(buffer, position, (short) fieldCount);
    position += 2;
  }

  @Override
  public void writeNull() {
    ensureCapacity(4);
    INT_BE.set(buffer, position, NULL_LENGTH);
    position += 4;
  }

  /** smallint; {@code v} is truncated to 16 bits. */
  @Override
  public void writeInt2(int v) {
    ensureCapacity(6);
    INT_BE.set(buffer, position, 2);
    SHORT_BE.set(buffer, position + 4, (short) v);
    position += 6;
  }

  @Override
  public void writeInt4(int v) {
    ensureCapacity(8);
    // Length and value in one store: 00 00 00 04 vv vv vv vv.
    LONG_BE.set(buffer, position, (4L << 32) | (v & 0xFFFF_FFFFL));
    position += 8;
  }

  @Override
  public void writeInt8(long v) {
    writeLongField(v);
  }

  @Override
  public void writeFloat4(float v) {
    writeInt4(Float.floatToRawIntBits(v));
  }

  @Override
  public void writeFloat8(double v) {
    writeLongField(Double.doubleToRawLongBits(v));
  }

  @Override
  public void writeBool(boolean v) {
    ensureCapacity(5);
    INT_BE.set(buffer, position, 1);
    buffer[position + 4] = (byte) (v ? 1 : 0);
    position += 5;
  }

  /**
   * numeric equal to {@code unscaled * 10^-scale}, with display scale {@code scale}, in
   * PostgreSQL's canonical form: no leading or trailing zero base-10000 digits, zero as no digits
   * with weight 0 and positive sign. Allocates nothing.
   *
   * @param scale 0 to 18
   */
  @Override
  public void writeNumeric(long unscaled, int scale) {
    if (scale < 0 || scale > MAX_LONG_SCALE) {
      throw new IllegalArgumentException("scale " + scale + " outside 0.." + MAX_LONG_SCALE);
    }
    boolean negative = unscaled < 0;
    // -Long.MIN_VALUE overflows to itself, which read as unsigned is the right magnitude, 2^63.
    long magnitude = negative ? -unscaled : unscaled;
    long divisor = POWERS_OF_TEN[scale];
    long integerPart = Long.divideUnsigned(magnitude, divisor);
    long fractionPart = Long.remainderUnsigned(magnitude, divisor);

    int[] digits = numericDigits;
    int first = digits.length; // digits[first, length) are filled, most significant first
    int fractionDigitCount = (scale + DEC_DIGITS - 1) / DEC_DIGITS;
    if (fractionDigitCount > 0) {
      // The last base-10000 digit holds 1..4 decimal digits, left-aligned (0.5 is digit 5000).
      int lastDecimalDigits = scale - DEC_DIGITS * (fractionDigitCount - 1);
      long lastDivisor = POWERS_OF_TEN[lastDecimalDigits];
      digits[--first] =
          (int) (fractionPart % lastDivisor) * (int) POWERS_OF_TEN[DEC_DIGITS - lastDecimalDigits];
      fractionPart /= lastDivisor;
      for (int i = 1; i < fractionDigitCount; i++) {
        digits[--first] = (int) (fractionPart % NBASE);
        fractionPart /= NBASE;
      }
    }
    int integerDigitCount = 0;
    if (integerPart < 0) { // only 2^63 (Long.MIN_VALUE, scale 0); one unsigned step makes it fit
      digits[--first] = (int) Long.remainderUnsigned(integerPart, NBASE);
      integerPart = Long.divideUnsigned(integerPart, NBASE);
      integerDigitCount++;
    }
    while (integerPart != 0) {
      digits[--first] = (int) (integerPart % NBASE);
      integerPart /= NBASE;
      integerDigitCount++;
    }
    putNumeric(digits, first, digits.length, integerDigitCount, negative, scale);
  }

  /**
   * numeric equal to {@code v}, display scale {@code max(v.scale(), 0)}, in the same canonical form
   * as {@link #writeNumeric(long, int)}. General path: allocates.
   */
  public void writeNumeric(BigDecimal v) {
    int dscale = Math.max(v.scale(), 0);
    if (dscale > NUMERIC_MAX_DSCALE) {
      throw new IllegalArgumentException("numeric scale " + dscale + " too large for PostgreSQL");
    }
    if (v.signum() == 0) { // also 0E+n, whose unscaled form must not be expanded
      putNumeric(numericDigits, 0, 0, 0, false, dscale);
      return;
    }
    // Decimal digits before the point; the weight (a base-10000 exponent) must fit an int16.
    long integerDecimalDigits = (long) v.precision() - v.scale();
    if (integerDecimalDigits > (long) DEC_DIGITS * (Short.MAX_VALUE + 1)) {
      throw new IllegalArgumentException("numeric too large for PostgreSQL: " + v);
    }
    // Scale the magnitude so the point falls on a base-10000 digit boundary.
    int alignedScale = (dscale + DEC_DIGITS - 1) / DEC_DIGITS * DEC_DIGITS;
    BigInteger aligned =
        v.unscaledValue().abs().multiply(BigInteger.TEN.pow(alignedScale - v.scale()));
    String decimal = aligned.toString();
    int digitCount = (decimal.length() + DEC_DIGITS - 1) / DEC_DIGITS;
    int[] digits = new int[digitCount];
    // The first base-10000 digit takes whatever decimal digits the others leave over.
    int end = decimal.length() - DEC_DIGITS * (digitCount - 1);
    int start = 0;
    for (int i = 0; i < digitCount; i++) {
      int digit = 0;
      for (int c = start; c < end; c++) {
        digit = digit * 10 + (decimal.charAt(c) - '0');
      }
      digits[i] = digit;
      start = end;
      end += DEC_DIGITS;
    }
    // May be negative: 0.00001 has one digit and two fraction digits, so -1 integer digits.
    int integerDigitCount = digitCount - alignedScale / DEC_DIGITS;
    putNumeric(digits, 0, digitCount, integerDigitCount, v.signum() < 0, dscale);
  }

  /** date: days since 2000-01-01. */
  @Override
  public void writeDate(int daysSince2000) {
    writeInt4(daysSince2000);
  }

  /** time: microseconds since midnight. */
  @Override
  public void writeTime(long microsOfDay) {
    writeLongField(microsOfDay);
  }

  /** timestamp and timestamptz: microseconds since 2000-01-01 00:00:00 (UTC for timestamptz). */
  @Override
  public void writeTimestamp(long microsSince2000) {
    writeLongField(microsSince2000);
  }

  /** uuid: the 16 bytes, most significant first, as {@link java.util.UUID} holds them. */
  @Override
  public void writeUuid(long msb, long lsb) {
    ensureCapacity(20);
    INT_BE.set(buffer, position, 16);
    LONG_BE.set(buffer, position + 4, msb);
    LONG_BE.set(buffer, position + 12, lsb);
    position += 20;
  }

  /** A field whose binary form is exactly these bytes: bytea, or text already in UTF-8. */
  @Override
  public void writeEncoded(Encoded value) {
    writeBytes(value.binary(), 0, value.binary().length);
  }

  @Override
  public void writeBytes(byte[] b, int off, int len) {
    Objects.checkFromIndexSize(off, len, b.length);
    ensureCapacity(4L + len);
    INT_BE.set(buffer, position, len);
    System.arraycopy(b, off, buffer, position + 4, len);
    position += 4 + len;
  }

  /**
   * text, varchar, char, json, ...: the string in UTF-8. An unpaired surrogate becomes {@code '?'},
   * as in {@link String#getBytes(java.nio.charset.Charset)}.
   */
  @Override
  public void writeText(String s) {
    int lengthPosition = beginField();
    putUtf8(s);
    endField(lengthPosition);
  }

  /**
   * Reserves a field's int32 length for a value built with {@link #putByte} and {@link #putAscii};
   * {@link #endField} must follow with the returned position before anything else is written.
   */
  @Override
  public int beginField() {
    ensureCapacity(4);
    int lengthPosition = position;
    position += 4;
    return lengthPosition;
  }

  /** Appends the low 8 bits of {@code b} inside a field. */
  @Override
  public void putByte(int b) {
    if (position == buffer.length) {
      buffer = Buffers.grown(buffer, position, 1, "COPY");
    }
    buffer[position++] = (byte) b;
  }

  /** Appends bytes inside a field as they are; the caller vouches they suit the column. */
  @Override
  public void putAscii(byte[] src, int off, int len) {
    Objects.checkFromIndexSize(off, len, src.length);
    ensureCapacity(len);
    System.arraycopy(src, off, buffer, position, len);
    position += len;
  }

  /** Sets the length reserved by {@link #beginField} to the bytes appended since. */
  @Override
  public void endField(int lengthPosition) {
    INT_BE.set(buffer, lengthPosition, position - lengthPosition - 4);
  }

  /** jsonb: version byte 1, then the JSON text in UTF-8 (the server parses and normalises it). */
  @Override
  public void writeJsonb(String json) {
    int lengthPosition = beginField();
    putByte(JSONB_VERSION);
    putUtf8(json);
    endField(lengthPosition);
  }

  /**
   * inet or cidr holding an IPv4 address: family, prefix bits, the cidr flag, 4, then the address
   * bytes. A cidr's bits right of the prefix must be zero (the server refuses it otherwise).
   */
  @Override
  public void writeInet(int address, int bits, boolean cidr) {
    ensureCapacity(12);
    INT_BE.set(buffer, position, 8);
    INT_BE.set(
        buffer,
        position + 4,
        (PGSQL_AF_INET << 24) | (bits & 0xFF) << 16 | (cidr ? 1 : 0) << 8 | 4);
    INT_BE.set(buffer, position + 8, address);
    position += 12;
  }

  /** macaddr: the low 48 bits of {@code mac}, most significant octet first. */
  @Override
  public void writeMacaddr(long mac) {
    ensureCapacity(10);
    INT_BE.set(buffer, position, 6);
    SHORT_BE.set(buffer, position + 4, (short) (mac >>> 32));
    INT_BE.set(buffer, position + 6, (int) mac);
    position += 10;
  }

  /** interval: int64 microseconds, int32 days, int32 months (kept apart, as PostgreSQL does). */
  @Override
  public void writeInterval(long micros, int days, int months) {
    ensureCapacity(20);
    INT_BE.set(buffer, position, 16);
    LONG_BE.set(buffer, position + 4, micros);
    INT_BE.set(buffer, position + 12, days);
    INT_BE.set(buffer, position + 16, months);
    position += 20;
  }

  /**
   * time with time zone: microseconds since midnight, then the zone as seconds <em>west</em> of UTC
   * (PostgreSQL's sign: {@code +02} is -7200).
   */
  @Override
  public void writeTimeTz(long microsOfDay, int zoneSecondsWest) {
    ensureCapacity(16);
    INT_BE.set(buffer, position, 12);
    LONG_BE.set(buffer, position + 4, microsOfDay);
    INT_BE.set(buffer, position + 12, zoneSecondsWest);
    position += 16;
  }

  /** money: an int64 count of the currency's smallest unit (cents). */
  @Override
  public void writeMoney(long cents) {
    writeLongField(cents);
  }

  /**
   * bit and bit varying: int32 bit count, then the bits most significant first, {@code
   * ceil(bitLength / 8)} bytes of {@code bits} with the unused low bits of the last byte zeroed.
   */
  @Override
  public void writeBits(byte[] bits, int bitLength) {
    int bytes = (bitLength + 7) >>> 3;
    Objects.checkFromIndexSize(0, bytes, bits.length);
    ensureCapacity(8L + bytes);
    INT_BE.set(buffer, position, 4 + bytes);
    INT_BE.set(buffer, position + 4, bitLength);
    System.arraycopy(bits, 0, buffer, position + 8, bytes);
    if ((bitLength & 7) != 0) {
      buffer[position + 7 + bytes] &= (byte) (0xFF << (8 - (bitLength & 7)));
    }
    position += 8 + bytes;
  }

  /**
   * Starts a one-dimensional array of {@code count} elements of type {@code elementOid} (lower
   * bound 1); exactly {@code count} element fields (values or {@link #writeNull()}) follow, then
   * {@link #endField} with the returned position. No elements is PostgreSQL's empty array, which
   * has no dimensions.
   *
   * @param hasNulls whether a NULL element follows
   */
  @Override
  public int beginArray(int elementOid, int count, boolean hasNulls) {
    int lengthPosition = beginField();
    ensureCapacity(20);
    INT_BE.set(buffer, position, count == 0 ? 0 : 1);
    INT_BE.set(buffer, position + 4, hasNulls ? 1 : 0);
    INT_BE.set(buffer, position + 8, elementOid);
    position += 12;
    if (count > 0) {
      INT_BE.set(buffer, position, count);
      INT_BE.set(buffer, position + 4, 1);
      position += 8;
    }
    return lengthPosition;
  }

  /**
   * Starts a range with the given flags ({@link #RANGE_LB_INC} and friends); each finite bound
   * follows as a field of the subtype, lower first, then {@link #endField} with the returned
   * position.
   */
  @Override
  public int beginRange(int flags) {
    int lengthPosition = beginField();
    putByte(flags);
    return lengthPosition;
  }

  /**
   * Starts a tsvector of {@code lexemes} entries; exactly that many {@link #putTsLexeme} calls
   * follow, in strictly ascending byte order of the lexemes, then {@link #endField} with the
   * returned position.
   */
  @Override
  public int beginTsVector(int lexemes) {
    int lengthPosition = beginField();
    ensureCapacity(4);
    INT_BE.set(buffer, position, lexemes);
    position += 4;
    return lengthPosition;
  }

  /**
   * One tsvector entry: the lexeme (UTF-8, no NUL), a NUL, the int16 count of positions, then the
   * positions as int16 {@code WordEntryPos} values (weight in the top two bits, position 1..16383
   * below), strictly ascending by position.
   */
  @Override
  public void putTsLexeme(byte[] lexeme, int off, int len, int[] positions, int positionCount) {
    Objects.checkFromIndexSize(off, len, lexeme.length);
    Objects.checkFromIndexSize(0, positionCount, positions.length);
    ensureCapacity(len + 3L + 2L * positionCount);
    System.arraycopy(lexeme, off, buffer, position, len);
    position += len;
    buffer[position++] = 0;
    SHORT_BE.set(buffer, position, (short) positionCount);
    position += 2;
    for (int i = 0; i < positionCount; i++) {
      SHORT_BE.set(buffer, position, (short) positions[i]);
      position += 2;
    }
  }

  /** Appends a big-endian int32 inside a field. */
  @Override
  public void putInt4(int v) {
    ensureCapacity(4);
    INT_BE.set(buffer, position, v);
    position += 4;
  }

  /**
   * Appends a big-endian float8 inside a field: the geometric types' coordinates, a cube's, and
   * those of PostGIS's well-known binary in its big-endian (XDR) form.
   */
  @Override
  public void putFloat8(double v) {
    ensureCapacity(8);
    LONG_BE.set(buffer, position, Double.doubleToRawLongBits(v));
    position += 8;
  }

  /** Bytes written since construction or the last {@link #reset()}. */
  @Override
  public int size() {
    return position;
  }

  /** The backing array, not a copy; valid bytes are {@code [0, size())}. Changes on growth. */
  public byte[] array() {
    return buffer;
  }

  /** Empties the writer, keeping the buffer for reuse. */
  @Override
  public void reset() {
    position = 0;
  }

  /** An 8-byte field: int8, float8, time, timestamp. */
  private void writeLongField(long v) {
    ensureCapacity(12);
    INT_BE.set(buffer, position, 8);
    LONG_BE.set(buffer, position + 4, v);
    position += 12;
  }

  /**
   * Writes a numeric field from base-10000 digits {@code digits[from, to)}, most significant first,
   * of which the first {@code integerDigitCount} (may be zero or negative) are before the point.
   * Strips leading and trailing zero digits, as PostgreSQL's {@code make_result} does.
   */
  private void putNumeric(
      int[] digits, int from, int to, int integerDigitCount, boolean negative, int dscale) {
    int first = from;
    while (first < to && digits[first] == 0) {
      first++;
    }
    int last = to;
    while (last > first && digits[last - 1] == 0) {
      last--;
    }
    int digitCount = last - first;
    int weight;
    int sign;
    if (digitCount == 0) { // zero: no digits, weight 0, never negative
      weight = 0;
      sign = NUMERIC_POSITIVE;
    } else {
      weight = integerDigitCount - 1 - (first - from);
      sign = negative ? NUMERIC_NEGATIVE : NUMERIC_POSITIVE;
    }
    if (weight < Short.MIN_VALUE || weight > Short.MAX_VALUE || digitCount > Short.MAX_VALUE) {
      throw new IllegalArgumentException("numeric out of PostgreSQL's range, weight " + weight);
    }
    int length = NUMERIC_HEADER_BYTES + 2 * digitCount;
    ensureCapacity(4L + length);
    INT_BE.set(buffer, position, length);
    // ndigits, weight, sign, dscale: four int16 in one store.
    long header =
        ((long) digitCount << 48)
            | ((weight & 0xFFFFL) << 32)
            | ((long) sign << 16)
            | (dscale & 0xFFFFL);
    LONG_BE.set(buffer, position + 4, header);
    int p = position + 4 + NUMERIC_HEADER_BYTES;
    for (int i = first; i < last; i++) {
      SHORT_BE.set(buffer, p, (short) digits[i]);
      p += 2;
    }
    position = p;
  }

  /** Appends {@code s} in UTF-8 without allocating. */
  private void putUtf8(String s) {
    // Worst case 3 bytes per UTF-16 unit (a surrogate pair is 4 bytes for 2 units).
    ensureCapacity(3L * s.length());
    position = Utf8.put(s, buffer, position);
  }

  private void ensureCapacity(long extra) {
    if (extra > buffer.length - position) {
      buffer = Buffers.grown(buffer, position, extra, "COPY");
    }
  }
}
