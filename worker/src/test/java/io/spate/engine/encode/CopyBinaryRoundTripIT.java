package io.spate.engine.encode;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;

import io.spate.worker.testing.TestDatabase;
import java.io.ByteArrayInputStream;
import java.io.IOException;
import java.math.BigDecimal;
import java.nio.charset.StandardCharsets;
import java.sql.Connection;
import java.sql.PreparedStatement;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.sql.Statement;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.SplittableRandom;
import java.util.UUID;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.postgresql.PGConnection;

/**
 * Writes every supported type with {@link CopyBinaryWriter} into a real server and reads it back.
 */
class CopyBinaryRoundTripIT {

  private static final String[] COLUMNS = {
    "c_int2 smallint",
    "c_int4 integer",
    "c_int8 bigint",
    "c_num12_2 numeric(12,2)",
    "c_num4_4 numeric(4,4)",
    "c_num18_0 numeric(18,0)",
    "c_float4 real",
    "c_float8 double precision",
    "c_bool boolean",
    "c_char char(5)",
    "c_varchar varchar(10)",
    "c_text text",
    "c_date date",
    "c_time time",
    "c_timestamp timestamp",
    "c_timestamptz timestamptz",
    "c_uuid uuid",
    "c_bytea bytea",
    "c_json json",
    "c_jsonb jsonb",
  };

  /** Micros in one second. */
  private static final long SECOND = 1_000_000L;

  private static TestDatabase db;

  @BeforeAll
  static void createTable() {
    db = TestDatabase.create();
    db.execute("CREATE TABLE t (row_no integer NOT NULL, " + String.join(", ", COLUMNS) + ")");
  }

  @AfterAll
  static void dropDatabase() {
    if (db != null) {
      db.close();
    }
  }

