package io.spate.engine.encode;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.spate.protocol.schema.Column;
import io.spate.protocol.schema.SqlType;
import java.nio.charset.StandardCharsets;
import java.time.LocalDate;
import java.time.LocalDateTime;
import java.time.temporal.ChronoUnit;
import java.util.Arrays;
import java.util.List;
import java.util.Locale;
import java.util.UUID;
import java.util.function.Consumer;
import org.junit.jupiter.api.Test;

class CsvWriterTest {

  private static final LocalDateTime EPOCH_2000 = LocalDateTime.of(2000, 1, 1, 0, 0);

  /** The text of a one-field row of a column of {@code column} written by {@code write}. */
  private static String field(Column column, Consumer<CsvWriter> write) {
    CsvWriter w = new CsvWriter(List.of(column), 0);
    w.startRow(1);
    write.accept(w);
    String line = text(w);
    assertEquals('\n', line.charAt(line.length() - 1), "a row ends with LF");
    return line.substring(0, line.length() - 1);
  }

  private static String field(SqlType type, Consumer<CsvWriter> write) {
    return field(Column.of("c", type), write);
  }

  private static String text(CsvWriter w) {
    return new String(w.array(), 0, w.size(), StandardCharsets.UTF_8);
  }

  private static Column arrayOf(SqlType element) {
    return arrayOf(Column.of("c", element), SqlType.ARRAY);
  }

  private static Column arrayOf(Column element, SqlType type) {
    return new Column(
        "c",
        type,
        type.name().toLowerCase(Locale.ROOT),
        -1,
        -1,
        -1,
        true,
        false,
        false,
        null,
        0,
        element,
        List.of(),
        List.of());
  }

  @Test
  void fieldsAreCommaSeparatedAndEveryRecordEndsWithLf() {
    CsvWriter w =
        new CsvWriter(
            List.of(
                Column.of("a", SqlType.INTEGER),
                Column.of("b", SqlType.TEXT),
                Column.of("c", SqlType.TEXT)),
            4);
    for (int row = 0; row < 2; row++) {
      w.startRow(3);
      w.writeInt4(row);
      w.writeNull();
      w.writeText("x");
    }
    assertEquals("0,,x\n1,,x\n", text(w));
  }

  @Test
  void nullIsAnEmptyUnquotedFieldAndTheEmptyStringIsQuoted() {
    assertEquals("", field(SqlType.TEXT, CsvWriter::writeNull));
    assertEquals("\"\"", field(SqlType.TEXT, w -> w.writeText("")));
    assertEquals("NULL", field(SqlType.TEXT, w -> w.writeText("NULL")), "the word is text");
  }

  @Test
  void aFieldWithCommaQuoteCrOrLfIsQuotedWithItsQuotesDoubled() {
    assertEquals("\"a,b\"", field(SqlType.TEXT, w -> w.writeText("a,b")));
    assertEquals("\"say \"\"hi\"\"\"", field(SqlType.TEXT, w -> w.writeText("say \"hi\"")));
    assertEquals("\"a\r\nb\"", field(SqlType.TEXT, w -> w.writeText("a\r\nb")));
    assertEquals("a b\\t'", field(SqlType.TEXT, w -> w.writeText("a b\\t'")), "no quotes needed");
    assertEquals("\"\\.\"", field(SqlType.TEXT, w -> w.writeText("\\.")), "COPY's end marker");
  }

  @Test
  void textIsUtf8IncludingFourByteForms() {
    assertEquals("é€😀", field(SqlType.TEXT, w -> w.writeText("é€😀")));
    assertEquals("a?b", field(SqlType.TEXT, w -> w.writeText("a\uD800b")), "unpaired surrogate");
  }

