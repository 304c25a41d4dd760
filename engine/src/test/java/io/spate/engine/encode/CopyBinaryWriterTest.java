package io.spate.engine.encode;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertSame;
import static org.junit.jupiter.api.Assertions.assertThrows;

import java.io.ByteArrayOutputStream;
import java.io.DataOutputStream;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.math.BigDecimal;
import java.nio.charset.StandardCharsets;
import java.util.Arrays;
import java.util.HexFormat;
import java.util.SplittableRandom;
import java.util.function.Consumer;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.Arguments;
import org.junit.jupiter.params.provider.MethodSource;

class CopyBinaryWriterTest {

  private static final int POSITIVE = 0x0000;
  private static final int NEGATIVE = 0x4000;

  @Test
  void headerIsSignatureThenZeroFlagsAndExtensionLength() {
    CopyBinaryWriter writer = new CopyBinaryWriter(0);
    writer.writeHeader();
    assertArrayEquals(
        bytes(
            'P', 'G', 'C', 'O', 'P', 'Y', '\n', 0xFF, '\r', '\n', 0, // signature
            0, 0, 0, 0, // flags
            0, 0, 0, 0), // header extension length
        written(writer));
  }

  @Test
  void trailerIsMinusOneInt16() {
    CopyBinaryWriter writer = new CopyBinaryWriter(0);
    writer.writeTrailer();
    assertArrayEquals(bytes(0xFF, 0xFF), written(writer));
  }

  @Test
  void rowOfFixedWidthFields() {
    CopyBinaryWriter writer = new CopyBinaryWriter(1);
    writer.startRow(5);
    writer.writeInt2(-2);
    writer.writeInt4(0x01020304);
    writer.writeInt8(-1L);
    writer.writeNull();
    writer.writeBool(true);
    assertArrayEquals(
        bytes(
            0, 5, // field count
            0, 0, 0, 2, 0xFF, 0xFE, // int2
            0, 0, 0, 4, 1, 2, 3, 4, // int4
            0, 0, 0, 8, 0xFF, 0xFF, 0xFF, 0xFF, 0xFF, 0xFF, 0xFF, 0xFF, // int8
            0xFF, 0xFF, 0xFF, 0xFF, // NULL
            0, 0, 0, 1, 1), // bool
        written(writer));
  }

  @Test
  void extremeIntegers() {
    CopyBinaryWriter writer = new CopyBinaryWriter(0);
    writer.writeInt2(Short.MIN_VALUE);
    writer.writeInt4(Integer.MIN_VALUE);
    writer.writeInt8(Long.MIN_VALUE);
    writer.writeBool(false);
    assertArrayEquals(
        bytes(
            0, 0, 0, 2, 0x80, 0, //
            0, 0, 0, 4, 0x80, 0, 0, 0, //
            0, 0, 0, 8, 0x80, 0, 0, 0, 0, 0, 0, 0, //
            0, 0, 0, 1, 0),
        written(writer));
  }

  @Test
  void floatsAreIeeeBitsBigEndian() {
    CopyBinaryWriter writer = new CopyBinaryWriter(0);
    writer.writeFloat4(1.5f);
    writer.writeFloat8(-2.0);
    assertArrayEquals(
        bytes(
            0, 0, 0, 4, 0x3F, 0xC0, 0, 0, //
            0, 0, 0, 8, 0xC0, 0, 0, 0, 0, 0, 0, 0),
        written(writer));
  }

  @Test
  void dateTimeAndTimestamp() {
    CopyBinaryWriter writer = new CopyBinaryWriter(0);
    writer.writeDate(-1);
    writer.writeTime(1_000_000L);
    writer.writeTimestamp(0x0102030405060708L);
    assertArrayEquals(
        bytes(
            0, 0, 0, 4, 0xFF, 0xFF, 0xFF, 0xFF, //
            0, 0, 0, 8, 0, 0, 0, 0, 0, 0x0F, 0x42, 0x40, //
            0, 0, 0, 8, 1, 2, 3, 4, 5, 6, 7, 8),
        written(writer));
  }