  @Test
  void everyTypeRoundTrips() throws SQLException, IOException {
    CopyBinaryWriter writer = new CopyBinaryWriter(16);
    writer.writeHeader();

    writer.startRow(1 + COLUMNS.length);
    writer.writeInt4(1);
    writer.writeInt2(12);
    writer.writeInt4(123_456);
    writer.writeInt8(9_876_543_210L);
    writer.writeNumeric(1234, 2);
    writer.writeNumeric(5000, 4);
    writer.writeNumeric(42, 0);
    writer.writeFloat4(3.14159f);
    writer.writeFloat8(2.718281828459045);
    writer.writeBool(true);
    writer.writeText("ab");
    writer.writeText("żółw");
    writer.writeText("naïve — 日本語 \uD83D\uDE00");
    writer.writeDate(0);
    writer.writeTime(((12 * 60 + 34) * 60 + 56) * SECOND + 789_012);
    writer.writeTimestamp(SECOND);
    writer.writeTimestamp(SECOND);
    writer.writeUuid(0x0011223344556677L, 0x8899AABBCCDDEEFFL);
    writer.writeBytes(new byte[] {1, 2, (byte) 0xFF}, 0, 3);
    writer.writeText("{\"b\": [1, 2], \"a\": \"ä\"}");
    writer.writeJsonb("{\"b\": [1, 2], \"a\": \"ä\"}");

    writer.startRow(1 + COLUMNS.length);
    writer.writeInt4(2);
    for (int i = 0; i < COLUMNS.length; i++) {
      writer.writeNull();
    }

    writer.startRow(1 + COLUMNS.length);
    writer.writeInt4(3);
    writer.writeInt2(Short.MIN_VALUE);
    writer.writeInt4(Integer.MIN_VALUE);
    writer.writeInt8(Long.MIN_VALUE);
    writer.writeNumeric(-999_999_999_999L, 2);
    writer.writeNumeric(-1, 4);
    writer.writeNumeric(-999_999_999_999_999_999L, 0);
    writer.writeFloat4(Float.NEGATIVE_INFINITY);
    writer.writeFloat8(Double.NaN);
    writer.writeBool(false);
    writer.writeText("");
    writer.writeText("");
    writer.writeText("");
    writer.writeDate(-1);
    writer.writeTime(24 * 3600 * SECOND - 1);
    writer.writeTimestamp(-1);
    writer.writeTimestamp(-1);
    writer.writeUuid(-1L, -1L);
    writer.writeBytes(new byte[0], 0, 0);
    writer.writeText("null");
    writer.writeJsonb("[]");

    writer.startRow(1 + COLUMNS.length);
    writer.writeInt4(4);
    writer.writeInt2(Short.MAX_VALUE);
    writer.writeInt4(Integer.MAX_VALUE);
    writer.writeInt8(Long.MAX_VALUE);
    writer.writeNumeric(new BigDecimal("100000.05"));
    writer.writeNumeric(0, 4);
    writer.writeNumeric(999_999_999_999_999_999L, 0);
    writer.writeFloat4(-0.0f);
    writer.writeFloat8(Double.MIN_VALUE);
    writer.writeBool(true);
    int charField = writer.beginField(); // a field assembled byte by byte
    writer.putAscii("xyz".getBytes(StandardCharsets.US_ASCII), 0, 3);
    writer.putByte('!');
    writer.putByte('?');
    writer.endField(charField);
    byte[] utf8 = "ÀÉÎÕÜàéîõü".getBytes(StandardCharsets.UTF_8);
    writer.writeBytes(utf8, 0, utf8.length);
    writer.writeText("tab\there, quote ' and backslash \\");
    writer.writeDate(9_000);
    writer.writeTime(0);
    writer.writeTimestamp(800_000_000L * SECOND + 123_456);
    writer.writeTimestamp(800_000_000L * SECOND + 123_456);
    UUID uuid = UUID.fromString("123e4567-e89b-12d3-a456-426614174000");
    writer.writeUuid(uuid.getMostSignificantBits(), uuid.getLeastSignificantBits());
    writer.writeBytes(new byte[] {0, 0x7F, (byte) 0x80}, 1, 2);
    writer.writeText("{\"k\":1,\"k\":2}");
    writer.writeJsonb("{\"k\":1,\"k\":2}");

    writer.writeTrailer();

    try (Connection conn = db.connect()) {
      long copied =
          conn.unwrap(PGConnection.class)
              .getCopyAPI()
              .copyIn(
                  "COPY t FROM STDIN (FORMAT binary)",
                  new ByteArrayInputStream(writer.array(), 0, writer.size()));
      assertEquals(4, copied);

      try (Statement s = conn.createStatement()) {
        s.execute("SET TIME ZONE 'UTC'");
      }
      assertRow(
          conn,
          1,
          "12",
          "123456",
          "9876543210",
          "12.34",
          "0.5000",
          "42",
          "3.14159",
          "2.718281828459045",
          "true",
          "ab",
          "żółw",
          "naïve — 日本語 \uD83D\uDE00",
          "2000-01-01",
          "12:34:56.789012",
          "2000-01-01 00:00:01",
          "2000-01-01 00:00:01+00",
          "00112233-4455-6677-8899-aabbccddeeff",
          "\\x0102ff",
          "{\"b\": [1, 2], \"a\": \"ä\"}",
          "{\"a\": \"ä\", \"b\": [1, 2]}");
      assertRow(conn, 2, new String[COLUMNS.length]);
      assertRow(
          conn,
          3,
          "-32768",
          "-2147483648",
          "-9223372036854775808",
          "-9999999999.99",
          "-0.0001",
          "-999999999999999999",
          "-Infinity",
          "NaN",
          "false",
          "",
          "",
          "",
          "1999-12-31",
          "23:59:59.999999",
          "1999-12-31 23:59:59.999999",
          "1999-12-31 23:59:59.999999+00",
          "ffffffff-ffff-ffff-ffff-ffffffffffff",
          "\\x",
          "null",
          "[]");
      assertRow(
          conn,
          4,
          "32767",
          "2147483647",
          "9223372036854775807",
          "100000.05",
          "0.0000",
          "999999999999999999",
          "-0",
          "5e-324",
          "true",
          "xyz!?",
          "ÀÉÎÕÜàéîõü",
          "tab\there, quote ' and backslash \\",
          "2024-08-22",
          "00:00:00",
          "2025-05-08 06:13:20.123456",
          "2025-05-08 06:13:20.123456+00",
          "123e4567-e89b-12d3-a456-426614174000",
          "\\x7f80",
          "{\"k\":1,\"k\":2}",
          "{\"k\": 2}");

      // char(5) pads on input; ::text strips the padding again, so check the stored length.
      try (Statement s = conn.createStatement();
          ResultSet rs = s.executeQuery("SELECT octet_length(c_char) FROM t WHERE row_no = 1")) {
        rs.next();
        assertEquals(5, rs.getInt(1));
      }
    }
  }

