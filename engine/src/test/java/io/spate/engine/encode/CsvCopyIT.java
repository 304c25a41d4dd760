package io.spate.engine.encode;

import static org.junit.jupiter.api.Assertions.assertEquals;

import io.spate.protocol.schema.Column;
import io.spate.protocol.schema.SqlType;
import java.io.ByteArrayInputStream;
import java.io.ByteArrayOutputStream;
import java.nio.charset.StandardCharsets;
import java.sql.Connection;
import java.sql.DriverManager;
import java.sql.ResultSet;
import java.sql.Statement;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import org.junit.jupiter.api.Test;
import org.postgresql.PGConnection;

/**
 * CSV from {@link CsvWriter}, read by PostgreSQL's {@code COPY ... (FORMAT csv, HEADER)}, holds the
 * same values as the same rows sent through {@link CopyBinaryWriter}, for every type CSV renders.
 * Needs a PostgreSQL server: {@code SPATE_TEST_PG} (a JDBC URL), else 127.0.0.1:5432.
 */
class CsvCopyIT {

  private static final long SECOND = 1_000_000L;
  private static final long DAY = 86_400 * SECOND;

  /** Column name, PostgreSQL type, Spate's type and (for arrays and ranges) the element's. */
  private record Col(String name, String sql, SqlType type, SqlType element) {
    Column column() {
      Column elementColumn = element == null ? null : Column.of(name, element);
      return new Column(
          name, type, sql, -1, -1, -1, true, false, false, null, 0, elementColumn, null, null);
    }
  }

  private static final List<Col> COLUMNS =
      List.of(
          new Col("row_no", "integer", SqlType.INTEGER, null),
          new Col("c_int2", "smallint", SqlType.SMALLINT, null),
          new Col("c_int8", "bigint", SqlType.BIGINT, null),
          new Col("c_num", "numeric(20,4)", SqlType.NUMERIC, null),
          new Col("c_float4", "real", SqlType.REAL, null),
          new Col("c_float8", "double precision", SqlType.DOUBLE, null),
          new Col("c_bool", "boolean", SqlType.BOOLEAN, null),
          new Col("c_char", "char(5)", SqlType.CHAR, null),
          new Col("c_text", "text", SqlType.TEXT, null),
          new Col("c_date", "date", SqlType.DATE, null),
          new Col("c_time", "time", SqlType.TIME, null),
          new Col("c_ts", "timestamp", SqlType.TIMESTAMP, null),
          new Col("c_tstz", "timestamptz", SqlType.TIMESTAMPTZ, null),
          new Col("c_uuid", "uuid", SqlType.UUID, null),
          new Col("c_bytea", "bytea", SqlType.BYTEA, null),
          new Col("c_json", "json", SqlType.JSON, null),
          new Col("c_jsonb", "jsonb", SqlType.JSONB, null),
          new Col("c_money", "money", SqlType.MONEY, null),
          new Col("c_bit", "bit(10)", SqlType.BIT, null),
          new Col("c_varbit", "bit varying", SqlType.VARBIT, null),
          new Col("c_inet", "inet", SqlType.INET, null),
          new Col("c_cidr", "cidr", SqlType.CIDR, null),
          new Col("c_mac", "macaddr", SqlType.MACADDR, null),
          new Col("c_interval", "interval", SqlType.INTERVAL, null),
          new Col("c_timetz", "time with time zone", SqlType.TIMETZ, null),
          new Col("c_ints", "integer[]", SqlType.ARRAY, SqlType.INTEGER),
          new Col("c_texts", "text[]", SqlType.ARRAY, SqlType.TEXT),
          new Col("c_blobs", "bytea[]", SqlType.ARRAY, SqlType.BYTEA),
          new Col("c_stamps", "timestamptz[]", SqlType.ARRAY, SqlType.TIMESTAMPTZ),
          new Col("c_intrange", "int4range", SqlType.RANGE, SqlType.INTEGER),
          new Col("c_tsrange", "tsrange", SqlType.RANGE, SqlType.TIMESTAMP));