  @Test
  void uuidIsMostSignificantHalfFirst() {
    CopyBinaryWriter writer = new CopyBinaryWriter(0);
    writer.writeUuid(0x0011223344556677L, 0x8899AABBCCDDEEFFL);
    assertArrayEquals(
        bytes(
            0, 0, 0, 16, //
            0x00, 0x11, 0x22, 0x33, 0x44, 0x55, 0x66, 0x77, //
            0x88, 0x99, 0xAA, 0xBB, 0xCC, 0xDD, 0xEE, 0xFF),
        written(writer));
  }

  @Test
  void bytesAreLengthPrefixedSlice() {
    CopyBinaryWriter writer = new CopyBinaryWriter(0);
    writer.writeBytes(bytes(9, 8, 7, 6), 1, 2);
    writer.writeBytes(new byte[0], 0, 0);
    assertArrayEquals(bytes(0, 0, 0, 2, 8, 7, 0, 0, 0, 0), written(writer));
    assertThrows(IndexOutOfBoundsException.class, () -> writer.writeBytes(new byte[2], 1, 2));
    assertEquals(10, writer.size());
  }

  @Test
  void textIsUtf8LikeStringGetBytes() {
    String[] samples = {
      "",
      "plain ascii",
      "é",
      "żółw",
      "日本語",
      "emoji \uD83D\uDE00 pair",
      "lone \uD800 high",
      "lone \uDC00 low",
      "end \uD83D",
      "\u007F\u0080\u07FF\u0800\uFFFF"
    };
    for (String sample : samples) {
      CopyBinaryWriter writer = new CopyBinaryWriter(0);
      writer.writeText(sample);
      assertArrayEquals(field(sample.getBytes(StandardCharsets.UTF_8)), written(writer), sample);
    }
  }

  @Test
  void jsonbIsVersionOneThenText() {
    CopyBinaryWriter writer = new CopyBinaryWriter(0);
    writer.writeJsonb("{\"a\":\"ä\"}");
    byte[] text = "{\"a\":\"ä\"}".getBytes(StandardCharsets.UTF_8);
    byte[] expected = new byte[text.length + 1];
    expected[0] = 1;
    System.arraycopy(text, 0, expected, 1, text.length);
    assertArrayEquals(field(expected), written(writer));
  }

  @Test
  void fieldBuiltBytewiseGetsItsLengthPatched() {
    CopyBinaryWriter writer = new CopyBinaryWriter(2);
    writer.startRow(2);
    int lengthPosition = writer.beginField();
    assertEquals(2, lengthPosition);
    writer.putAscii("abc".getBytes(StandardCharsets.US_ASCII), 1, 2);
    for (int i = 0; i < 300; i++) {
      writer.putByte('x');
    }
    writer.endField(lengthPosition);
    int emptyPosition = writer.beginField();
    writer.endField(emptyPosition);

    byte[] expected = new byte[2 + 4 + 302 + 4];
    expected[1] = 2;
    expected[4] = 0x01; // 302 = 0x012E
    expected[5] = 0x2E;
    expected[6] = 'b';
    expected[7] = 'c';
    Arrays.fill(expected, 8, 308, (byte) 'x');
    assertArrayEquals(expected, written(writer));
  }

  @Test
  void growsFromZeroAndResetKeepsTheBuffer() {
    CopyBinaryWriter writer = new CopyBinaryWriter(0);
    for (int i = 0; i < 10_000; i++) {
      writer.writeInt8(i);
    }
    assertEquals(120_000, writer.size());
    byte[] grown = writer.array();
    writer.reset();
    assertEquals(0, writer.size());
    writer.writeInt4(7);
    assertSame(grown, writer.array());
    assertArrayEquals(bytes(0, 0, 0, 4, 0, 0, 0, 7), written(writer));
  }

