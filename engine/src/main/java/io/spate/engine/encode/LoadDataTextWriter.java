package io.spate.engine.encode;

import java.util.Objects;

/**
 * Appends rows in MariaDB's and MySQL's default {@code LOAD DATA} text format to a growable,
 * reusable byte buffer: fields terminated by TAB, lines by LF, escaped by backslash, NULL as {@code
 * \N}, no enclosing quotes. Inside a field, backslash, TAB, LF, CR and NUL are escaped ({@code \\},
 * {@code \t}, {@code \n}, {@code \r}, {@code \0}), so any byte sequence, text or binary, arrives
 * byte-exact; the word {@code NULL} is plain text (it means NULL only with {@code ENCLOSED BY}).
 *
 * <p>Values arrive in the engine's carried forms and are written as the server reads them: integers
 * and exact decimals in decimal digits, float and double in the shortest text that reads back to
 * the same value, booleans as 0/1, dates, times and datetimes from days and microseconds since
 * 2000-01-01 as {@code YYYY-MM-DD HH:MM:SS[.ffffff]}, uuids in their 36-character form, bit(n) as
 * the value's bytes (how the server stores a text field into a BIT column), IPv4 host addresses
 * dotted, text and JSON in UTF-8 (4-byte forms kept: load with {@code CHARACTER SET utf8mb4}).
 *
 * <p>Every row ends with its LF, so the buffer always holds whole lines and consecutive buffers
 * concatenate into one stream. No method allocates apart from buffer growth and float formatting's
 * reused scratch. Not thread-safe.
 */
public final class LoadDataTextWriter implements RowWriter {

  /**
   * For each byte, the letter that follows the backslash escaping it, or 0 when it stands as is.
   */
  private static final byte[] ESCAPE = new byte[256];

  static {
    ESCAPE['\\'] = '\\';
    ESCAPE['\t'] = 't';
    ESCAPE['\n'] = 'n';
    ESCAPE['\r'] = 'r';
    ESCAPE[0] = '0';
  }

  private byte[] buffer;
  private int position;

  /** Fields the current row declares, and how many of them are written. */
  private int fieldCount;

  private int field;

  /** Scratch for float formatting, reused. */
  private final StringBuilder scratch = new StringBuilder(32);

