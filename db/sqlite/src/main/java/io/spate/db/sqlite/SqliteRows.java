package io.spate.db.sqlite;

import io.spate.engine.encode.Encoded;
import io.spate.engine.encode.RowWriter;
import java.nio.charset.StandardCharsets;
import java.util.Arrays;

/**
 * Rows as the values a prepared {@code INSERT} binds, in SQLite's conventions: the {@link
 * RowWriter} of the SQLite target. Rows are kept as one flat array of values, field after field,
 * until the load binds them and {@link #reset}s.
 *
 * <p>What each carried form becomes (SQLite has five storage classes; its date and time functions
 * read ISO-8601 text):
 *
 * <ul>
 *   <li>integers: a {@code long}; booleans: 0 or 1; doubles: a {@code double} (NaN, which SQLite
 *       would store as NULL, is refused);
 *   <li>exact decimals: their exact decimal text ({@code 1234.50}); the column's affinity then
 *       decides, as for any application's insert of that text: NUMERIC affinity (a {@code
 *       DECIMAL(p,s)}) stores a REAL when the text's first 15 significant digits survive, else
 *       keeps the text; TEXT affinity keeps it exact;
 *   <li>dates {@code YYYY-MM-DD}, times {@code HH:MM:SS[.ffffff]} and timestamps {@code YYYY-MM-DD
 *       HH:MM:SS[.ffffff]} (a timestamp with time zone in UTC, without a suffix), all text; uuids
 *       in their 36-character form; JSON and text as strings;
 *   <li>bytes: a {@code byte[]} in a binary field ({@code BLOB}), UTF-8 text in any other.
 * </ul>
 *
 * <p>{@link #size()} estimates the bytes the values take (8 a number, a string's length), which
 * bounds a buffer as the other writers' sizes do. Not thread-safe.
 */
public final class SqliteRows implements RowWriter {

  private static final long MICROS_PER_SECOND = 1_000_000L;
  private static final long MICROS_PER_DAY = 86_400L * MICROS_PER_SECOND;

  /** Days from 0000-03-01 (the civil algorithm's epoch) to 2000-01-01. */
  private static final int DAYS_0000_03_01_TO_2000 = 730_425;

  private static final Long ZERO = 0L;
  private static final Long ONE = 1L;

  /** Which fields of a row hold bytes ({@code BLOB}); empty: none. */
  private final boolean[] binary;

  private Object[] values;
  private int count;
  private int size;
  private int fieldCount;
  private int field;

  /** The bytes of a field built with {@link #beginField}, until {@link #endField}. */
  private byte[] scratch = new byte[64];

  private int scratchLength;
  private final char[] chars = new char[32];

  /**
   * @param capacity the values to make room for at first
   * @param binary which of a row's fields hold bytes: a {@code BLOB} column's
   */
  public SqliteRows(int capacity, boolean[] binary) {
    this.values = new Object[Math.max(16, capacity)];
    this.binary = binary.clone();
  }

  /** The values of the rows written since the last {@link #reset}, field after field. */
  Object[] values() {
    return values;
  }

  /** How many values {@link #values} holds. */
  int count() {
    return count;
  }

  @Override
  public void startRow(int fieldCount) {
    if (field != this.fieldCount) {
      throw new IllegalStateException(
          "row started after " + field + " of " + this.fieldCount + " fields");
    }
    this.fieldCount = fieldCount;
    this.field = 0;
  }

  private void add(Object value, int bytes) {
    if (field >= fieldCount) {
      throw new IllegalStateException("more than the row's " + fieldCount + " fields");
    }
    if (count == values.length) {
      values = Arrays.copyOf(values, 2 * values.length);
    }
    values[count++] = value;
    size += bytes;
    field++;
  }

  @Override
  public void writeNull() {
    add(null, 1);
  }

  @Override
  public void writeInt2(int v) {
    add((long) (short) v, 8);
  }

  @Override
  public void writeInt4(int v) {
    add((long) v, 8);
  }

  @Override
  public void writeInt8(long v) {
    add(v, 8);
  }

  @Override
  public void writeFloat4(float v) {
    writeFloat8(v);
  }

  @Override
  public void writeFloat8(double v) {
    if (Double.isNaN(v)) {
      throw new IllegalArgumentException("NaN is not a value SQLite stores (it would be NULL)");
    }
    add(v, 8);
  }