  static Stream<Arguments> numericCases() {
    return Stream.of(
        // unscaled, scale, expected: weight, sign, dscale, base-10000 digits
        numeric(0, 0, 0, POSITIVE, 0),
        numeric(0, 4, 0, POSITIVE, 4),
        numeric(1, 0, 0, POSITIVE, 0, 1),
        numeric(-1, 0, 0, NEGATIVE, 0, 1),
        numeric(1234, 2, 0, POSITIVE, 2, 12, 3400),
        numeric(-1234, 2, 0, NEGATIVE, 2, 12, 3400),
        numeric(1, 4, -1, POSITIVE, 4, 1),
        numeric(1, 5, -2, POSITIVE, 5, 1000),
        numeric(10_000, 0, 1, POSITIVE, 0, 1), // trailing zero digit stripped
        numeric(100_000_000, 8, 0, POSITIVE, 8, 1), // 1.00000000: fraction digits stripped
        numeric(9_999_999_999L, 2, 1, POSITIVE, 2, 9999, 9999, 9900),
        numeric(5000, 4, -1, POSITIVE, 4, 5000), // 0.5000: dscale kept
        numeric(50, 2, -1, POSITIVE, 2, 5000), // 0.50
        numeric(1_000_000_005, 4, 1, POSITIVE, 4, 10, 0, 5), // 100000.0005: inner zero kept
        numeric(Long.MAX_VALUE, 0, 4, POSITIVE, 0, 922, 3372, 368, 5477, 5807),
        numeric(Long.MIN_VALUE + 1, 0, 4, NEGATIVE, 0, 922, 3372, 368, 5477, 5807),
        numeric(Long.MIN_VALUE, 0, 4, NEGATIVE, 0, 922, 3372, 368, 5477, 5808),
        numeric(Long.MIN_VALUE, 18, 0, NEGATIVE, 18, 9, 2233, 7203, 6854, 7758, 800),
        numeric(123_456_789_012_345_678L, 18, -1, POSITIVE, 18, 1234, 5678, 9012, 3456, 7800));
  }

  private static Arguments numeric(
      long unscaled, int scale, int weight, int sign, int dscale, int... digits) {
    ByteArrayOutputStream out = new ByteArrayOutputStream();
    try (DataOutputStream data = new DataOutputStream(out)) {
      data.writeInt(8 + 2 * digits.length);
      data.writeShort(digits.length);
      data.writeShort(weight);
      data.writeShort(sign);
      data.writeShort(dscale);
      for (int digit : digits) {
        data.writeShort(digit);
      }
    } catch (IOException e) {
      throw new UncheckedIOException(e);
    }
    return Arguments.of(unscaled, scale, out.toByteArray());
  }

  @ParameterizedTest(name = "{0} scale {1}")
  @MethodSource("numericCases")
  void numericIsCanonical(long unscaled, int scale, byte[] expected) {
    CopyBinaryWriter fromLong = new CopyBinaryWriter(0);
    fromLong.writeNumeric(unscaled, scale);
    assertArrayEquals(expected, written(fromLong), "long path");

    CopyBinaryWriter fromBigDecimal = new CopyBinaryWriter(0);
    fromBigDecimal.writeNumeric(BigDecimal.valueOf(unscaled, scale));
    assertArrayEquals(expected, written(fromBigDecimal), "BigDecimal path");
  }