  @Test
  void numbersAreDecimalWithTheirScaleAndFloatsReadBackExactly() {
    assertEquals("-32768", field(SqlType.SMALLINT, w -> w.writeInt2(-32768)));
    assertEquals("-9223372036854775808", field(SqlType.BIGINT, w -> w.writeInt8(Long.MIN_VALUE)));
    assertEquals("-12.50", field(SqlType.NUMERIC, w -> w.writeNumeric(-1250, 2)));
    assertEquals("0.05", field(SqlType.NUMERIC, w -> w.writeNumeric(5, 2)));
    assertEquals("1234.56", field(SqlType.MONEY, w -> w.writeMoney(123456)));
    assertEquals(0.1f, Float.parseFloat(field(SqlType.REAL, w -> w.writeFloat4(0.1f))));
    assertEquals(1e300, Double.parseDouble(field(SqlType.DOUBLE, w -> w.writeFloat8(1e300))));
    assertEquals("NaN", field(SqlType.DOUBLE, w -> w.writeFloat8(Double.NaN)));
    assertEquals("-Infinity", field(SqlType.DOUBLE, w -> w.writeFloat8(Double.NEGATIVE_INFINITY)));
    assertEquals("true", field(SqlType.BOOLEAN, w -> w.writeBool(true)));
    assertEquals("false", field(SqlType.BOOLEAN, w -> w.writeBool(false)));
  }

  @Test
  void datesTimesAndTimestampsAreIsoWithTimestamptzInUtc() {
    int days = (int) ChronoUnit.DAYS.between(EPOCH_2000.toLocalDate(), LocalDate.of(1999, 2, 28));
    assertEquals("1999-02-28", field(SqlType.DATE, w -> w.writeDate(days)));
    assertEquals("13:05:09.0001", field(SqlType.TIME, w -> w.writeTime(47_109_000_100L)));
    long micros = ChronoUnit.MICROS.between(EPOCH_2000, LocalDateTime.of(2024, 2, 29, 23, 59, 1));
    assertEquals("2024-02-29 23:59:01", field(SqlType.TIMESTAMP, w -> w.writeTimestamp(micros)));
    assertEquals(
        "2024-02-29 23:59:01.5+00",
        field(SqlType.TIMESTAMPTZ, w -> w.writeTimestamp(micros + 500_000)));
  }

  @Test
  void uuidByteaAndBitsTakePostgresTextForms() {
    UUID u = UUID.fromString("0123abcd-4567-89ef-0123-456789abcdef");
    assertEquals(
        u.toString(),
        field(
            SqlType.UUID,
            w -> w.writeUuid(u.getMostSignificantBits(), u.getLeastSignificantBits())));
    byte[] bytes = {0, (byte) 0xFF, ',', '"'};
    assertEquals("\\x00ff2c22", field(SqlType.BYTEA, w -> w.writeBytes(bytes, 0, 4)));
    assertEquals(
        "\",\"\"\"", field(SqlType.TEXT, w -> w.writeBytes(bytes, 2, 2)), "text bytes as text");
    assertEquals(
        "1010000011",
        field(SqlType.BIT, w -> w.writeBits(new byte[] {(byte) 0xA0, (byte) 0xC0}, 10)));
  }

  @Test
  void networkAddressesIntervalsAndZonedTimesTakePostgresTextForms() {
    int address = 10 << 24 | 1 << 16 | 2 << 8 | 3;
    assertEquals("10.1.2.3", field(SqlType.INET, w -> w.writeInet(address, 32, false)));
    assertEquals("10.1.2.3/8", field(SqlType.INET, w -> w.writeInet(address, 8, false)));
    assertEquals(
        "10.1.0.0/16", field(SqlType.CIDR, w -> w.writeInet(10 << 24 | 1 << 16, 16, true)));
    assertEquals("08:00:2b:01:02:03", field(SqlType.MACADDR, w -> w.writeMacaddr(0x08002b010203L)));
    assertEquals("00:00:00", field(SqlType.INTERVAL, w -> w.writeInterval(0, 0, 0)));
    assertEquals(
        "1 year 2 mons -3 days +04:05:06.789",
        field(SqlType.INTERVAL, w -> w.writeInterval(14_706_789_000L, -3, 14)));
    assertEquals("1 day", field(SqlType.INTERVAL, w -> w.writeInterval(0, 1, 0)));
    assertEquals("-00:00:01", field(SqlType.INTERVAL, w -> w.writeInterval(-1_000_000, 0, 0)));
    assertEquals(
        "100:00:00", field(SqlType.INTERVAL, w -> w.writeInterval(360_000_000_000L, 0, 0)));
    assertEquals("10:00:00+02", field(SqlType.TIMETZ, w -> w.writeTimeTz(36_000_000_000L, -7200)));
    assertEquals(
        "10:00:00-03:30", field(SqlType.TIMETZ, w -> w.writeTimeTz(36_000_000_000L, 12_600)));
  }