  private static final int INT4_OID = 23;
  private static final int TEXT_OID = 25;
  private static final int BYTEA_OID = 17;
  private static final int TIMESTAMPTZ_OID = 1184;

  /** Three rows: ordinary values, all NULL, edge values; written the same to any writer. */
  private static void rows(RowWriter w) {
    w.startRow(COLUMNS.size());
    w.writeInt4(1);
    w.writeInt2(12);
    w.writeInt8(9_876_543_210L);
    w.writeNumeric(-123_456_789, 4);
    w.writeFloat4(3.14159f);
    w.writeFloat8(2.718281828459045);
    w.writeBool(true);
    w.writeText("ab");
    w.writeText("a,b \"q\"\r\nline\\ NULL é😀");
    w.writeDate(-1);
    w.writeTime(((12 * 60 + 34) * 60 + 56) * SECOND + 789_012);
    w.writeTimestamp(SECOND);
    w.writeTimestamp(DAY + 1);
    w.writeUuid(0x0011223344556677L, 0x8899AABBCCDDEEFFL);
    w.writeBytes(new byte[] {1, ',', (byte) 0xFF}, 0, 3);
    w.writeText("{\"b\": [1, 2], \"a\": \"ä,\\\"\"}");
    w.writeJsonb("{\"b\": [1, 2], \"a\": \"ä\"}");
    w.writeMoney(123_456);
    w.writeBits(new byte[] {(byte) 0xA5, (byte) 0xC0}, 10);
    w.writeBits(new byte[] {(byte) 0xF0}, 3);
    w.writeInet(10 << 24 | 1 << 16 | 2 << 8 | 3, 8, false);
    w.writeInet(192 << 24 | 168 << 16, 16, true);
    w.writeMacaddr(0x08002B010203L);
    w.writeInterval(-(4 * 3600 + 5 * 60 + 6) * SECOND - 789_000, 3, 14);
    w.writeTimeTz(10 * 3600 * SECOND + 1, 12_600);
    int ints = w.beginArray(INT4_OID, 3, true);
    w.writeInt4(1);
    w.writeNull();
    w.writeInt4(-3);
    w.endField(ints);
    int texts = w.beginArray(TEXT_OID, 6, false);
    w.writeText("a b");
    w.writeText("\"q\",{x}");
    w.writeText("NULL");
    w.writeText("");
    w.writeText("back\\slash");
    w.writeText("plain");
    w.endField(texts);
    int blobs = w.beginArray(BYTEA_OID, 1, false);
    w.writeBytes(new byte[] {0, 0x7F}, 0, 2);
    w.endField(blobs);
    int stamps = w.beginArray(TIMESTAMPTZ_OID, 2, false);
    w.writeTimestamp(0);
    w.writeTimestamp(-SECOND / 2);
    w.endField(stamps);
    int intRange = w.beginRange(CopyBinaryWriter.RANGE_LB_INC);
    w.writeInt4(-5);
    w.writeInt4(10);
    w.endField(intRange);
    int tsRange = w.beginRange(CopyBinaryWriter.RANGE_LB_INC | CopyBinaryWriter.RANGE_UB_INF);
    w.writeTimestamp(DAY);
    w.endField(tsRange);

    w.startRow(COLUMNS.size());
    w.writeInt4(2);
    for (int i = 1; i < COLUMNS.size(); i++) {
      w.writeNull();
    }

    w.startRow(COLUMNS.size());
    w.writeInt4(3);
    w.writeInt2(Short.MIN_VALUE);
    w.writeInt8(Long.MIN_VALUE);
    w.writeNumeric(0, 4);
    w.writeFloat4(Float.NEGATIVE_INFINITY);
    w.writeFloat8(Double.NaN);
    w.writeBool(false);
    w.writeText("");
    w.writeText("\\.");
    w.writeDate(0);
    w.writeTime(0);
    w.writeTimestamp(-1);
    w.writeTimestamp(0);
    w.writeUuid(0, 0);
    w.writeBytes(new byte[0], 0, 0);
    w.writeText("[]");
    w.writeJsonb("\"\"");
    w.writeMoney(-1);
    w.writeBits(new byte[] {0, 0}, 10);
    w.writeBits(new byte[0], 0);
    w.writeInet(0xFFFF_FFFF, 32, false);
    w.writeInet(0, 0, true);
    w.writeMacaddr(0);
    w.writeInterval(0, 0, 0);
    w.writeTimeTz(0, -3600 * 14);
    w.endField(w.beginArray(INT4_OID, 0, false));
    int one = w.beginArray(TEXT_OID, 1, true);
    w.writeNull();
    w.endField(one);
    w.endField(w.beginArray(BYTEA_OID, 0, false));
    w.endField(w.beginArray(TIMESTAMPTZ_OID, 0, false));
    w.endField(w.beginRange(CopyBinaryWriter.RANGE_EMPTY));
    int open = w.beginRange(CopyBinaryWriter.RANGE_LB_INF | CopyBinaryWriter.RANGE_UB_INF);
    w.endField(open);
  }

