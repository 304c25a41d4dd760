package io.spate.engine.encode;

import io.spate.protocol.schema.Column;
import io.spate.protocol.schema.SqlType;
import java.util.Arrays;
import java.util.List;
import java.util.Objects;

/**
 * Appends rows as RFC 4180 CSV to a growable, reusable byte buffer: fields separated by commas,
 * every record ended by LF (not the RFC's CRLF: PostgreSQL, DuckDB, Spark and pandas read both). A
 * field is enclosed in double quotes, its quotes doubled, when it holds a comma, a quote, CR or LF,
 * or is PostgreSQL's end-of-data marker {@code \.}. <b>NULL is an empty unquoted field; the empty
 * string is {@code ""}</b>, so the two stay apart (PostgreSQL's {@code COPY ... (FORMAT csv)} reads
 * them so; DuckDB does with {@code allow_quoted_nulls=false}). Text is UTF-8.
 *
 * <p>Values are rendered as PostgreSQL's text output renders them (in a session whose time zone is
 * UTC), so PostgreSQL and DuckDB read back the same values: integers and numerics with their scale
 * in decimal digits, float and double in the shortest text that reads back the same ({@code
 * 1.0E10}, {@code NaN}), booleans {@code true}/{@code false}, {@code YYYY-MM-DD}, {@code
 * HH:MM:SS[.ffffff]}, timestamps {@code YYYY-MM-DD HH:MM:SS[.ffffff]} and timestamptz the same in
 * UTC with {@code +00}, uuid in 36 characters, bytea as {@code \x} and hex, JSON as its text, bit
 * strings as 0/1 digits, money as a plain decimal with two places, inet/cidr, macaddr, interval in
 * PostgreSQL's default style ({@code 1 year 2 mons -3 days +04:05:06}), time with time zone with
 * its offset ({@code 10:00:00+05:30}), and one-dimensional arrays and ranges as PostgreSQL's
 * literals ({@code {1,NULL,"a b"}}, {@code [1,10)}). tsvector and the geometric and PostGIS types
 * throw {@link UnsupportedOperationException} naming the column.
 *
 * <p>The writer knows the columns, in the order rows carry them, because the same call means
 * different text by type: {@link #writeBytes} is hex for bytea and UTF-8 text otherwise, and {@link
 * #writeTimestamp} carries an offset only for timestamptz. The caller writes the header row ({@link
 * #header}). Every row ends with its LF, so consecutive buffers concatenate into one file. No
 * method allocates apart from buffer growth and float formatting's reused scratch. Not thread-safe.
 *
 * <p>Like {@link CopyBinaryWriter}, one cohesive codec kept whole although over the project's
 * 400-line limit: each type's text form beside the quoting of fields, elements and bounds.
 */
public final class CsvWriter implements RowWriter {

  /** Where a field or an element is being written, which decides its quoting. */
  private static final int FIELD = 0;

  private static final int ARRAY = 1;
  private static final int RANGE = 2;

  /** For each quoting context, the bytes that make a value quoted. */
  private static final boolean[][] QUOTED_FOR = new boolean[3][256];

  static {
    for (byte c : new byte[] {',', '"', '\r', '\n'}) {
      QUOTED_FOR[FIELD][c] = true;
    }
    // PostgreSQL's array_out and range_bound_escape: their delimiters, quotes and white space.
    for (byte c : new byte[] {'"', '\\', ',', ' ', '\t', '\n', '\r', 0x0B, '\f'}) {
      QUOTED_FOR[ARRAY][c] = true;
      QUOTED_FOR[RANGE][c] = true;
    }
    for (byte c : new byte[] {'{', '}'}) {
      QUOTED_FOR[ARRAY][c] = true;
    }
    for (byte c : new byte[] {'(', ')', '[', ']'}) {
      QUOTED_FOR[RANGE][c] = true;
    }
  }

