package io.spate.db.h2;

import io.spate.engine.encode.BindValueWriter;
import io.spate.engine.encode.RowWriter;
import java.math.BigDecimal;
import java.nio.charset.StandardCharsets;
import java.time.LocalDate;
import java.time.LocalDateTime;
import java.time.LocalTime;
import java.time.OffsetDateTime;
import java.time.ZoneOffset;
import java.util.Arrays;
import java.util.UUID;

/**
 * Rows as the Java objects a prepared {@code INSERT} binds, the ones H2's driver takes without a
 * conversion through text: the {@link RowWriter} of the H2 target, on {@link BindValueWriter}.
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
 */
public final class H2Rows extends BindValueWriter {

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

  /** Each field's kind, in row order; shorter than a row: the rest are {@link Field#PLAIN}. */
  private final Field[] fields;

  /**
   * @param capacity the values to make room for at first
   * @param fields each field's kind, in row order
   */
  public H2Rows(int capacity, Field[] fields) {
    super(capacity, "H2");
    this.fields = fields.clone();
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

  @Override
  public void writeText(String s) {
    if (kind() == Field.JSON) {
      add(s.getBytes(StandardCharsets.UTF_8), s.length());
    } else {
      add(s, s.length());
    }
  }

  @Override
  public void writeJsonb(String json) {
    add(json.getBytes(StandardCharsets.UTF_8), json.length());
  }

  @Override
  public void writeInet(int address, int bits, boolean cidr) {
    throw postgresOnly(cidr ? "cidr" : "inet");
  }

  /** Starts an array: its elements follow as values, {@link #endField} binds them as one. */
  @Override
  public int beginArray(int elementOid, int count, boolean hasNulls) {
    return beginElements(count);
  }

  private Field kind() {
    int f = field();
    return f >= 0 && f < fields.length ? fields[f] : Field.PLAIN;
  }
}
