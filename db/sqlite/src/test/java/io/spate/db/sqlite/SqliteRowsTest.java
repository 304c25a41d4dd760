package io.spate.db.sqlite;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;

import io.spate.engine.encode.Encoded;
import java.nio.charset.StandardCharsets;
import java.util.Arrays;
import org.junit.jupiter.api.Test;

/** What {@link SqliteRows} binds for each carried form. */
class SqliteRowsTest {

  private static Object[] row(boolean[] binary, java.util.function.Consumer<SqliteRows> fields) {
    SqliteRows rows = new SqliteRows(4, binary);
    fields.accept(rows);
    return Arrays.copyOf(rows.values(), rows.count());
  }

  @Test
  void datesAndTimesAreIsoTextAsSqlitesFunctionsReadThem() {
    Object[] values =
        row(
            new boolean[0],
            r -> {
              r.startRow(4);
              r.writeDate(0);
              r.writeDate(-1);
              r.writeTimestamp(86_400_000_000L + 3_723_000_000L + 450_000L);
              r.writeTime(59_000_000L);
            });
    assertArrayEquals(
        new Object[] {"2000-01-01", "1999-12-31", "2000-01-02 01:02:03.45", "00:00:59"}, values);
  }

  @Test
  void numbersBooleansAndDecimalsBindAsSqliteStoresThem() {
    Object[] values =
        row(
            new boolean[0],
            r -> {
              r.startRow(7);
              r.writeInt4(-7);
              r.writeInt2(70_000); // truncated to 16 bits as a smallint
              r.writeBool(true);
              r.writeNumeric(-1234, 2);
              r.writeNumeric(5, 3);
              r.writeFloat8(1.5);
              r.writeNull();
            });
    assertArrayEquals(new Object[] {-7L, 4464L, 1L, "-12.34", "0.005", 1.5, null}, values);
    assertThrows(
        IllegalArgumentException.class,
        () ->
            row(
                new boolean[0],
                r -> {
                  r.startRow(1);
                  r.writeFloat8(Double.NaN);
                }));
  }

  @Test
  void bytesAreABlobInABinaryFieldAndTextElsewhere() {
    byte[] hello = "héllo".getBytes(StandardCharsets.UTF_8);
    Object[] values =
        row(
            new boolean[] {true, false, false},
            r -> {
              r.startRow(3);
              r.writeBytes(hello, 0, hello.length);
              r.writeBytes(hello, 0, hello.length);
              int field = r.beginField();
              r.putAscii("ab".getBytes(StandardCharsets.US_ASCII), 0, 2);
              r.putByte('c');
              r.endField(field);
            });
    assertArrayEquals(hello, (byte[]) values[0]);
    assertEquals("héllo", values[1]);
    assertEquals("abc", values[2]);
  }

  @Test
  void anEncodedValueIsItsLoadDataTextUnescaped() {
    Object[] values =
        row(
            new boolean[0],
            r -> {
              r.startRow(1);
              r.writeEncoded(
                  new Encoded(new byte[0], "a\\tb\\\\c".getBytes(StandardCharsets.UTF_8)));
            });
    assertArrayEquals(new Object[] {"a\tb\\c"}, values);
  }
}