  /** {@link #endField}'s token for an array or a range; a plain field's is 0. */
  private static final int COMPOSITE = 1;

  private static final byte[] NULL_ELEMENT = {'N', 'U', 'L', 'L'};
  private static final byte[] EMPTY_RANGE = {'e', 'm', 'p', 't', 'y'};
  private static final byte[] YEAR = {'y', 'e', 'a', 'r'};
  private static final byte[] MON = {'m', 'o', 'n'};
  private static final byte[] DAY = {'d', 'a', 'y'};

  private final Column[] columns;

  private byte[] buffer;
  private int position;

  /** Fields the current row declares, how many of them are written, where the current starts. */
  private int fieldCount;

  private int field;
  private int fieldStart;

  /** Inside an array or a range ({@link #ARRAY}, {@link #RANGE}) or not ({@link #FIELD}). */
  private int context = FIELD;

  private int elements;
  private int elementStart;
  private int rangeFlags;

  /** An interval's parts written so far, and whether the last one was negative. */
  private boolean intervalStarted;

  private boolean intervalNegative;

  /** Scratch for float formatting, reused. */
  private final StringBuilder scratch = new StringBuilder(32);

  /**
   * @param columns the columns a row carries, in its order
   */
  public CsvWriter(List<Column> columns, int initialCapacity) {
    if (initialCapacity < 0) {
      throw new IllegalArgumentException("negative initial capacity: " + initialCapacity);
    }
    this.columns = columns.toArray(Column[]::new);
    this.buffer = new byte[initialCapacity];
  }

  /** A header record: the names, quoted as fields are, separated by commas, ended by LF. */
  public static byte[] header(List<String> columnNames) {
    CsvWriter header =
        new CsvWriter(columnNames.stream().map(n -> Column.of(n, SqlType.TEXT)).toList(), 64);
    header.startRow(columnNames.size());
    columnNames.forEach(header::writeText);
    return Arrays.copyOf(header.buffer, header.position);
  }

  @Override
  public void startRow(int fieldCount) {
    if (field != this.fieldCount) {
      throw new IllegalStateException(
          "row started after " + field + " of " + this.fieldCount + " fields");
    }
    if (fieldCount != columns.length) {
      throw new IllegalArgumentException(
          "a row of " + fieldCount + " fields for " + columns.length + " columns");
    }
    this.fieldCount = fieldCount;
    this.field = 0;
  }

  /** An empty unquoted field; inside an array, {@code NULL}. */
  @Override
  public void writeNull() {
    open();
    if (context == FIELD) {
      endRecordField();
    } else {
      putRaw(NULL_ELEMENT, 0, NULL_ELEMENT.length);
      elements++;
    }
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
    open();
    ensureCapacity(20);
    position = TextForms.putLong(buffer, position, v);
    close();
  }

  @Override
  public void writeFloat4(float v) {
    scratch.setLength(0);
    scratch.append(v);
    writeScratch();
  }

  @Override
  public void writeFloat8(double v) {
    scratch.setLength(0);
    scratch.append(v);
    writeScratch();
  }

  @Override
  public void writeBool(boolean v) {
    open();
    ensureCapacity(5);
    position = TextForms.putAscii(buffer, position, v ? "true" : "false");
    close();
  }

  @Override
  public void writeNumeric(long unscaled, int scale) {
    open();
    ensureCapacity(40);
    position = TextForms.putNumeric(buffer, position, unscaled, scale);
    close();
  }

  @Override
  public void writeDate(int daysSince2000) {
    open();
    ensureCapacity(10);
    position = TextForms.putDate(buffer, position, daysSince2000);
    close();
  }

  @Override
  public void writeTime(long microsOfDay) {
    open();
    ensureCapacity(15);
    position = TextForms.putTime(buffer, position, microsOfDay);
    close();
  }

