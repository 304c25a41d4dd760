package io.spate.db.h2;

import io.spate.engine.encode.Encoded;
import io.spate.engine.encode.RowWriter;
import java.math.BigDecimal;
import java.nio.charset.StandardCharsets;
import java.time.LocalDate;
import java.time.LocalDateTime;
import java.time.LocalTime;
import java.time.OffsetDateTime;
import java.time.ZoneOffset;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.UUID;

/**
 * Rows as the Java objects a prepared {@code INSERT} binds, the ones H2's driver takes without a
 * conversion through text: the {@link RowWriter} of the H2 target. Rows are kept as one flat array
 * of values, field after field, until the load binds them and {@link #reset}s.
 *
 * <p>What each carried form becomes:
 *
 * <ul>
 *   <li>integers: a {@code Long} (H2 narrows it to the column's type); booleans: a {@code Boolean};
 *       doubles and reals: a {@code Double};
 *   <li>exact decimals: a {@code BigDecimal} of the unscaled value and scale, exact;
 *   <li>dates, times and timestamps: {@code LocalDate}, {@code LocalTime}, {@code LocalDateTime}; a
 *       timestamp with time zone: an {@code OffsetDateTime} in UTC; uuids: a {@code UUID};
 *   <li>bytes: a {@code byte[]} in a binary field; JSON: its UTF-8 bytes (H2 reads a {@code byte[]}
 *       bound to a JSON column as JSON text, a {@code String} as a JSON string value); text as a
 *       {@code String} (an {@code ENUM} label too);
 *   <li>an array: an {@code Object[]} of its elements in the forms above.
 * </ul>
 *
 * <p>{@link #size()} estimates the bytes the values take (8 a number, a string's length), which
 * bounds a buffer as the other writers' sizes do. Not thread-safe.
 */
public final class H2Rows implements RowWriter {

  /** What a field holds where its type alone decides the Java object. */
  enum Field {
    PLAIN,
    BINARY,
    JSON,
    /** A {@code TIMESTAMP WITH TIME ZONE}: its timestamps are UTC instants. */
    ZONED
  }

  private static final LocalDate EPOCH_DATE = LocalDate.of(2000, 1, 1);
  private static final LocalDateTime EPOCH = EPOCH_DATE.atStartOfDay();
  private static final int ARRAY = 1;

  /** Each field's kind, in row order; shorter than a row: the rest are {@link Field#PLAIN}. */
  private final Field[] fields;

  private Object[] values;
  private int count;
  private int size;
  private int fieldCount;
  private int field;

  /** The elements of the array being written, or null outside one. */
  private List<Object> elements;

  /** The bytes of a field built with {@link #beginField}, until {@link #endField}. */
  private byte[] scratch = new byte[64];

  private int scratchLength;

  /**
   * @param capacity the values to make room for at first
   * @param fields each field's kind, in row order
   */
  public H2Rows(int capacity, Field[] fields) {
    this.values = new Object[Math.max(16, capacity)];
    this.fields = fields.clone();
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
    size += bytes;
    if (elements != null) {
      elements.add(value);
      return;
    }
    if (field >= fieldCount) {
      throw new IllegalStateException("more than the row's " + fieldCount + " fields");
    }
    if (count == values.length) {
      values = Arrays.copyOf(values, 2 * values.length);
    }
    values[count++] = value;
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
    add((double) v, 8);
  }

  @Override
  public void writeFloat8(double v) {
    add(v, 8);
  }

  @Override
  public void writeBool(boolean v) {
    add(v ? Boolean.TRUE : Boolean.FALSE, 1);
  }

  @Override
  public void writeNumeric(long unscaled, int scale) {
    add(BigDecimal.valueOf(unscaled, scale), 8);
  }

  @Override
  public void writeDate(int daysSince2000) {
    add(EPOCH_DATE.plusDays(daysSince2000), 8);
  }

  @Override
  public void writeTime(long microsOfDay) {
    add(LocalTime.ofNanoOfDay(microsOfDay * 1000), 8);
  }

  /** A timestamp; in a {@link Field#ZONED} field, the UTC instant. */
  @Override
  public void writeTimestamp(long microsSince2000) {
    LocalDateTime t = EPOCH.plusNanos(Math.multiplyExact(microsSince2000, 1000L));
    add(kind() == Field.ZONED ? OffsetDateTime.of(t, ZoneOffset.UTC) : t, 8);
  }

  @Override
  public void writeUuid(long msb, long lsb) {
    add(new UUID(msb, lsb), 16);
  }

  @Override
  public void writeBytes(byte[] b, int off, int len) {
    if (kind() == Field.BINARY || kind() == Field.JSON) {
      add(Arrays.copyOfRange(b, off, off + len), len);
    } else {
      add(new String(b, off, len, StandardCharsets.UTF_8), len);
    }
  }

  /**
   * A value of a list, from its {@code LOAD DATA} text form (the escapes undone): the text, which
   * H2 converts to the column's type as an insert's literal would, or its bytes in a binary field.
   */
  @Override
  public void writeEncoded(Encoded value) {
    if (value.text() == null) {
      throw new UnsupportedOperationException(
          "a value encoded by PostgreSQL's server has no H2 form");
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
    if (kind() == Field.JSON) {
      add(s.getBytes(StandardCharsets.UTF_8), s.length());
    } else {
      add(s, s.length());
    }
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

  /** Ends a field {@link #beginField} started, or an array {@link #beginArray} started. */
  @Override
  public void endField(int token) {
    if (token == ARRAY) {
      Object[] array = elements.toArray();
      elements = null;
      add(array, 0);
      return;
    }
    writeBytes(scratch, 0, scratchLength);
    scratchLength = 0;
  }

  @Override
  public void writeJsonb(String json) {
    add(json.getBytes(StandardCharsets.UTF_8), json.length());
  }

  /** money has no H2 type: cents as a decimal with two places. */
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

  @Override
  public void writeInet(int address, int bits, boolean cidr) {
    throw postgresOnly(cidr ? "cidr" : "inet");
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

  /** Starts an array: its elements follow as values, {@link #endField} binds them as one. */
  @Override
  public int beginArray(int elementOid, int count, boolean hasNulls) {
    if (elements != null) {
      throw postgresOnly("an array of arrays");
    }
    elements = new ArrayList<>(count);
    return ARRAY;
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

  private Field kind() {
    return elements == null && field < fields.length ? fields[field] : Field.PLAIN;
  }

  private void ensureScratch(int extra) {
    if (scratchLength + extra > scratch.length) {
      scratch = Arrays.copyOf(scratch, Math.max(2 * scratch.length, scratchLength + extra));
    }
  }

  private static UnsupportedOperationException postgresOnly(String type) {
    return new UnsupportedOperationException(
        type + " exists only in PostgreSQL; H2 has no form Spate writes for it");
  }
}
