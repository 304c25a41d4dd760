package io.spate.db.files;

import static org.junit.jupiter.api.Assertions.assertEquals;

import io.spate.engine.encode.CsvWriter;
import io.spate.protocol.schema.Column;
import io.spate.protocol.schema.SqlType;
import java.io.OutputStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.sql.Connection;
import java.sql.DriverManager;
import java.sql.ResultSet;
import java.sql.Statement;
import java.time.LocalDateTime;
import java.time.temporal.ChronoUnit;
import java.util.ArrayList;
import java.util.List;
import java.util.UUID;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * A CSV file from {@link CsvWriter} reads back in DuckDB, with explicit column types, as the values
 * written: the types DuckDB shares with PostgreSQL. (bytea, intervals with a sign after a negative
 * part, network types and arrays are PostgreSQL's text forms, which DuckDB reads as VARCHAR only;
 * {@code CsvCopyIT} checks those against PostgreSQL.)
 */
class CsvReadBackTest {

  private static final LocalDateTime EPOCH_2000 = LocalDateTime.of(2000, 1, 1, 0, 0);

  @TempDir Path dir;

  private static final List<String> NAMES =
      List.of(
          "id",
          "small",
          "big",
          "price",
          "ratio",
          "score",
          "active",
          "born",
          "opens",
          "created",
          "created_tz",
          "uid",
          "name",
          "doc",
          "cash");

  private static final List<SqlType> TYPES =
      List.of(
          SqlType.INTEGER,
          SqlType.SMALLINT,
          SqlType.BIGINT,
          SqlType.NUMERIC,
          SqlType.REAL,
          SqlType.DOUBLE,
          SqlType.BOOLEAN,
          SqlType.DATE,
          SqlType.TIME,
          SqlType.TIMESTAMP,
          SqlType.TIMESTAMPTZ,
          SqlType.UUID,
          SqlType.TEXT,
          SqlType.JSON,
          SqlType.MONEY);

  private static final String DUCKDB_COLUMNS =
      "{'id': 'INTEGER', 'small': 'SMALLINT', 'big': 'BIGINT', 'price': 'DECIMAL(12,2)',"
          + " 'ratio': 'FLOAT', 'score': 'DOUBLE', 'active': 'BOOLEAN', 'born': 'DATE',"
          + " 'opens': 'TIME', 'created': 'TIMESTAMP', 'created_tz': 'TIMESTAMPTZ',"
          + " 'uid': 'UUID', 'name': 'VARCHAR', 'doc': 'JSON', 'cash': 'DECIMAL(18,2)'}";

  @Test
  void duckDbReadsBackTheValuesWithNullAndTheEmptyStringApart() throws Exception {
    List<Column> columns = new ArrayList<>();
    for (int i = 0; i < NAMES.size(); i++) {
      columns.add(Column.of(NAMES.get(i), TYPES.get(i)));
    }
    CsvWriter out = new CsvWriter(columns, 0);
    UUID id = UUID.fromString("0123abcd-4567-89ef-0123-456789abcdef");
    long stamp =
        ChronoUnit.MICROS.between(EPOCH_2000, LocalDateTime.of(2024, 2, 29, 23, 59, 1, 5_000_000));
    out.startRow(NAMES.size());
    out.writeInt4(1);
    out.writeInt2(-32768);
    out.writeInt8(Long.MIN_VALUE);
    out.writeNumeric(-1250, 2);
    out.writeFloat4(0.1f);
    out.writeFloat8(-2.5e-300);
    out.writeBool(true);
    out.writeDate(-1);
    out.writeTime(47_109_000_100L);
    out.writeTimestamp(stamp);
    out.writeTimestamp(stamp);
    out.writeUuid(id.getMostSignificantBits(), id.getLeastSignificantBits());
    out.writeText("é,\"😀\"\r\nNULL");
    out.writeJsonb("{\"a\": [1, \"x,y\"]}");
    out.writeMoney(-123_456);
    out.startRow(NAMES.size());
    out.writeInt4(2);
    for (int i = 1; i < NAMES.size(); i++) {
      out.writeNull();
    }
    out.startRow(NAMES.size());
    out.writeInt4(3);
    for (int i = 1; i < NAMES.size(); i++) {
      if (TYPES.get(i) == SqlType.TEXT) {
        out.writeText("");
      } else {
        out.writeNull();
      }
    }
    Path file = dir.resolve("rows.csv");
    try (OutputStream f = Files.newOutputStream(file)) {
      f.write(CsvWriter.header(NAMES));
      f.write(out.array(), 0, out.size());
    }

    List<String> rows = new ArrayList<>();
    try (Connection db = DriverManager.getConnection("jdbc:duckdb:");
        Statement s = db.createStatement()) {
      s.execute("SET TimeZone = 'UTC'");
      try (ResultSet r =
          s.executeQuery(
              "SELECT CAST(COLUMNS(*) AS VARCHAR) FROM read_csv('"
                  + file
                  + "', header = true, allow_quoted_nulls = false, columns = "
                  + DUCKDB_COLUMNS
                  + ") ORDER BY id")) {
        while (r.next()) {
          List<String> row = new ArrayList<>();
          for (int i = 1; i <= NAMES.size(); i++) {
            row.add(r.getString(i));
          }
          rows.add(String.join(" | ", row.stream().map(v -> v == null ? "<null>" : v).toList()));
        }
      }
    }
    assertEquals(
        List.of(
            "1 | -32768 | -9223372036854775808 | -12.50 | 0.1 | -2.5E-300 | true | 1999-12-31"
                + " | 13:05:09.0001 | 2024-02-29 23:59:01.005 | 2024-02-29 23:59:01.005+00"
                + " | 0123abcd-4567-89ef-0123-456789abcdef | é,\"😀\"\r\nNULL"
                + " | {\"a\": [1, \"x,y\"]} | -1234.56",
            "2 | <null> | <null> | <null> | <null> | <null> | <null> | <null> | <null> | <null>"
                + " | <null> | <null> | <null> | <null> | <null>",
            "3 | <null> | <null> | <null> | <null> | <null> | <null> | <null> | <null> | <null>"
                + " | <null> | <null> |  | <null> | <null>"),
        rows);
  }
}