  @Test
  void arraysArePostgresLiteralsWithElementsQuotedByArrayRulesThenTheFieldByCsvRules() {
    assertEquals(
        "\"{1,NULL,3}\"",
        field(
            arrayOf(SqlType.INTEGER),
            w -> {
              int f = w.beginArray(23, 3, true);
              w.writeInt4(1);
              w.writeNull();
              w.writeInt4(3);
              w.endField(f);
            }));
    assertEquals("{}", field(arrayOf(SqlType.TEXT), w -> w.endField(w.beginArray(25, 0, false))));
    // a b, "q", the word NULL, the empty string, a backslash; then the CSV field doubles quotes.
    assertEquals(
        "\"{\"\"a b\"\",\"\"\\\"\"q\\\"\"\"\",\"\"null\"\",\"\"\"\",\"\"\\\\\"\"}\"",
        field(
            arrayOf(SqlType.TEXT),
            w -> {
              int f = w.beginArray(25, 5, false);
              w.writeText("a b");
              w.writeText("\"q\"");
              w.writeText("null");
              w.writeText("");
              w.writeText("\\");
              w.endField(f);
            }));
    assertEquals(
        "\"{\"\"\\\\x01\"\"}\"",
        field(
            arrayOf(SqlType.BYTEA),
            w -> {
              int f = w.beginArray(17, 1, false);
              w.writeBytes(new byte[] {1}, 0, 1);
              w.endField(f);
            }));
  }

  @Test
  void rangesArePostgresLiterals() {
    Column ints = arrayOf(Column.of("c", SqlType.INTEGER), SqlType.RANGE);
    assertEquals(
        "\"[1,10)\"",
        field(
            ints,
            w -> {
              int f = w.beginRange(CopyBinaryWriter.RANGE_LB_INC);
              w.writeInt4(1);
              w.writeInt4(10);
              w.endField(f);
            }));
    assertEquals(
        "\"(,5]\"",
        field(
            ints,
            w -> {
              int f = w.beginRange(CopyBinaryWriter.RANGE_LB_INF | CopyBinaryWriter.RANGE_UB_INC);
              w.writeInt4(5);
              w.endField(f);
            }));
    assertEquals(
        "\"[5,)\"",
        field(
            ints,
            w -> {
              int f = w.beginRange(CopyBinaryWriter.RANGE_LB_INC | CopyBinaryWriter.RANGE_UB_INF);
              w.writeInt4(5);
              w.endField(f);
            }));
    assertEquals("empty", field(ints, w -> w.endField(w.beginRange(CopyBinaryWriter.RANGE_EMPTY))));
    Column stamps = arrayOf(Column.of("c", SqlType.TIMESTAMP), SqlType.RANGE);
    assertEquals(
        "\"[\"\"2000-01-01 00:00:00\"\",\"\"2000-01-02 00:00:00\"\")\"",
        field(
            stamps,
            w -> {
              int f = w.beginRange(CopyBinaryWriter.RANGE_LB_INC);
              w.writeTimestamp(0);
              w.writeTimestamp(86_400_000_000L);
              w.endField(f);
            }));
  }

  @Test
  void aFieldBuiltFromBytesIsQuotedAsAnyOther() {
    assertEquals(
        "\"ab,c\"",
        field(
            SqlType.TEXT,
            w -> {
              int f = w.beginField();
              w.putAscii(new byte[] {'a', 'b'}, 0, 2);
              w.putByte(',');
              w.putByte('c');
              w.endField(f);
            }));
  }

