package io.spate.coordinator.testing;

import java.math.BigDecimal;
import java.sql.Connection;
import java.sql.PreparedStatement;
import java.sql.ResultSet;
import java.sql.ResultSetMetaData;
import java.sql.SQLException;
import java.sql.Types;
import java.time.LocalDate;
import java.time.LocalDateTime;
import java.time.LocalTime;
import java.util.ArrayList;
import java.util.HexFormat;
import java.util.List;

/**
 * A table's rows as text that depends only on their logical values, not on the server that holds
 * them, so a PostgreSQL table and its MariaDB or MySQL twin dump alike when they hold the same
 * values.
 *
 * <p>One line per row, the columns in declared order separated by {@code |}, the lines sorted (so
 * the order is the key's for tables whose lines begin with their key, and canonical for any other).
 * Each value by its logical type: {@code NULL}; integers and decimals in plain digits without
 * trailing fractional zeros; float and double as Java's shortest repeatable text; booleans as
 * {@code true}/{@code false}; dates {@code YYYY-MM-DD}; times and timestamps ISO with the fraction
 * the value has (trailing zeros dropped); text JSON-quoted, a {@code char}'s padding dropped; bytes
 * as lowercase hex; bit strings as 0s and 1s; uuids lowercase; anything else (json, a network
 * address) as the driver's text, quoted.
 */
public final class CanonicalDump {

  private CanonicalDump() {}

  /**
   * Every row of {@code table}, one canonical line each, sorted. Read through a prepared statement:
   * on a MariaDB connection that prepares on the server ({@link TestMariaDb#connectBinary}), floats
   * arrive exact.
   */
  public static List<String> rows(Connection c, String table) throws SQLException {
    List<String> lines = new ArrayList<>();
    try (PreparedStatement s = c.prepareStatement("SELECT * FROM " + table);
        ResultSet rs = s.executeQuery()) {
      ResultSetMetaData meta = rs.getMetaData();
      StringBuilder line = new StringBuilder();
      while (rs.next()) {
        line.setLength(0);
        for (int i = 1; i <= meta.getColumnCount(); i++) {
          line.append(i == 1 ? "" : "|").append(value(rs, i, meta));
        }
        lines.add(line.toString());
      }
    }
    lines.sort(null);
    return lines;
  }

  /**
   * Null when the dumps are equal, else their sizes and the first lines that differ, the expected
   * one above the actual one.
   */
  public static String difference(List<String> expected, List<String> actual) {
    if (expected.equals(actual)) {
      return null;
    }
    int i = 0;
    while (i < expected.size() && i < actual.size() && expected.get(i).equals(actual.get(i))) {
      i++;
    }
    List<String> lines = new ArrayList<>();
    lines.add(
        expected.size() + " rows against " + actual.size() + "; first difference at row " + i);
    for (int j = i; j < i + 3; j++) {
      lines.add("  expected " + (j < expected.size() ? expected.get(j) : "(none)"));
      lines.add("  actual   " + (j < actual.size() ? actual.get(j) : "(none)"));
    }
    return String.join("\n", lines);
  }

  private static String value(ResultSet rs, int i, ResultSetMetaData meta) throws SQLException {
    int jdbcType = meta.getColumnType(i);
    Object v =
        switch (jdbcType) {
          case Types.TIME -> rs.getObject(i, LocalTime.class);
          case Types.TIMESTAMP -> rs.getObject(i, LocalDateTime.class);
          case Types.DATE -> rs.getObject(i, LocalDate.class);
          default -> rs.getObject(i);
        };
    if (v == null) {
      return "NULL";
    }
    return switch (v) {
      case BigDecimal d -> d.signum() == 0 ? "0" : d.stripTrailingZeros().toPlainString();
      case Float f -> f.toString();
      case Double d -> d.toString();
      case Number n -> n.toString(); // the integer widths: Short, Integer, Long, BigInteger
      case Boolean b -> b.toString();
      case LocalDate d -> d.toString();
      case LocalTime t -> t.toString(); // ISO: HH:MM[:SS[.fraction]], zeros past the value dropped
      case LocalDateTime t -> t.toString();
      case byte[] b when jdbcType == Types.BIT -> bits(b, meta.getPrecision(i));
      case byte[] b -> HexFormat.of().formatHex(b);
      case java.util.UUID u -> u.toString();
      case String s when jdbcType == Types.CHAR -> quote(s.stripTrailing());
      case String s -> quote(s);
      case Object o when jdbcType == Types.BIT -> rs.getString(i); // PostgreSQL's bit(n): 0s and 1s
      default -> quote(rs.getString(i));
    };
  }

  /** The low {@code n} bits of the big-endian {@code bytes} as 0s and 1s, as bit(n) prints. */
  private static String bits(byte[] bytes, int n) {
    StringBuilder out = new StringBuilder(n);
    for (int bit = n - 1; bit >= 0; bit--) {
      int at = bytes.length - 1 - bit / 8;
      out.append(at >= 0 && (bytes[at] >> (bit % 8) & 1) == 1 ? '1' : '0');
    }
    return out.toString();
  }

  /** Double quotes around the text, with backslash, quote and control characters escaped. */
  private static String quote(String s) {
    StringBuilder out = new StringBuilder(s.length() + 2).append('"');
    s.codePoints()
        .forEach(
            cp -> {
              if (cp == '"' || cp == '\\') {
                out.append('\\').appendCodePoint(cp);
              } else if (cp < 0x20) {
                out.append(String.format("\\u%04x", cp));
              } else {
                out.appendCodePoint(cp);
              }
            });
    return out.append('"').toString();
  }
}
