package io.spate.db.files;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.spate.engine.encode.CopyBinaryWriter;
import io.spate.engine.encode.Encoded;
import io.spate.protocol.schema.Column;
import io.spate.protocol.schema.SqlType;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.sql.Connection;
import java.sql.DriverManager;
import java.sql.ResultSet;
import java.sql.Statement;
import java.time.LocalDate;
import java.time.LocalDateTime;
import java.time.temporal.ChronoUnit;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.UUID;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class ParquetRowsTest {

  private static final LocalDateTime EPOCH_2000 = LocalDateTime.of(2000, 1, 1, 0, 0);
  private static final UUID AN_ID = UUID.fromString("0123abcd-4567-89ef-0123-456789abcdef");

  @TempDir Path dir;

  /** Every mapped type, nullable, after a NOT NULL id. */
  private static final List<Column> COLUMNS =
      List.of(
          column("id", SqlType.INTEGER, -1, -1, false),
          column("small", SqlType.SMALLINT, -1, -1, true),
          column("big", SqlType.BIGINT, -1, -1, true),
          column("price", SqlType.NUMERIC, 10, 2, true),
          column("wide", SqlType.NUMERIC, 30, 4, true),
          column("free", SqlType.NUMERIC, -1, -1, true),
          column("ratio", SqlType.REAL, -1, -1, true),
          column("score", SqlType.DOUBLE, -1, -1, true),
          column("active", SqlType.BOOLEAN, -1, -1, true),
          column("born", SqlType.DATE, -1, -1, true),
          column("opens", SqlType.TIME, -1, -1, true),
          column("opens_tz", SqlType.TIMETZ, -1, -1, true),
          column("created", SqlType.TIMESTAMP, -1, -1, true),
          column("created_tz", SqlType.TIMESTAMPTZ, -1, -1, true),
          column("uid", SqlType.UUID, -1, -1, true),
          column("name", SqlType.TEXT, -1, -1, true),
          column("code", SqlType.VARCHAR, 8, -1, true),
          column("mood", SqlType.ENUM, -1, -1, true),
          column("doc", SqlType.JSON, -1, -1, true),
          column("docb", SqlType.JSONB, -1, -1, true),
          column("blob", SqlType.BYTEA, -1, -1, true),
          column("cash", SqlType.MONEY, -1, -1, true),
          arrayOf("counts", column("counts", SqlType.INTEGER, -1, -1, true)),
          arrayOf("tags", column("tags", SqlType.TEXT, -1, -1, true)));

  private static Column column(
      String name, SqlType type, int precision, int scale, boolean nullable) {
    return new Column(
        name,
        type,
        type.name().toLowerCase(java.util.Locale.ROOT),
        type == SqlType.VARCHAR ? precision : -1,
        type == SqlType.NUMERIC ? precision : -1,
        scale,
        nullable,
        false,
        false,
        null);
  }

  private static Column arrayOf(String name, Column element) {
    return new Column(
        name,
        SqlType.ARRAY,
        element.typeName() + "[]",
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

  private static long micros(LocalDateTime t) {
    return ChronoUnit.MICROS.between(EPOCH_2000, t);
  }

  private static int days(LocalDate d) {
    return (int) ChronoUnit.DAYS.between(EPOCH_2000.toLocalDate(), d);
  }

  /** Writes three rows: every value, every NULL, edge values. */
  private Path writeRows() throws Exception {
    Path file = dir.resolve("rows.parquet");
    try (ParquetRows out = new ParquetRows(COLUMNS, file)) {
      out.startRow(COLUMNS.size());
      out.writeInt4(1);
      out.writeInt2(-32768);
      out.writeInt8(Long.MAX_VALUE);
      out.writeNumeric(-1250, 2);
      out.writeNumeric(123_456_789_012_345L, 3); // rescaled to 4 places
      out.writeNumeric(99, 2);
      out.writeFloat4(0.1f);
      out.writeFloat8(-2.5e-300);
      out.writeBool(true);
      out.writeDate(days(LocalDate.of(1969, 12, 31)));
      out.writeTime(47_109_000_100L);
      out.writeTimeTz(36_000_000_000L, -7200); // 10:00+02 is 08:00 UTC
      out.writeTimestamp(micros(LocalDateTime.of(2024, 2, 29, 23, 59, 1, 500_000_000)));
      out.writeTimestamp(micros(LocalDateTime.of(1999, 12, 31, 23, 0)));
      out.writeUuid(AN_ID.getMostSignificantBits(), AN_ID.getLeastSignificantBits());
      out.writeText("é,\"😀\"\n");
      byte[] code = "K-7".getBytes(StandardCharsets.UTF_8);
      out.writeBytes(code, 0, code.length);
      out.writeEncoded(encoded(w -> w.writeText("happy")));
      out.writeText("{\"a\": [1, 2]}");
      out.writeJsonb("{\"b\": null}");
      out.writeBytes(new byte[] {0, (byte) 0xFF, 7}, 0, 3);
      out.writeMoney(-123_456);
      int counts = out.beginArray(23, 3, true);
      out.writeInt4(1);
      out.writeNull();
      out.writeInt4(3);
      out.endField(counts);
      int tags = out.beginArray(25, 2, false);
      out.writeText("x");
      int built = out.beginField();
      out.putAscii("y".getBytes(StandardCharsets.US_ASCII), 0, 1);
      out.putByte('z');
      out.endField(built);
      out.endField(tags);

      out.startRow(COLUMNS.size());
      out.writeInt4(2);
      for (int i = 1; i < COLUMNS.size(); i++) {
        out.writeNull();
      }

      out.startRow(COLUMNS.size());
      out.writeInt4(3);
      out.writeEncoded(encoded(w -> w.writeInt2(7)));
      out.writeInt8(Long.MIN_VALUE);
      out.writeEncoded(encoded(w -> w.writeNumeric(5, 1))); // 0.5 at scale 2 is 0.50
      out.writeNumeric(-1, 0);
      out.writeNumeric(Long.MIN_VALUE, 2);
      out.writeFloat4(Float.NaN);
      out.writeFloat8(Double.POSITIVE_INFINITY);
      out.writeBool(false);
      out.writeDate(0);
      out.writeTime(0);
      out.writeTimeTz(3_600_000_000L, 7200); // 01:00-02 is 03:00 UTC
      out.writeTimestamp(0);
      out.writeTimestamp(-1);
      out.writeUuid(0, 0);
      out.writeText("");
      out.writeText("");
      out.writeText("sad");
      out.writeText("[]");
      out.writeJsonb("1");
      out.writeBytes(new byte[0], 0, 0);
      out.writeMoney(0);
      out.endField(out.beginArray(23, 0, false));
      int one = out.beginArray(25, 1, true);
      out.writeNull();
      out.endField(one);
    }
    return file;
  }

  private static Encoded encoded(java.util.function.Consumer<CopyBinaryWriter> write) {
    CopyBinaryWriter binary = new CopyBinaryWriter(0);
    write.accept(binary);
    return new Encoded(Arrays.copyOfRange(binary.array(), 4, binary.size()), null);
  }

  @Test
  void duckDbReadsBackEveryValueAndNull() throws Exception {
    Path file = writeRows();
    List<Map<String, String>> rows = new ArrayList<>();
    try (Connection db = DriverManager.getConnection("jdbc:duckdb:");
        Statement s = db.createStatement()) {
      s.execute("SET TimeZone = 'UTC'");
      try (ResultSet r =
          s.executeQuery(
              "SELECT CAST(COLUMNS(*) AS VARCHAR) FROM read_parquet('" + file + "') ORDER BY id")) {
        while (r.next()) {
          Map<String, String> row = new LinkedHashMap<>();
          for (int i = 1; i <= r.getMetaData().getColumnCount(); i++) {
            row.put(r.getMetaData().getColumnName(i), r.getString(i));
          }
          rows.add(row);
        }
      }
    }
    assertEquals(3, rows.size());
    Map<String, String> expected = new LinkedHashMap<>();
    expected.put("id", "1");
    expected.put("small", "-32768");
    expected.put("big", "9223372036854775807");
    expected.put("price", "-12.50");
    expected.put("wide", "123456789012.3450");
    expected.put("free", "0.99");
    expected.put("ratio", "0.1");
    expected.put("score", "-2.5e-300");
    expected.put("active", "true");
    expected.put("born", "1969-12-31");
    expected.put("opens", "13:05:09.0001");
    expected.put("opens_tz", "08:00:00+00");
    expected.put("created", "2024-02-29 23:59:01.5");
    expected.put("created_tz", "1999-12-31 23:00:00+00");
    expected.put("uid", AN_ID.toString());
    expected.put("name", "é,\"😀\"\n");
    expected.put("code", "K-7");
    expected.put("mood", "happy");
    expected.put("doc", "{\"a\": [1, 2]}");
    expected.put("docb", "{\"b\": null}");
    expected.put("blob", "\\x00\\xFF\\x07");
    expected.put("cash", "-1234.56");
    expected.put("counts", "[1, NULL, 3]");
    expected.put("tags", "[x, yz]");
    assertEquals(expected, rows.get(0));
    for (Map.Entry<String, String> e : rows.get(1).entrySet()) {
      assertEquals(e.getKey().equals("id") ? "2" : null, e.getValue(), e.getKey());
    }
    expected.put("id", "3");
    expected.put("small", "7");
    expected.put("big", "-9223372036854775808");
    expected.put("price", "0.50");
    expected.put("wide", "-1.0000");
    expected.put("free", "-92233720368547758.08");
    expected.put("ratio", "nan");
    expected.put("score", "inf");
    expected.put("active", "false");
    expected.put("born", "2000-01-01");
    expected.put("opens", "00:00:00");
    expected.put("opens_tz", "03:00:00+00");
    expected.put("created", "2000-01-01 00:00:00");
    expected.put("created_tz", "1999-12-31 23:59:59.999999+00");
    expected.put("uid", "00000000-0000-0000-0000-000000000000");
    expected.put("name", "");
    expected.put("code", "");
    expected.put("mood", "sad");
    expected.put("doc", "[]");
    expected.put("docb", "1");
    expected.put("blob", "");
    expected.put("cash", "0.00");
    expected.put("counts", "[]");
    expected.put("tags", "[NULL]");
    assertEquals(expected, rows.get(2));
  }

  @Test
  void columnsTakeTheirParquetLogicalTypesAndNotNullIsRequired() throws Exception {
    Path file = writeRows();
    Map<String, String> described = new LinkedHashMap<>();
    Map<String, String> schema = new LinkedHashMap<>();
    try (Connection db = DriverManager.getConnection("jdbc:duckdb:");
        Statement s = db.createStatement()) {
      try (ResultSet r = s.executeQuery("DESCRIBE SELECT * FROM read_parquet('" + file + "')")) {
        while (r.next()) {
          described.put(r.getString("column_name"), r.getString("column_type"));
        }
      }
      try (ResultSet r =
          s.executeQuery(
              "SELECT name, type, repetition_type, logical_type FROM parquet_schema('"
                  + file
                  + "')")) {
        while (r.next()) {
          schema.put(r.getString(1), r.getString(2) + " " + r.getString(3) + " " + r.getString(4));
        }
      }
    }
    Map<String, String> expected = new LinkedHashMap<>();
    expected.put("id", "INTEGER");
    expected.put("small", "SMALLINT");
    expected.put("big", "BIGINT");
    expected.put("price", "DECIMAL(10,2)");
    expected.put("wide", "DECIMAL(30,4)");
    expected.put("free", "DECIMAL(38,2)");
    expected.put("ratio", "FLOAT");
    expected.put("score", "DOUBLE");
    expected.put("active", "BOOLEAN");
    expected.put("born", "DATE");
    expected.put("opens", "TIME");
    expected.put("opens_tz", "TIME WITH TIME ZONE");
    expected.put("created", "TIMESTAMP");
    expected.put("created_tz", "TIMESTAMP WITH TIME ZONE");
    expected.put("uid", "UUID");
    expected.put("name", "VARCHAR");
    expected.put("code", "VARCHAR");
    expected.put("mood", "VARCHAR");
    expected.put("doc", "JSON");
    expected.put("docb", "JSON");
    expected.put("blob", "BLOB");
    expected.put("cash", "DECIMAL(18,2)");
    expected.put("counts", "INTEGER[]");
    expected.put("tags", "VARCHAR[]");
    assertEquals(expected, described);
    assertEquals("INT32 REQUIRED null", schema.get("id"));
    assertEquals("INT64 OPTIONAL DecimalType(scale=2, precision=10)", schema.get("price"));
    assertEquals(
        "FIXED_LEN_BYTE_ARRAY OPTIONAL DecimalType(scale=4, precision=30)", schema.get("wide"));
    assertEquals("FIXED_LEN_BYTE_ARRAY OPTIONAL UUIDType()", schema.get("uid"));
    assertEquals("BYTE_ARRAY OPTIONAL JsonType()", schema.get("docb"));
    assertEquals("BYTE_ARRAY OPTIONAL null", schema.get("blob"));
    assertEquals("null OPTIONAL ListType()", schema.get("counts"));
    assertTrue(schema.get("created_tz").contains("TimestampType(isAdjustedToUTC=1"));
    assertTrue(schema.get("created").contains("TimestampType(isAdjustedToUTC=0"));
    assertTrue(schema.get("created").contains("MICROS=MicroSeconds()"));
    assertTrue(schema.get("opens").contains("TimeType(isAdjustedToUTC=0"));
  }

  @Test
  void aColumnWithNoMappingFailsBeforeAnyRow() {
    Column interval = column("span", SqlType.INTERVAL, -1, -1, true);
    UnsupportedOperationException e =
        assertThrows(
            UnsupportedOperationException.class,
            () -> new ParquetRows(List.of(interval), dir.resolve("x.parquet")));
    assertTrue(e.getMessage().contains("column span of type interval"), e.getMessage());
    assertTrue(Files.notExists(dir.resolve("x.parquet")));
  }

  @Test
  void sizeCountsValueBytesSinceResetWhileTheFileGoesOn() throws Exception {
    Path file = dir.resolve("sized.parquet");
    List<Column> columns =
        List.of(
            column("id", SqlType.BIGINT, -1, -1, false), column("t", SqlType.TEXT, -1, -1, true));
    try (ParquetRows out = new ParquetRows(columns, file)) {
      out.startRow(2);
      out.writeInt8(1);
      out.writeText("abc");
      assertEquals(8 + 4 + 3, out.size());
      out.reset();
      assertEquals(0, out.size());
      out.startRow(2);
      out.writeInt8(2);
      out.writeNull();
      assertEquals(8, out.size());
    }
    try (Connection db = DriverManager.getConnection("jdbc:duckdb:");
        Statement s = db.createStatement();
        ResultSet r = s.executeQuery("SELECT count(*) FROM read_parquet('" + file + "')")) {
      r.next();
      assertEquals(2, r.getInt(1));
    }
  }

  @Test
  void hadoopIsNotOnTheClassPath() {
    assertThrows(
        ClassNotFoundException.class, () -> Class.forName("org.apache.hadoop.conf.Configuration"));
  }
}