  @Test
  void encodedValuesAreReplayedFromTheirBinaryForm() {
    assertReplays(SqlType.INTEGER, w -> w.writeInt4(-7));
    assertReplays(SqlType.NUMERIC, w -> w.writeNumeric(-123_456_789, 4));
    assertReplays(SqlType.NUMERIC, w -> w.writeNumeric(5_000_000, 0));
    assertReplays(SqlType.NUMERIC, w -> w.writeNumeric(0, 3));
    assertReplays(SqlType.DOUBLE, w -> w.writeFloat8(-2.5e-7));
    assertReplays(SqlType.TIMESTAMPTZ, w -> w.writeTimestamp(123_456_789_012L));
    assertReplays(SqlType.TEXT, w -> w.writeText("a,\"b\""));
    assertReplays(SqlType.JSONB, w -> w.writeJsonb("{\"k\": [1, 2]}"));
    assertReplays(SqlType.BYTEA, w -> w.writeBytes(new byte[] {1, 2, (byte) 0xFE}, 0, 3));
    assertReplays(SqlType.VARBIT, w -> w.writeBits(new byte[] {(byte) 0xB0}, 4));
    assertReplays(SqlType.MACADDR, w -> w.writeMacaddr(0xFFEEDDCCBBAAL));
    assertReplays(SqlType.INTERVAL, w -> w.writeInterval(-5, 3, -1));
    assertReplays(SqlType.TIMETZ, w -> w.writeTimeTz(1, -19_800));
    assertReplays(
        arrayOf(SqlType.TEXT),
        w -> {
          int f = w.beginArray(25, 2, true);
          w.writeText("x y");
          w.writeNull();
          w.endField(f);
        });
    assertReplays(
        arrayOf(Column.of("c", SqlType.DATE), SqlType.RANGE),
        w -> {
          int f = w.beginRange(CopyBinaryWriter.RANGE_LB_INC | CopyBinaryWriter.RANGE_UB_INC);
          w.writeDate(1);
          w.writeDate(2);
          w.endField(f);
        });
  }

  private static void assertReplays(SqlType type, Consumer<RowWriter> write) {
    assertReplays(Column.of("c", type), write);
  }

  /** The value written directly and written from its binary form make the same CSV. */
  private static void assertReplays(Column column, Consumer<RowWriter> write) {
    CopyBinaryWriter binary = new CopyBinaryWriter(0);
    write.accept(binary);
    Encoded encoded = new Encoded(Arrays.copyOfRange(binary.array(), 4, binary.size()), null);
    assertEquals(field(column, write::accept), field(column, w -> w.writeEncoded(encoded)));
  }

  @Test
  void theHeaderQuotesNamesAsFields() {
    assertEquals(
        "id,\"a,b\",\"\"\"q\"\"\"\n",
        new String(CsvWriter.header(List.of("id", "a,b", "\"q\"")), StandardCharsets.UTF_8));
  }

  @Test
  void postgresOnlyBinaryFormsThrowNamingTheColumn() {
    Column shape =
        new Column("shape", SqlType.POINT, "point", -1, -1, -1, true, false, false, null);
    CsvWriter w = new CsvWriter(List.of(shape), 0);
    w.startRow(1);
    w.beginField();
    UnsupportedOperationException e =
        assertThrows(UnsupportedOperationException.class, () -> w.putFloat8(1.0));
    assertTrue(e.getMessage().contains("shape of type point"), e.getMessage());
    assertThrows(UnsupportedOperationException.class, () -> w.beginTsVector(1));
  }

  @Test
  void aRowMustHaveOneFieldPerColumnAndStartAfterTheLastOneEnded() {
    CsvWriter w = new CsvWriter(List.of(Column.of("a", SqlType.INTEGER)), 0);
    assertThrows(IllegalArgumentException.class, () -> w.startRow(2));
    w.startRow(1);
    w.writeInt4(1);
    assertThrows(IllegalStateException.class, () -> w.writeInt4(2));
    w.startRow(1);
    assertThrows(IllegalStateException.class, () -> w.startRow(1));
  }

  @Test
  void resetKeepsTheBufferAndEmptiesIt() {
    CsvWriter w = new CsvWriter(List.of(Column.of("a", SqlType.TEXT)), 0);
    w.startRow(1);
    w.writeText("x".repeat(100));
    byte[] buffer = w.array();
    w.reset();
    assertEquals(0, w.size());
    w.startRow(1);
    w.writeText("y");
    assertEquals("y\n", text(w));
    assertTrue(buffer == w.array());
  }
}