  /** The server's own numeric_send output is the canonical form; both paths must match it. */
  @Test
  void numericMatchesServerNumericSend() throws SQLException {
    List<BigDecimal> values = new ArrayList<>();
    long[] edges = {
      0, 1, -1, 9999, 10_000, -10_000, 100_000_000, 1_000_000_005L, Long.MAX_VALUE, Long.MIN_VALUE
    };
    for (long unscaled : edges) {
      for (int scale = 0; scale <= 18; scale++) {
        values.add(BigDecimal.valueOf(unscaled, scale));
      }
    }
    SplittableRandom random = new SplittableRandom(7);
    for (int i = 0; i < 500; i++) {
      long unscaled = random.nextLong() >> random.nextInt(64);
      if (random.nextBoolean()) {
        unscaled = unscaled / 10_000 * 10_000;
      }
      values.add(BigDecimal.valueOf(unscaled, random.nextInt(19)));
    }

    CopyBinaryWriter fromLong = new CopyBinaryWriter(0);
    CopyBinaryWriter fromBigDecimal = new CopyBinaryWriter(0);
    try (Connection conn = db.connect();
        PreparedStatement send = conn.prepareStatement("SELECT numeric_send(?::numeric)")) {
      for (BigDecimal value : values) {
        send.setString(1, value.toPlainString());
        byte[] canonical;
        try (ResultSet rs = send.executeQuery()) {
          rs.next();
          canonical = rs.getBytes(1);
        }
        fromLong.reset();
        fromLong.writeNumeric(value.unscaledValue().longValueExact(), value.scale());
        fromBigDecimal.reset();
        fromBigDecimal.writeNumeric(value);
        String label = value.toPlainString();
        assertArrayEquals(canonical, withoutLength(fromLong), "long path " + label);
        assertArrayEquals(canonical, withoutLength(fromBigDecimal), "BigDecimal path " + label);
      }
    }
  }

  private static byte[] withoutLength(CopyBinaryWriter writer) {
    return Arrays.copyOfRange(writer.array(), 4, writer.size());
  }

  private static void assertRow(Connection conn, int rowNo, String... expected)
      throws SQLException {
    StringBuilder select = new StringBuilder("SELECT ");
    for (int i = 0; i < COLUMNS.length; i++) {
      String column = COLUMNS[i].substring(0, COLUMNS[i].indexOf(' '));
      select.append(i == 0 ? "" : ", ").append(column).append("::text");
    }
    select.append(" FROM t WHERE row_no = ?");
    try (PreparedStatement query = conn.prepareStatement(select.toString())) {
      query.setInt(1, rowNo);
      try (ResultSet rs = query.executeQuery()) {
        rs.next();
        String[] actual = new String[COLUMNS.length];
        for (int i = 0; i < actual.length; i++) {
          actual[i] = rs.getString(i + 1);
        }
        assertArrayEquals(expected, actual, "row " + rowNo);
      }
    }
  }
}
