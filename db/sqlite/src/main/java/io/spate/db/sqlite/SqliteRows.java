package io.spate.db.sqlite;

import io.spate.engine.encode.BindValueWriter;
import io.spate.engine.encode.RowWriter;
import java.nio.charset.StandardCharsets;
import java.util.Arrays;

/**
 * Rows as the values a prepared {@code INSERT} binds, in SQLite's conventions: the {@link
 * RowWriter} of the SQLite target, on {@link BindValueWriter}.
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
 *       in their 36-character form; JSON and text as strings; an IPv4 host address dotted;
 *   <li>bytes: a {@code byte[]} in a binary field ({@code BLOB}), UTF-8 text in any other.
 * </ul>
 */
public final class SqliteRows extends BindValueWriter {

  private static final Long ZERO = 0L;
  private static final Long ONE = 1L;

  /** Which fields of a row hold bytes ({@code BLOB}); empty: none. */
  private final boolean[] binary;

  /**
   * @param capacity the values to make room for at first
   * @param binary which of a row's fields hold bytes: a {@code BLOB} column's
   */
  public SqliteRows(int capacity, boolean[] binary) {
    super(capacity, "SQLite");
    this.binary = binary.clone();
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
    addText(numericText(unscaled, scale));
  }

  @Override
  public void writeDate(int daysSince2000) {
    addText(dateText(daysSince2000));
  }

  @Override
  public void writeTime(long microsOfDay) {
    addText(timeText(microsOfDay));
  }

  @Override
  public void writeTimestamp(long microsSince2000) {
    addText(timestampText(microsSince2000));
  }

  @Override
  public void writeUuid(long msb, long lsb) {
    add(new java.util.UUID(msb, lsb).toString(), 36);
  }

  @Override
  public void writeBytes(byte[] b, int off, int len) {
    int f = field();
    if (f >= 0 && f < binary.length && binary[f]) {
      add(Arrays.copyOfRange(b, off, off + len), len);
    } else {
      add(new String(b, off, len, StandardCharsets.UTF_8), len);
    }
  }

  @Override
  public void writeText(String s) {
    addText(s);
  }

  @Override
  public void writeJsonb(String json) {
    writeText(json);
  }

  /** An IPv4 host address as dotted text; a network has no SQLite form. */
  @Override
  public void writeInet(int address, int bits, boolean cidr) {
    if (cidr || bits != 32) {
      throw postgresOnly((cidr ? "cidr" : "inet") + " with a network prefix (/" + bits + ")");
    }
    addText(ipv4Text(address));
  }

  private void addText(String s) {
    add(s, s.length());
  }
}
