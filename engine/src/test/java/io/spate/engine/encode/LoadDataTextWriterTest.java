package io.spate.engine.encode;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;

import java.nio.charset.StandardCharsets;
import java.time.LocalDate;
import java.time.LocalDateTime;
import java.time.temporal.ChronoUnit;
import java.util.Arrays;
import java.util.UUID;
import java.util.function.Consumer;
import org.junit.jupiter.api.Test;

class LoadDataTextWriterTest {

  private static final LocalDateTime EPOCH_2000 = LocalDateTime.of(2000, 1, 1, 0, 0);

  /** The text of one row of one field written by {@code write}, without its LF. */
  private static String field(Consumer<LoadDataTextWriter> write) {
    LoadDataTextWriter w = new LoadDataTextWriter(0);
    w.startRow(1);
    write.accept(w);
    String line = new String(Arrays.copyOf(w.array(), w.size()), StandardCharsets.UTF_8);
    assertEquals('\n', line.charAt(line.length() - 1), "a row ends with LF");
    return line.substring(0, line.length() - 1);
  }

  @Test
  void fieldsAreTabSeparatedAndRowsEndWithLf() {
    LoadDataTextWriter w = new LoadDataTextWriter(4);
    for (int row = 0; row < 2; row++) {
      w.startRow(3);
      w.writeInt4(row);
      w.writeNull();
      w.writeText("x");
    }
    assertEquals(
        "0\t\\N\tx\n1\t\\N\tx\n", new String(w.array(), 0, w.size(), StandardCharsets.UTF_8));
  }

  @Test
  void nullIsBackslashNAndTheTextsNullAndBackslashNAreText() {
    assertEquals("\\N", field(LoadDataTextWriter::writeNull));
    assertEquals("NULL", field(w -> w.writeText("NULL")));
    assertEquals("\\\\N", field(w -> w.writeText("\\N")));
    assertEquals("", field(w -> w.writeText("")));
  }

  @Test
  void textEscapesBackslashTabLfCrAndNul() {
    assertEquals("a\\tb\\nc\\rd\\\\e\\0f", field(w -> w.writeText("a\tb\nc\rd\\e\0f")));
  }

  @Test
  void textKeepsMultiByteUtf8IncludingFourByteForms() {
    String s = "é€😀\t😀";
    String expected = "é€😀\\t😀";
    assertEquals(expected, field(w -> w.writeText(s)));
    assertEquals("a?b", field(w -> w.writeText("a\uD800b")), "an unpaired surrogate");
  }

  @Test
  void bytesAreEscapedSoEveryByteArrivesExact() {
    byte[] all = new byte[256];
    for (int i = 0; i < 256; i++) {
      all[i] = (byte) i;
    }
    LoadDataTextWriter w = new LoadDataTextWriter(0);
    w.startRow(1);
    w.writeBytes(all, 0, all.length);
    byte[] out = Arrays.copyOf(w.array(), w.size());
    assertEquals(256 + 5 + 1, out.length, "five escaped bytes and the LF");
    assertEquals(all.length, unescape(out, out.length - 1).length);
    assertEquals(Arrays.toString(all), Arrays.toString(unescape(out, out.length - 1)));
  }

  /** The server's reading of an escaped field. */
  private static byte[] unescape(byte[] in, int length) {
    byte[] out = new byte[length];
    int n = 0;
    for (int i = 0; i < length; i++) {
      byte b = in[i];
      if (b == '\\') {
        byte e = in[++i];
        b =
            switch (e) {
              case 't' -> '\t';
              case 'n' -> '\n';
              case 'r' -> '\r';
              case '0' -> 0;
              default -> e;
            };
      } else if (b == '\t' || b == '\n') {
        throw new AssertionError("unescaped separator at " + i);
      }
      out[n++] = b;
    }
    return Arrays.copyOf(out, n);
  }

  @Test
  void integersInDecimal() {
    assertEquals("-32768", field(w -> w.writeInt2(-32768)));
    assertEquals("-1", field(w -> w.writeInt2(0xFFFF)), "truncated to 16 bits");
    assertEquals("2147483647", field(w -> w.writeInt4(Integer.MAX_VALUE)));
    assertEquals("0", field(w -> w.writeInt8(0)));
    assertEquals("-9223372036854775808", field(w -> w.writeInt8(Long.MIN_VALUE)));
    assertEquals("9223372036854775807", field(w -> w.writeInt8(Long.MAX_VALUE)));
  }

  @Test
  void decimalsAreExactFromUnscaledAndScale() {
    assertEquals("123.45", field(w -> w.writeNumeric(12345, 2)));
    assertEquals("-0.05", field(w -> w.writeNumeric(-5, 2)));
    assertEquals("0.00", field(w -> w.writeNumeric(0, 2)));
    assertEquals("7", field(w -> w.writeNumeric(7, 0)));
    assertEquals("-9.223372036854775808", field(w -> w.writeNumeric(Long.MIN_VALUE, 18)));
    assertEquals("0.000000000000000001", field(w -> w.writeNumeric(1, 18)));
    assertEquals("12.34", field(w -> w.writeMoney(1234)));
    assertThrows(IllegalArgumentException.class, () -> field(w -> w.writeNumeric(1, 19)));
  }