  @Test
  void numericLongAndBigDecimalPathsAgree() {
    SplittableRandom random = new SplittableRandom(20_240_601L);
    CopyBinaryWriter fromLong = new CopyBinaryWriter(0);
    CopyBinaryWriter fromBigDecimal = new CopyBinaryWriter(0);
    for (int i = 0; i < 200_000; i++) {
      // Spread magnitudes over every bit length, and make runs of zero digits likely.
      long unscaled = random.nextLong() >> random.nextInt(64);
      if (random.nextInt(4) == 0) {
        unscaled = unscaled / 10_000 * 10_000;
      }
      int scale = random.nextInt(19);
      fromLong.reset();
      fromBigDecimal.reset();
      fromLong.writeNumeric(unscaled, scale);
      fromBigDecimal.writeNumeric(BigDecimal.valueOf(unscaled, scale));
      assertArrayEquals(written(fromBigDecimal), written(fromLong), unscaled + " scale " + scale);
    }
  }

  @Test
  void bigDecimalBeyondTheLongPath() {
    // 1E+5 = 100000: negative scale means dscale 0.
    assertArrayEquals(numericBytes(1, 0, 0, 10), writtenNumeric(new BigDecimal("1E+5")));
    // -0.00 is zero: positive, no digits, dscale 2.
    assertArrayEquals(numericBytes(0, 0, 2), writtenNumeric(new BigDecimal("-0.00")));
    assertArrayEquals(numericBytes(0, 0, 0), writtenNumeric(new BigDecimal("0E+1000000000")));
    // 20 fraction digits, more than a long path scale allows.
    assertArrayEquals(
        numericBytes(-5, 0, 20, 1), writtenNumeric(new BigDecimal("0.00000000000000000001")));
    assertArrayEquals(
        numericBytes(5, NEGATIVE, 1, 1, 0, 0, 0, 0, 0, 5000),
        writtenNumeric(new BigDecimal("-100000000000000000000.5")));
  }

  @Test
  void numericRejectsScalesOutsideTheLongPath() {
    CopyBinaryWriter writer = new CopyBinaryWriter(0);
    assertThrows(IllegalArgumentException.class, () -> writer.writeNumeric(1, -1));
    assertThrows(IllegalArgumentException.class, () -> writer.writeNumeric(1, 19));
    assertThrows(
        IllegalArgumentException.class, () -> writer.writeNumeric(new BigDecimal("1E-16384")));
    assertEquals(0, writer.size());
  }

  // ---- the less common types: each expected value is what the server's *_send returned ----------

  /**
   * {@code SELECT inet_send('10.0.0.1/32'), inet_send('10.0.0.1/24'), cidr_send('10.1.0.0/16')}.
   */
  @Test
  void inetAndCidrAreFamilyBitsCidrFlagLengthAndAddress() {
    assertField("022000040a000001", w -> w.writeInet(0x0A000001, 32, false));
    assertField("021800040a000001", w -> w.writeInet(0x0A000001, 24, false));
    assertField("021001040a010000", w -> w.writeInet(0x0A010000, 16, true));
  }

  /** {@code SELECT macaddr_send('08:00:2b:01:02:03')}. */
  @Test
  void macaddrIsSixOctets() {
    assertField("08002b010203", w -> w.writeMacaddr(0x08002B010203L));
    assertField("ffffffffffff", w -> w.writeMacaddr(-1L)); // only the low 48 bits count
  }

  /**
   * {@code SELECT interval_send('1 mon 2 days 00:00:03'), interval_send('1 year 2 mons 3 days
   * 04:05:06.5'), interval_send('-1 day -02:00:00')}.
   */
  @Test
  void intervalIsMicrosDaysMonths() {
    assertField("00000000002dc6c00000000200000001", w -> w.writeInterval(3_000_000L, 2, 1));
    assertField(
        "000000036c9361a0000000030000000e",
        w -> w.writeInterval(((4 * 60 + 5) * 60 + 6) * 1_000_000L + 500_000, 3, 14));
    assertField(
        "fffffffe52d8b800ffffffff00000000", w -> w.writeInterval(-2 * 3_600_000_000L, -1, 0));
  }