  @Override
  public void writeBool(boolean v) {
    add(v ? ONE : ZERO, 1);
  }

  @Override
  public void writeNumeric(long unscaled, int scale) {
    if (scale < 0 || scale > 18) {
      throw new IllegalArgumentException("scale " + scale + " outside 0..18");
    }
    String digits = Long.toUnsignedString(unscaled < 0 ? -unscaled : unscaled);
    StringBuilder s = new StringBuilder(digits.length() + 3);
    if (unscaled < 0) {
      s.append('-');
    }
    if (scale == 0) {
      s.append(digits);
    } else {
      int whole = digits.length() - scale;
      if (whole <= 0) {
        s.append("0.");
        s.repeat('0', -whole);
        s.append(digits);
      } else {
        s.append(digits, 0, whole).append('.').append(digits, whole, digits.length());
      }
    }
    add(s.toString(), s.length());
  }

  @Override
  public void writeDate(int daysSince2000) {
    int n = putDate(daysSince2000, 0);
    add(new String(chars, 0, n), n);
  }

  @Override
  public void writeTime(long microsOfDay) {
    int n = putTime(microsOfDay, 0);
    add(new String(chars, 0, n), n);
  }

  @Override
  public void writeTimestamp(long microsSince2000) {
    long days = Math.floorDiv(microsSince2000, MICROS_PER_DAY);
    int n = putDate(Math.toIntExact(days), 0);
    chars[n++] = ' ';
    n = putTime(microsSince2000 - days * MICROS_PER_DAY, n);
    add(new String(chars, 0, n), n);
  }

  @Override
  public void writeUuid(long msb, long lsb) {
    String s = new java.util.UUID(msb, lsb).toString();
    add(s, 36);
  }

  @Override
  public void writeBytes(byte[] b, int off, int len) {
    if (binaryField()) {
      add(Arrays.copyOfRange(b, off, off + len), len);
    } else {
      add(new String(b, off, len, StandardCharsets.UTF_8), len);
    }
  }

  /**
   * A value of a list, from its {@code LOAD DATA} text form (the escapes undone): the text, or its
   * bytes in a binary field. Integral and decimal text takes the column's affinity as an insert's
   * would.
   */
  @Override
  public void writeEncoded(Encoded value) {
    if (value.text() == null) {
      throw new UnsupportedOperationException(
          "a value encoded by PostgreSQL's server has no SQLite form");
    }
    byte[] text = value.text();
    byte[] raw = new byte[text.length];
    int n = 0;
    for (int i = 0; i < text.length; i++) {
      byte b = text[i];
      if (b == '\\' && i + 1 < text.length) {
        b =
            switch (text[++i]) {
              case 't' -> '\t';
              case 'n' -> '\n';
              case 'r' -> '\r';
              case '0' -> 0;
              default -> text[i];
            };
      }
      raw[n++] = b;
    }
    writeBytes(raw, 0, n);
  }

  @Override
  public void writeText(String s) {
    add(s, s.length());
  }

  @Override
  public int beginField() {
    scratchLength = 0;
    return 0;
  }

  @Override
  public void putByte(int b) {
    ensureScratch(1);
    scratch[scratchLength++] = (byte) b;
  }

  @Override
  public void putAscii(byte[] src, int off, int len) {
    ensureScratch(len);
    System.arraycopy(src, off, scratch, scratchLength, len);
    scratchLength += len;
  }

  @Override
  public void endField(int token) {
    writeBytes(scratch, 0, scratchLength);
    scratchLength = 0;
  }

  @Override
  public void writeJsonb(String json) {
    writeText(json);
  }

  /** money has no SQLite type: cents as a decimal with two places. */
  @Override
  public void writeMoney(long cents) {
    writeNumeric(cents, 2);
  }

  /** bit(n): its binary digits as text. */
  @Override
  public void writeBits(byte[] bits, int bitLength) {
    StringBuilder s = new StringBuilder(bitLength);
    for (int i = 0; i < bitLength; i++) {
      s.append((bits[i >>> 3] >>> (7 - (i & 7)) & 1) == 1 ? '1' : '0');
    }
    add(s.toString(), bitLength);
  }

  /** An IPv4 host address as dotted text; a network has no SQLite form. */
  @Override
  public void writeInet(int address, int bits, boolean cidr) {
    if (cidr || bits != 32) {
      throw postgresOnly((cidr ? "cidr" : "inet") + " with a network prefix (/" + bits + ")");
    }
    String s =
        (address >>> 24)
            + "."
            + ((address >>> 16) & 0xFF)
            + "."
            + ((address >>> 8) & 0xFF)
            + "."
            + (address & 0xFF);
    add(s, s.length());
  }