  /** {@code YYYY-MM-DD HH:MM:SS[.ffffff]}, followed by {@code +00} in a timestamptz column. */
  @Override
  public void writeTimestamp(long microsSince2000) {
    open();
    ensureCapacity(29);
    position = TextForms.putTimestamp(buffer, position, microsSince2000);
    if (type() == SqlType.TIMESTAMPTZ) {
      buffer[position++] = '+';
      buffer[position++] = '0';
      buffer[position++] = '0';
    }
    close();
  }

  @Override
  public void writeUuid(long msb, long lsb) {
    open();
    ensureCapacity(36);
    position = TextForms.putUuid(buffer, position, msb, lsb);
    close();
  }

  /** In a bytea column {@code \x} and the bytes in hex; otherwise the bytes as UTF-8 text. */
  @Override
  public void writeBytes(byte[] b, int off, int len) {
    Objects.checkFromIndexSize(off, len, b.length);
    open();
    if (type() == SqlType.BYTEA) {
      ensureCapacity(2L + 2L * len);
      buffer[position++] = '\\';
      buffer[position++] = 'x';
      for (int i = off, end = off + len; i < end; i++) {
        position = TextForms.putHex(buffer, position, b[i], 2);
      }
    } else {
      putRaw(b, off, len);
    }
    close();
  }

  /** The value replayed from its binary form ({@link BinaryReplay}). */
  @Override
  public void writeEncoded(Encoded value) {
    BinaryReplay.replay(column(), value.binary(), this);
  }

  @Override
  public void writeText(String s) {
    open();
    ensureCapacity(3L * s.length());
    position = Utf8.put(s, buffer, position);
    close();
  }

  @Override
  public int beginField() {
    open();
    return 0;
  }

  @Override
  public void putByte(int b) {
    ensureCapacity(1);
    buffer[position++] = (byte) b;
  }

  @Override
  public void putAscii(byte[] src, int off, int len) {
    Objects.checkFromIndexSize(off, len, src.length);
    putRaw(src, off, len);
  }

  /** Ends a field {@link #beginField} started, or an array or a range. */
  @Override
  public void endField(int token) {
    if (token == COMPOSITE) {
      ensureCapacity(2);
      if (context == ARRAY) {
        buffer[position++] = '}';
      } else if ((rangeFlags & CopyBinaryWriter.RANGE_EMPTY) == 0) {
        if ((rangeFlags & CopyBinaryWriter.RANGE_UB_INF) != 0) {
          buffer[position++] = ',';
        }
        buffer[position++] = (byte) ((rangeFlags & CopyBinaryWriter.RANGE_UB_INC) != 0 ? ']' : ')');
      }
      context = FIELD;
    }
    close();
  }

  @Override
  public void writeJsonb(String json) {
    writeText(json);
  }

  /** A plain decimal with two places (PostgreSQL reads it into money whatever its locale). */
  @Override
  public void writeMoney(long cents) {
    writeNumeric(cents, 2);
  }

  /** One {@code 0} or {@code 1} per bit, most significant first. */
  @Override
  public void writeBits(byte[] bits, int bitLength) {
    Objects.checkFromIndexSize(0, (bitLength + 7) >>> 3, bits.length);
    open();
    ensureCapacity(bitLength);
    for (int i = 0; i < bitLength; i++) {
      buffer[position++] = (byte) ('0' + ((bits[i >>> 3] >>> (7 - (i & 7))) & 1));
    }
    close();
  }

  /** Dotted quad, then {@code /bits} for a cidr or a network prefix shorter than 32. */
  @Override
  public void writeInet(int address, int bits, boolean cidr) {
    open();
    ensureCapacity(19);
    position = TextForms.putIpv4(buffer, position, address);
    if (cidr || bits != 32) {
      buffer[position++] = '/';
      position = TextForms.putUnsigned(buffer, position, bits, 1);
    }
    close();
  }