  /**
   * {@code SELECT timetz_send('12:00:00+00'), timetz_send('12:00:00+02')}: the zone counts west.
   */
  @Test
  void timeWithTimeZoneIsMicrosThenSecondsWestOfUtc() {
    assertField("0000000a0eebb00000000000", w -> w.writeTimeTz(12 * 3_600_000_000L, 0));
    assertField("0000000a0eebb000ffffe3e0", w -> w.writeTimeTz(12 * 3_600_000_000L, -7200));
  }

  /** {@code SELECT cash_send('12.34'::money)}. */
  @Test
  void moneyIsCents() {
    assertField("00000000000004d2", w -> w.writeMoney(1234));
  }

  /** {@code SELECT bit_send(B'10101'::bit(5)), varbit_send(B'101'), bit_send(B'111'::bit(3))}. */
  @Test
  void bitsAreBitCountThenPaddedBytes() {
    assertField("00000005a8", w -> w.writeBits(bytes(0b1010_1000), 5));
    assertField("00000003a0", w -> w.writeBits(bytes(0b1011_1111), 3)); // padding bits cleared
    assertField("00000003e0", w -> w.writeBits(bytes(0xFF, 0xFF), 3));
    assertField("00000000", w -> w.writeBits(new byte[0], 0));
  }

  /**
   * {@code SELECT tsvectorsend('cat:1 bat:2'), tsvectorsend('cat bat'), tsvectorsend('a:1A,3 b')}:
   * lexemes sorted, each NUL-terminated with its positions (weight A is 3 in the top bits).
   */
  @Test
  void tsvectorIsCountThenLexemesWithPositions() {
    byte[] bat = "bat".getBytes(StandardCharsets.US_ASCII);
    byte[] cat = "cat".getBytes(StandardCharsets.US_ASCII);
    assertField(
        "0000000262617400000100026361740000010001",
        w -> {
          int field = w.beginTsVector(2);
          w.putTsLexeme(bat, 0, 3, new int[] {2}, 1);
          w.putTsLexeme(cat, 0, 3, new int[] {1, 99}, 1);
          w.endField(field);
        });
    assertField(
        "00000002626174000000636174000000",
        w -> {
          int field = w.beginTsVector(2);
          w.putTsLexeme(bat, 0, 3, new int[0], 0);
          w.putTsLexeme(cat, 0, 3, new int[0], 0);
          w.endField(field);
        });
    assertField(
        "0000000261000002c001000362000000",
        w -> {
          int field = w.beginTsVector(2);
          w.putTsLexeme(bytes('a'), 0, 1, new int[] {(3 << 14) | 1, 3}, 2);
          w.putTsLexeme(bytes('b'), 0, 1, new int[0], 0);
          w.endField(field);
        });
  }

  /**
   * {@code SELECT array_send(ARRAY[1,2]), array_send('{}'::int[]), array_send(ARRAY[1,NULL]),
   * array_send(ARRAY['ok','sad']::mood[])} (mood an enum of OID 22951).
   */
  @Test
  void arraysAreOneDimensionWithElementOidAndElementFields() {
    assertField(
        "000000010000000000000017000000020000000100000004000000010000000400000002",
        w -> {
          int field = w.beginArray(23, 2, false);
          w.writeInt4(1);
          w.writeInt4(2);
          w.endField(field);
        });
    assertField("000000000000000000000017", w -> w.endField(w.beginArray(23, 0, false)));
    assertField(
        "00000001000000010000001700000002000000010000000400000001ffffffff",
        w -> {
          int field = w.beginArray(23, 2, true);
          w.writeInt4(1);
          w.writeNull();
          w.endField(field);
        });
    assertField(
        "0000000100000000000059a70000000200000001000000026f6b00000003736164",
        w -> {
          int field = w.beginArray(22951, 2, false);
          w.writeText("ok");
          w.writeText("sad");
          w.endField(field);
        });
  }