  @Override
  public void writeMacaddr(long mac) {
    throw postgresOnly("macaddr");
  }

  @Override
  public void writeInterval(long micros, int days, int months) {
    throw postgresOnly("interval");
  }

  @Override
  public void writeTimeTz(long microsOfDay, int zoneSecondsWest) {
    throw postgresOnly("time with time zone");
  }

  @Override
  public int beginArray(int elementOid, int count, boolean hasNulls) {
    throw postgresOnly("array");
  }

  @Override
  public int beginRange(int flags) {
    throw postgresOnly("range");
  }

  @Override
  public int beginTsVector(int lexemes) {
    throw postgresOnly("tsvector");
  }

  @Override
  public void putTsLexeme(byte[] lexeme, int off, int len, int[] positions, int positionCount) {
    throw postgresOnly("tsvector");
  }

  @Override
  public void putInt4(int v) {
    throw postgresOnly("a composite type's binary form");
  }

  @Override
  public void putFloat8(double v) {
    throw postgresOnly("a geometric type's binary form");
  }

  @Override
  public int size() {
    return size;
  }

  /** Empties the writer between rows, keeping its array for reuse. */
  @Override
  public void reset() {
    Arrays.fill(values, 0, count, null);
    count = 0;
    size = 0;
  }

  private boolean binaryField() {
    return field < binary.length && binary[field];
  }

  private void ensureScratch(int extra) {
    if (scratchLength + extra > scratch.length) {
      scratch = Arrays.copyOf(scratch, Math.max(2 * scratch.length, scratchLength + extra));
    }
  }

  private static UnsupportedOperationException postgresOnly(String type) {
    return new UnsupportedOperationException(
        type + " exists only in PostgreSQL; SQLite has no form for it");
  }

  /** {@code YYYY-MM-DD} into {@link #chars} at {@code at}; returns the end. */
  private int putDate(int daysSince2000, int at) {
    // Howard Hinnant's civil_from_days, counted from 0000-03-01 so leap days end a year.
    long days = (long) daysSince2000 + DAYS_0000_03_01_TO_2000;
    long era = Math.floorDiv(days, 146_097);
    long dayOfEra = days - era * 146_097;
    long yearOfEra = (dayOfEra - dayOfEra / 1460 + dayOfEra / 36524 - dayOfEra / 146_096) / 365;
    long dayOfYear = dayOfEra - (365 * yearOfEra + yearOfEra / 4 - yearOfEra / 100);
    long mp = (5 * dayOfYear + 2) / 153;
    int day = (int) (dayOfYear - (153 * mp + 2) / 5 + 1);
    int month = (int) (mp < 10 ? mp + 3 : mp - 9);
    long year = yearOfEra + era * 400 + (month <= 2 ? 1 : 0);
    if (year < 0 || year > 9999) {
      throw new IllegalArgumentException(
          "date " + daysSince2000 + " days from 2000-01-01 is outside years 0..9999");
    }
    at = digits(year, 4, at);
    chars[at++] = '-';
    at = digits(month, 2, at);
    chars[at++] = '-';
    return digits(day, 2, at);
  }

  /** {@code HH:MM:SS}, then {@code .ffffff} without trailing zeros when there is a fraction. */
  private int putTime(long microsOfDay, int at) {
    long seconds = microsOfDay / MICROS_PER_SECOND;
    int micros = (int) (microsOfDay % MICROS_PER_SECOND);
    at = digits(seconds / 3600, 2, at);
    chars[at++] = ':';
    at = digits(seconds / 60 % 60, 2, at);
    chars[at++] = ':';
    at = digits(seconds % 60, 2, at);
    if (micros != 0) {
      int width = 6;
      while (micros % 10 == 0) {
        micros /= 10;
        width--;
      }
      chars[at++] = '.';
      at = digits(micros, width, at);
    }
    return at;
  }

  /** {@code v} (0 or more) zero-padded to {@code width} digits. */
  private int digits(long v, int width, int at) {
    for (int p = at + width - 1; p >= at; p--) {
      chars[p] = (char) ('0' + v % 10);
      v /= 10;
    }
    return at + width;
  }
}