  /** Six lowercase hex octets separated by colons. */
  @Override
  public void writeMacaddr(long mac) {
    open();
    ensureCapacity(17);
    for (int shift = 40; shift >= 0; shift -= 8) {
      position = TextForms.putHex(buffer, position, mac >>> shift, 2);
      if (shift > 0) {
        buffer[position++] = ':';
      }
    }
    close();
  }

  /**
   * PostgreSQL's default {@code IntervalStyle} ({@code postgres}): years, months and days, each
   * with its own sign ({@code +} after a negative part), then {@code [-]HH:MM:SS[.ffffff]} when
   * non-zero or alone.
   */
  @Override
  public void writeInterval(long micros, int days, int months) {
    open();
    ensureCapacity(80);
    intervalStarted = false;
    intervalNegative = false;
    putIntervalPart(months / 12, YEAR);
    putIntervalPart(months % 12, MON);
    putIntervalPart(days, DAY);
    if (!intervalStarted || micros != 0) {
      if (intervalStarted) {
        buffer[position++] = ' ';
      }
      if (micros < 0) {
        buffer[position++] = '-';
      } else if (intervalNegative) {
        buffer[position++] = '+';
      }
      position = TextForms.putTime(buffer, position, Math.absExact(micros));
    }
    close();
  }

  /** {@code HH:MM:SS[.ffffff]} and the offset east of UTC: {@code +05}, {@code -03:30}. */
  @Override
  public void writeTimeTz(long microsOfDay, int zoneSecondsWest) {
    open();
    ensureCapacity(24);
    position = TextForms.putTime(buffer, position, microsOfDay);
    buffer[position++] = (byte) (zoneSecondsWest <= 0 ? '+' : '-');
    int seconds = Math.abs(zoneSecondsWest);
    position = TextForms.putUnsigned(buffer, position, seconds / 3600, 2);
    if (seconds % 3600 != 0) {
      buffer[position++] = ':';
      position = TextForms.putUnsigned(buffer, position, seconds / 60 % 60, 2);
      if (seconds % 60 != 0) {
        buffer[position++] = ':';
        position = TextForms.putUnsigned(buffer, position, seconds % 60, 2);
      }
    }
    close();
  }

  /** Starts {@code {e1,e2}}: each element follows as a value or {@link #writeNull()}. */
  @Override
  public int beginArray(int elementOid, int count, boolean hasNulls) {
    openComposite();
    context = ARRAY;
    putByte('{');
    return COMPOSITE;
  }

  /** Starts {@code [lower,upper)} (brackets by the flags), or {@code empty}. */
  @Override
  public int beginRange(int flags) {
    openComposite();
    context = RANGE;
    rangeFlags = flags;
    if ((flags & CopyBinaryWriter.RANGE_EMPTY) != 0) {
      putRaw(EMPTY_RANGE, 0, EMPTY_RANGE.length);
    } else {
      putByte((flags & CopyBinaryWriter.RANGE_LB_INC) != 0 ? '[' : '(');
    }
    return COMPOSITE;
  }

  @Override
  public int beginTsVector(int lexemes) {
    throw unsupported();
  }

  @Override
  public void putTsLexeme(byte[] lexeme, int off, int len, int[] positions, int positionCount) {
    throw unsupported();
  }

  @Override
  public void putInt4(int v) {
    throw unsupported();
  }