  @Test
  void floatsAndDoublesReadBackToTheSameValue() {
    double[] doubles = {
      0.1, -1.0 / 3, Double.MIN_VALUE, Double.MAX_VALUE, 1e22, -0.0, 123456789.125
    };
    for (double d : doubles) {
      assertEquals(d, Double.parseDouble(field(w -> w.writeFloat8(d))));
    }
    float[] floats = {0.1f, -1.0f / 3, Float.MIN_VALUE, Float.MAX_VALUE, 16777217f};
    for (float f : floats) {
      assertEquals(f, Float.parseFloat(field(w -> w.writeFloat4(f))));
    }
    assertThrows(IllegalArgumentException.class, () -> field(w -> w.writeFloat8(Double.NaN)));
    assertThrows(
        IllegalArgumentException.class, () -> field(w -> w.writeFloat4(Float.POSITIVE_INFINITY)));
  }

  @Test
  void booleansAreOneAndZero() {
    assertEquals("1", field(w -> w.writeBool(true)));
    assertEquals("0", field(w -> w.writeBool(false)));
  }

  @Test
  void datesFromDaysSince2000MatchJavaTimeAcrossTheCalendar() {
    LocalDate epoch = LocalDate.of(2000, 1, 1);
    for (LocalDate d = LocalDate.of(1000, 1, 1);
        d.isBefore(LocalDate.of(9999, 12, 31));
        d = d.plusDays(997)) {
      int days = (int) ChronoUnit.DAYS.between(epoch, d);
      assertEquals(d.toString(), field(w -> w.writeDate(days)));
    }
    assertEquals("2000-02-29", field(w -> w.writeDate(59)));
    assertEquals("1999-12-31", field(w -> w.writeDate(-1)));
    assertEquals("9999-12-31", field(w -> w.writeDate(2_921_939)));
    assertThrows(IllegalArgumentException.class, () -> field(w -> w.writeDate(2_921_940)));
  }

  @Test
  void timesAndTimestampsFromMicrosWithFractionOnlyWhenThere() {
    assertEquals("00:00:00", field(w -> w.writeTime(0)));
    assertEquals("23:59:59.999999", field(w -> w.writeTime(86_399_999_999L)));
    assertEquals(
        "12:30:05.5", field(w -> w.writeTime((12 * 3600 + 30 * 60 + 5) * 1_000_000L + 500_000)));
    assertEquals("01:00:00.000001", field(w -> w.writeTime(3_600_000_001L)));
    LocalDateTime t = LocalDateTime.of(2024, 2, 29, 13, 14, 15, 123_000_000);
    long micros = ChronoUnit.MICROS.between(EPOCH_2000, t);
    assertEquals("2024-02-29 13:14:15.123", field(w -> w.writeTimestamp(micros)));
    assertEquals("1999-12-31 23:59:59.999999", field(w -> w.writeTimestamp(-1)));
  }

  @Test
  void uuidsInTheirTextForm() {
    UUID u = UUID.fromString("0123abcd-4567-89ef-fedc-ba9876543210");
    assertEquals(
        u.toString(),
        field(w -> w.writeUuid(u.getMostSignificantBits(), u.getLeastSignificantBits())));
  }

  @Test
  void bitsAreTheValuesBytesRightAligned() {
    // bit(10) 1011001101 arrives left-aligned as 10110011 01000000; its value is 0x2CD.
    LoadDataTextWriter out = new LoadDataTextWriter(0);
    out.startRow(1);
    out.writeBits(new byte[] {(byte) 0b1011_0011, (byte) 0b0100_0000}, 10);
    assertEquals("[2, -51, 10]", Arrays.toString(Arrays.copyOf(out.array(), out.size())));
    // bit(8) 00001001 is the tab byte: escaped.
    assertEquals("\\t", field(w -> w.writeBits(new byte[] {9}, 8)));
  }

  @Test
  void fieldsBuiltBytewiseAreEscapedToo() {
    assertEquals(
        "ab\\\\c\\t",
        field(
            w -> {
              int token = w.beginField();
              w.putAscii(new byte[] {'a', 'b', '\\'}, 0, 3);
              w.putByte('c');
              w.putByte('\t');
              w.endField(token);
            }));
    assertEquals("{\"a\": 1}", field(w -> w.writeJsonb("{\"a\": 1}")));
  }

  @Test
  void anIpv4HostAddressIsDottedDecimal() {
    assertEquals("192.168.0.255", field(w -> w.writeInet(0xC0A800FF, 32, false)));
    assertEquals("0.0.0.0", field(w -> w.writeInet(0, 32, false)));
    assertEquals("255.255.255.255", field(w -> w.writeInet(-1, 32, false)));
  }

  @Test
  void postgresOnlyFormsFailClearly() {
    LoadDataTextWriter w = new LoadDataTextWriter(0);
    w.startRow(1);
    UnsupportedOperationException e =
        assertThrows(UnsupportedOperationException.class, () -> w.writeInet(1, 24, true));
    assertEquals(
        "cidr with a network prefix (/24) exists only in PostgreSQL; MariaDB and MySQL LOAD DATA"
            + " have no form for it",
        e.getMessage());
    assertThrows(UnsupportedOperationException.class, () -> w.writeInet(1, 31, false));
    assertThrows(UnsupportedOperationException.class, () -> w.beginArray(23, 1, false));
    assertThrows(UnsupportedOperationException.class, () -> w.beginRange(0));
    assertThrows(UnsupportedOperationException.class, () -> w.putFloat8(1));
  }

  @Test
  void aRowWithTooManyOrTooFewFieldsIsRefused() {
    LoadDataTextWriter w = new LoadDataTextWriter(0);
    w.startRow(1);
    w.writeInt4(1);
    assertThrows(IllegalStateException.class, () -> w.writeInt4(2));
    w.startRow(2);
    w.writeInt4(1);
    assertThrows(IllegalStateException.class, () -> w.startRow(2));
  }
}