  @Test
  void csvLoadsTheSameValuesAsBinaryCopyForEveryTypeItRenders() throws Exception {
    String url =
        System.getenv().getOrDefault("SPATE_TEST_PG", "jdbc:postgresql://127.0.0.1:5432/postgres");
    String schema = "csv_it_" + Long.toHexString(System.nanoTime());
    try (Connection c =
            DriverManager.getConnection(
                url,
                System.getenv().getOrDefault("SPATE_TEST_PG_USER", "postgres"),
                System.getenv().getOrDefault("SPATE_TEST_PG_PASSWORD", ""));
        Statement s = c.createStatement()) {
      s.execute("SET TimeZone = 'Asia/Kolkata'"); // the +00 offsets must matter
      s.execute("CREATE SCHEMA " + schema);
      try {
        List<String> columns = new ArrayList<>();
        for (Col col : COLUMNS) {
          columns.add(col.name() + " " + col.sql());
        }
        String definition = "(" + String.join(", ", columns) + ")";
        s.execute("CREATE TABLE " + schema + ".from_csv " + definition);
        s.execute("CREATE TABLE " + schema + ".from_binary " + definition);

        ByteArrayOutputStream file = new ByteArrayOutputStream();
        file.writeBytes(CsvWriter.header(COLUMNS.stream().map(Col::name).toList()));
        CsvWriter csv = new CsvWriter(COLUMNS.stream().map(Col::column).toList(), 16);
        rows(csv);
        file.write(csv.array(), 0, csv.size());

        CopyBinaryWriter binary = new CopyBinaryWriter(16);
        binary.writeHeader();
        rows(binary);
        binary.writeTrailer();

        var copy = c.unwrap(PGConnection.class).getCopyAPI();
        assertEquals(
            3L,
            copy.copyIn(
                "COPY " + schema + ".from_csv FROM STDIN (FORMAT csv, HEADER)",
                new ByteArrayInputStream(file.toByteArray())));
        copy.copyIn(
            "COPY " + schema + ".from_binary FROM STDIN (FORMAT binary)",
            new ByteArrayInputStream(binary.array(), 0, binary.size()));

        assertEquals(
            table(s, schema + ".from_binary"),
            table(s, schema + ".from_csv"),
            "CSV:\n" + file.toString(StandardCharsets.UTF_8));
      } finally {
        s.execute("DROP SCHEMA " + schema + " CASCADE");
      }
    }
  }

  /** Every row in PostgreSQL's text output, one line per row, NULL spelt out. */
  private static List<String> table(Statement s, String table) throws Exception {
    List<String> rows = new ArrayList<>();
    try (ResultSet r = s.executeQuery("SELECT * FROM " + table + " ORDER BY row_no")) {
      int n = r.getMetaData().getColumnCount();
      while (r.next()) {
        StringBuilder row = new StringBuilder();
        for (int i = 1; i <= n; i++) {
          String value = r.getString(i);
          row.append(r.getMetaData().getColumnName(i).toUpperCase(Locale.ROOT))
              .append('=')
              .append(value == null ? "<null>" : value)
              .append(i < n ? " | " : "");
        }
        rows.add(row.toString());
      }
    }
    return rows;
  }
}
