package io.spate.engine.encode;

import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;

/**
 * Rows as the values a prepared {@code INSERT} binds, for a target whose load binds parameters
 * (SQLite, H2): kept as one flat array of values, field after field, until the load binds them
 * ({@link #values}, {@link #count}) and {@link #reset}s. A subclass decides what Java object each
 * carried form becomes, and says so in its javadoc; what every such target does alike lives here:
 * integers as a {@code Long}, a field built byte by byte or a value of a list ({@link
 * #writeEncoded}, its {@code LOAD DATA} escapes undone) ending in {@link #writeBytes}, money as a
 * decimal with two places, bit(n) as its binary digits in text, PostgreSQL's own types refused.
 *
 * <p>{@link #size()} estimates the bytes the values take (8 a number, a string's length), which
 * bounds a buffer as the other writers' sizes do. Not thread-safe.
 */
public abstract class BindValueWriter implements RowWriter {

  private static final int ARRAY = 1;

  /** The target's name in messages. */
  private final String target;

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

  /** Room for a value's text form ({@link TextForms}). */
  private final byte[] textForm = new byte[40];

  /**
   * @param capacity the values to make room for at first
   * @param target the target's name, for the messages of what it has no form for
   */
  protected BindValueWriter(int capacity, String target) {
    this.values = new Object[Math.max(16, capacity)];
    this.target = target;
  }

  /** The values of the rows written since the last {@link #reset}, field after field. */
  public final Object[] values() {
    return values;
  }

  /** How many values {@link #values} holds. */
  public final int count() {
    return count;
  }

  @Override
  public final void startRow(int fieldCount) {
    if (field != this.fieldCount) {
      throw new IllegalStateException(
          "row started after " + field + " of " + this.fieldCount + " fields");
    }
    this.fieldCount = fieldCount;
    this.field = 0;
  }

  /** Adds the next field's value (inside an array, the next element), about {@code bytes} big. */
  protected final void add(Object value, int bytes) {
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

  /** The position in its row of the field written next; -1 inside an array. */
  protected final int field() {
    return elements == null ? field : -1;
  }

  @Override
  public final void writeNull() {
    add(null, 1);
  }

  @Override
  public final void writeInt2(int v) {
    add((long) (short) v, 8);
  }

  @Override
  public final void writeInt4(int v) {
    add((long) v, 8);
  }

  @Override
  public final void writeInt8(long v) {
    add(v, 8);
  }

  /**
   * A value of a list, from its {@code LOAD DATA} text form (the escapes undone): the text, which
   * the database converts to the column's type as an insert's would, or its bytes in a binary field
   * ({@link #writeBytes}).
   */
  @Override
  public final void writeEncoded(Encoded value) {
    if (value.text() == null) {
      throw new UnsupportedOperationException(
          "a value encoded by PostgreSQL's server has no " + target + " form");
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
  public final int beginField() {
    scratchLength = 0;
    return 0;
  }

  @Override
  public final void putByte(int b) {
    ensureScratch(1);
    scratch[scratchLength++] = (byte) b;
  }

  @Override
  public final void putAscii(byte[] src, int off, int len) {
    ensureScratch(len);
    System.arraycopy(src, off, scratch, scratchLength, len);
    scratchLength += len;
  }

  /** Ends a field {@link #beginField} started, or an array {@link #beginElements} started. */
  @Override
  public final void endField(int token) {
    if (token == ARRAY) {
      Object[] array = elements.toArray();
      elements = null;
      add(array, 0);
      return;
    }
    writeBytes(scratch, 0, scratchLength);
    scratchLength = 0;
  }

  /**
   * Starts an array, for a target whose driver binds one as an {@code Object[]}: its elements
   * follow as values, {@link #endField} with the token returned adds them as one.
   */
  protected final int beginElements(int count) {
    if (elements != null) {
      throw postgresOnly("an array of arrays");
    }
    elements = new ArrayList<>(count);
    return ARRAY;
  }

  /** money: cents as a decimal with two places. */
  @Override
  public final void writeMoney(long cents) {
    writeNumeric(cents, 2);
  }

  /** bit(n): its binary digits as text. */
  @Override
  public final void writeBits(byte[] bits, int bitLength) {
    StringBuilder s = new StringBuilder(bitLength);
    for (int i = 0; i < bitLength; i++) {
      s.append((bits[i >>> 3] >>> (7 - (i & 7)) & 1) == 1 ? '1' : '0');
    }
    add(s.toString(), bitLength);
  }

  @Override
  public final void writeMacaddr(long mac) {
    throw postgresOnly("macaddr");
  }

  @Override
  public final void writeInterval(long micros, int days, int months) {
    throw postgresOnly("interval");
  }

  @Override
  public final void writeTimeTz(long microsOfDay, int zoneSecondsWest) {
    throw postgresOnly("time with time zone");
  }

  @Override
  public int beginArray(int elementOid, int count, boolean hasNulls) {
    throw postgresOnly("array");
  }

  @Override
  public final int beginRange(int flags) {
    throw postgresOnly("range");
  }

  @Override
  public final int beginTsVector(int lexemes) {
    throw postgresOnly("tsvector");
  }

  @Override
  public final void putTsLexeme(
      byte[] lexeme, int off, int len, int[] positions, int positionCount) {
    throw postgresOnly("tsvector");
  }

  @Override
  public final void putInt4(int v) {
    throw postgresOnly("a composite type's binary form");
  }

  @Override
  public final void putFloat8(double v) {
    throw postgresOnly("a geometric type's binary form");
  }

  @Override
  public final int size() {
    return size;
  }

  /** Empties the writer between rows, keeping its array for reuse. */
  @Override
  public final void reset() {
    Arrays.fill(values, 0, count, null);
    count = 0;
    size = 0;
  }

  /** The exact decimal text of {@code unscaled * 10^-scale}, {@code scale} places (0 to 18). */
  protected final String numericText(long unscaled, int scale) {
    return text(TextForms.putNumeric(textForm, 0, unscaled, scale));
  }

  /** {@code YYYY-MM-DD}. */
  protected final String dateText(int daysSince2000) {
    return text(TextForms.putDate(textForm, 0, daysSince2000));
  }

  /** {@code HH:MM:SS}, then {@code .ffffff} without trailing zeros when there is a fraction. */
  protected final String timeText(long microsOfDay) {
    return text(TextForms.putTime(textForm, 0, microsOfDay));
  }

  /** {@code YYYY-MM-DD HH:MM:SS[.ffffff]}. */
  protected final String timestampText(long microsSince2000) {
    return text(TextForms.putTimestamp(textForm, 0, microsSince2000));
  }

  /** The dotted quad of an IPv4 address. */
  protected final String ipv4Text(int address) {
    return text(TextForms.putIpv4(textForm, 0, address));
  }

  private String text(int length) {
    return new String(textForm, 0, length, StandardCharsets.US_ASCII);
  }

  /** The refusal of a type only PostgreSQL has. */
  protected final UnsupportedOperationException postgresOnly(String type) {
    return new UnsupportedOperationException(
        type + " exists only in PostgreSQL; " + target + " has no form Spate writes for it");
  }

  private void ensureScratch(int extra) {
    if (scratchLength + extra > scratch.length) {
      scratch = Arrays.copyOf(scratch, Math.max(2 * scratch.length, scratchLength + extra));
    }
  }
}