  public LoadDataTextWriter(int initialCapacity) {
    if (initialCapacity < 0) {
      throw new IllegalArgumentException("negative initial capacity: " + initialCapacity);
    }
    this.buffer = new byte[initialCapacity];
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

  @Override
  public void writeNull() {
    beginField();
    ensureCapacity(2);
    buffer[position++] = '\\';
    buffer[position++] = 'N';
    endField(0);
  }

  @Override
  public void writeInt2(int v) {
    writeInt8((short) v);
  }

  @Override
  public void writeInt4(int v) {
    writeInt8(v);
  }

  @Override
  public void writeInt8(long v) {
    beginField();
    ensureCapacity(20);
    position = TextForms.putLong(buffer, position, v);
    endField(0);
  }

  @Override
  public void writeFloat4(float v) {
    checkFinite(v);
    scratch.setLength(0);
    scratch.append(v);
    writeScratch();
  }

  @Override
  public void writeFloat8(double v) {
    checkFinite(v);
    scratch.setLength(0);
    scratch.append(v);
    writeScratch();
  }

  @Override
  public void writeBool(boolean v) {
    beginField();
    ensureCapacity(1);
    buffer[position++] = (byte) (v ? '1' : '0');
    endField(0);
  }

  @Override
  public void writeNumeric(long unscaled, int scale) {
    beginField();
    ensureCapacity(40);
    position = TextForms.putNumeric(buffer, position, unscaled, scale);
    endField(0);
  }

  @Override
  public void writeDate(int daysSince2000) {
    beginField();
    ensureCapacity(10);
    position = TextForms.putDate(buffer, position, daysSince2000);
    endField(0);
  }

  @Override
  public void writeTime(long microsOfDay) {
    beginField();
    ensureCapacity(15);
    position = TextForms.putTime(buffer, position, microsOfDay);
    endField(0);
  }

  @Override
  public void writeTimestamp(long microsSince2000) {
    beginField();
    ensureCapacity(26);
    position = TextForms.putTimestamp(buffer, position, microsSince2000);
    endField(0);
  }

  @Override
  public void writeUuid(long msb, long lsb) {
    beginField();
    ensureCapacity(36);
    position = TextForms.putUuid(buffer, position, msb, lsb);
    endField(0);
  }

  @Override
  public void writeBytes(byte[] b, int off, int len) {
    beginField();
    putAscii(b, off, len);
    endField(0);
  }

  /** The value's text form as it stands (escaped when it was encoded). */
  @Override
  public void writeEncoded(Encoded value) {
    if (value.text() == null) {
      throw new UnsupportedOperationException(
          "a value encoded by PostgreSQL's server has no LOAD DATA form");
    }
    beginField();
    ensureCapacity(value.text().length);
    System.arraycopy(value.text(), 0, buffer, position, value.text().length);
    position += value.text().length;
    endField(0);
  }

  /** The string in UTF-8, escaped; an unpaired surrogate becomes {@code '?'}. */
  @Override
  public void writeText(String s) {
    beginField();
    putUtf8(s);
    endField(0);
  }

  /** Writes the field separator; the returned token means nothing here. */
  @Override
  public int beginField() {
    if (field >= fieldCount) {
      throw new IllegalStateException("more than the row's " + fieldCount + " fields");
    }
    if (field > 0) {
      ensureCapacity(1);
      buffer[position++] = '\t';
    }
    return 0;
  }

  @Override
  public void putByte(int b) {
    ensureCapacity(2);
    putEscaped((byte) b);
  }

  @Override
  public void putAscii(byte[] src, int off, int len) {
    Objects.checkFromIndexSize(off, len, src.length);
    ensureCapacity(2L * len);
    for (int i = off, end = off + len; i < end; i++) {
      putEscaped(src[i]);
    }
  }

  /** Ends the field; after a row's last field, the line. */
  @Override
  public void endField(int token) {
    if (++field == fieldCount) {
      ensureCapacity(1);
      buffer[position++] = '\n';
    }
  }

  @Override
  public void writeJsonb(String json) {
    writeText(json);
  }

  /** money has no MariaDB type; cents as a decimal with two places. */
  @Override
  public void writeMoney(long cents) {
    writeNumeric(cents, 2);
  }

  /**
   * bit(n): the value's {@code ceil(n / 8)} bytes, most significant first, right-aligned (the
   * server stores a text field into a BIT column as the bytes of a big-endian number).
   */
  @Override
  public void writeBits(byte[] bits, int bitLength) {
    int bytes = (bitLength + 7) >>> 3;
    Objects.checkFromIndexSize(0, bytes, bits.length);
    int pad = 8 * bytes - bitLength;
    beginField();
    ensureCapacity(2L * bytes);
    int previous = 0;
    for (int i = 0; i < bytes; i++) {
      int current = bits[i] & 0xFF;
      putEscaped((byte) ((previous << (8 - pad)) | (current >>> pad)));
      previous = current;
    }
    endField(0);
  }

  /**
   * An IPv4 host address in dotted-quad text, as MariaDB's inet4 reads it (the load maps it for an
   * inet6 column). A network (a cidr, or an inet with a prefix shorter than 32) has no MariaDB or
   * MySQL type.
   */
  @Override
  public void writeInet(int address, int bits, boolean cidr) {
    if (cidr || bits != 32) {
      throw postgresOnly((cidr ? "cidr" : "inet") + " with a network prefix (/" + bits + ")");
    }
    beginField();
    ensureCapacity(15);
    position = TextForms.putIpv4(buffer, position, address);
    endField(0);
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
    return position;
  }

  /** The backing array, not a copy; valid bytes are {@code [0, size())}. Changes on growth. */
  public byte[] array() {
    return buffer;
  }

  /** Empties the writer, keeping the buffer for reuse; call between rows only. */
  @Override
  public void reset() {
    position = 0;
  }

  private static UnsupportedOperationException postgresOnly(String type) {
    return new UnsupportedOperationException(
        type + " exists only in PostgreSQL; MariaDB and MySQL LOAD DATA have no form for it");
  }

  private static void checkFinite(double v) {
    if (!Double.isFinite(v)) {
      throw new IllegalArgumentException(
          v + " is not a value MariaDB or MySQL store in a float or double column");
    }
  }

  private void writeScratch() {
    beginField();
    ensureCapacity(scratch.length());
    position = TextForms.putAscii(buffer, position, scratch); // digits, '-', '.', 'E'

    endField(0);
  }

  private void putEscaped(byte b) {
    byte letter = ESCAPE[b & 0xFF];
    if (letter != 0) {
      buffer[position++] = '\\';
      buffer[position++] = letter;
    } else {
      buffer[position++] = b;
    }
  }

  /** Appends {@code s} in UTF-8, escaped, without allocating. */
  private void putUtf8(String s) {
    int length = s.length();
    // Worst case 3 bytes per UTF-16 unit (a surrogate pair is 4 bytes for 2 units).
    ensureCapacity(3L * length);
    byte[] out = buffer;
    int p = position;
    for (int i = 0; i < length; i++) {
      char c = s.charAt(i);
      if (c < 0x80) {
        byte letter = ESCAPE[c];
        if (letter != 0) { // 2 bytes for 1 unit: within the 3-byte worst case
          out[p++] = '\\';
          out[p++] = letter;
        } else {
          out[p++] = (byte) c;
        }
      } else {
        int next = Utf8.putNonAscii(s, i, out, p);
        if (next - p == 4) {
          i++; // the low surrogate of the pair just written
        }
        p = next;
      }
    }
    position = p;
  }

  private void ensureCapacity(long extra) {
    if (extra > buffer.length - position) {
      buffer = Buffers.grown(buffer, position, extra, "LOAD DATA");
    }
  }
}