  @Override
  public void putFloat8(double v) {
    throw unsupported();
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

  /** The column of the field being written; inside an array or a range, its element's. */
  private Column column() {
    Column column = columns[field];
    return context == FIELD ? column : column.element();
  }

  private SqlType type() {
    return column().type();
  }

  private UnsupportedOperationException unsupported() {
    Column column = columns[Math.min(field, columns.length - 1)];
    return new UnsupportedOperationException(
        "CSV has no form for column "
            + column.name()
            + " of type "
            + column.typeName()
            + " (tsvector, geometric and PostGIS values exist only in PostgreSQL's binary form)");
  }

  /** Starts a field, or an element inside an array or a range. */
  private void open() {
    if (context == FIELD) {
      if (field >= fieldCount) {
        throw new IllegalStateException("more than the row's " + fieldCount + " fields");
      }
      if (field > 0) {
        putByte(',');
      }
      fieldStart = position;
      return;
    }
    boolean upperBound =
        context == RANGE && (elements > 0 || (rangeFlags & CopyBinaryWriter.RANGE_LB_INF) != 0);
    if ((context == ARRAY && elements > 0) || upperBound) {
      putByte(',');
    }
    elementStart = position;
  }

  private void openComposite() {
    if (context != FIELD) {
      throw new UnsupportedOperationException(
          "a nested array or range in column " + columns[field].name());
    }
    open();
    elements = 0;
  }

  /** Ends a field or an element: quotes it where it needs quotes. */
  private void close() {
    if (context == FIELD) {
      quote(fieldStart, FIELD);
      endRecordField();
    } else {
      quote(elementStart, context);
      elements++;
    }
  }

  private void endRecordField() {
    if (++field == fieldCount) {
      putByte('\n');
    }
  }

  /**
   * Encloses {@code buffer[start, position)} in double quotes if the context needs it: in a CSV
   * field doubling quotes; in an array element escaping quotes and backslashes with a backslash; in
   * a range bound doubling both (PostgreSQL's {@code array_out} and {@code range_out}).
   */
  private void quote(int start, int context) {
    boolean[] quoted = QUOTED_FOR[context];
    boolean needed = position == start; // the empty string, never NULL
    int escapes = 0;
    for (int i = start; i < position; i++) {
      byte c = buffer[i];
      needed |= quoted[c & 0xFF];
      if (c == '"' || (c == '\\' && context != FIELD)) {
        escapes++;
      }
    }
    if (!needed) {
      needed =
          context == FIELD
              ? position - start == 2 && buffer[start] == '\\' && buffer[start + 1] == '.'
              : context == ARRAY && isNullWord(start);
    }
    if (!needed) {
      return;
    }
    ensureCapacity(2L + escapes);
    int end = position + 2 + escapes;
    int w = end - 1;
    buffer[w--] = '"';
    for (int r = position - 1; r >= start; r--) {
      byte c = buffer[r];
      buffer[w--] = c;
      if (c == '"' || (c == '\\' && context != FIELD)) {
        buffer[w--] = context == ARRAY ? (byte) '\\' : c;
      }
    }
    buffer[w] = '"';
    position = end;
  }

  /** Whether {@code buffer[start, position)} is the word NULL in any case. */
  private boolean isNullWord(int start) {
    if (position - start != NULL_ELEMENT.length) {
      return false;
    }
    for (int i = 0; i < NULL_ELEMENT.length; i++) {
      if ((buffer[start + i] & ~0x20) != NULL_ELEMENT[i]) {
        return false;
      }
    }
    return true;
  }

  private void putIntervalPart(int value, byte[] unit) {
    if (value == 0) {
      return;
    }
    if (intervalStarted) {
      buffer[position++] = ' ';
    }
    if (intervalNegative && value > 0) {
      buffer[position++] = '+';
    }
    position = TextForms.putLong(buffer, position, value);
    buffer[position++] = ' ';
    System.arraycopy(unit, 0, buffer, position, unit.length);
    position += unit.length;
    if (value != 1) {
      buffer[position++] = 's';
    }
    intervalStarted = true;
    intervalNegative = value < 0;
  }

  private void writeScratch() {
    open();
    ensureCapacity(scratch.length());
    position = TextForms.putAscii(buffer, position, scratch); // digits, '-', '.', 'E', letters
    close();
  }

  private void putRaw(byte[] src, int off, int len) {
    ensureCapacity(len);
    System.arraycopy(src, off, buffer, position, len);
    position += len;
  }

  private void ensureCapacity(long extra) {
    if (extra > buffer.length - position) {
      buffer = Buffers.grown(buffer, position, extra, "CSV");
    }
  }
}