  /**
   * {@code SELECT range_send('[1,5)'::int4range), range_send('[1.5,2.25)'::numrange),
   * range_send('[2000-01-01,2000-01-10)'::daterange),
   * range_send('[2000-01-01,2000-01-02)'::tsrange), range_send('[1,5)'::int8range),
   * range_send('empty'::int4range), range_send('[1,)'::int4range)}.
   */
  @Test
  void rangesAreFlagsThenBoundFields() {
    int inclusiveExclusive = CopyBinaryWriter.RANGE_LB_INC;
    assertField(
        "0200000004000000010000000400000005",
        w -> {
          int field = w.beginRange(inclusiveExclusive);
          w.writeInt4(1);
          w.writeInt4(5);
          w.endField(field);
        });
    assertField(
        "020000000c0002000000000001000113880000000c0002000000000002000209c4",
        w -> {
          int field = w.beginRange(inclusiveExclusive);
          w.writeNumeric(15, 1);
          w.writeNumeric(225, 2);
          w.endField(field);
        });
    assertField(
        "0200000004000000000000000400000009",
        w -> {
          int field = w.beginRange(inclusiveExclusive);
          w.writeDate(0);
          w.writeDate(9);
          w.endField(field);
        });
    assertField(
        "0200000008000000000000000000000008000000141dd76000",
        w -> {
          int field = w.beginRange(inclusiveExclusive);
          w.writeTimestamp(0);
          w.writeTimestamp(86_400_000_000L);
          w.endField(field);
        });
    assertField(
        "02000000080000000000000001000000080000000000000005",
        w -> {
          int field = w.beginRange(inclusiveExclusive);
          w.writeInt8(1);
          w.writeInt8(5);
          w.endField(field);
        });
    assertField("01", w -> w.endField(w.beginRange(CopyBinaryWriter.RANGE_EMPTY)));
    assertField(
        "120000000400000001",
        w -> {
          int field = w.beginRange(CopyBinaryWriter.RANGE_LB_INC | CopyBinaryWriter.RANGE_UB_INF);
          w.writeInt4(1);
          w.endField(field);
        });
  }

  /**
   * xml, citext and enums send their text: {@code SELECT xml_send('<a/>'),
   * citextsend('AbC'::citext), enum_send('ok'::mood)}.
   */
  @Test
  void xmlCitextAndEnumsAreTheirText() {
    assertField("3c612f3e", w -> w.writeText("<a/>"));
    assertField("416243", w -> w.writeText("AbC"));
    assertField("6f6b", w -> w.writeText("ok"));
  }

  /**
   * The field the writer produces is the length-prefixed value PostgreSQL's send function printed.
   */
  private static void assertField(String sendHex, Consumer<CopyBinaryWriter> write) {
    CopyBinaryWriter writer = new CopyBinaryWriter(0);
    write.accept(writer);
    assertEquals(
        HexFormat.of().formatHex(field(HexFormat.of().parseHex(sendHex))),
        HexFormat.of().formatHex(written(writer)));
  }

  private static byte[] writtenNumeric(BigDecimal value) {
    CopyBinaryWriter writer = new CopyBinaryWriter(0);
    writer.writeNumeric(value);
    return written(writer);
  }

  private static byte[] numericBytes(int weight, int sign, int dscale, int... digits) {
    return (byte[]) numeric(0, 0, weight, sign, dscale, digits).get()[2];
  }

  private static byte[] field(byte[] value) {
    byte[] out = new byte[4 + value.length];
    out[0] = (byte) (value.length >>> 24);
    out[1] = (byte) (value.length >>> 16);
    out[2] = (byte) (value.length >>> 8);
    out[3] = (byte) value.length;
    System.arraycopy(value, 0, out, 4, value.length);
    return out;
  }

  private static byte[] written(CopyBinaryWriter writer) {
    return Arrays.copyOf(writer.array(), writer.size());
  }

  private static byte[] bytes(int... values) {
    byte[] out = new byte[values.length];
    for (int i = 0; i < values.length; i++) {
      out[i] = (byte) values[i];
    }
    return out;
  }
}
