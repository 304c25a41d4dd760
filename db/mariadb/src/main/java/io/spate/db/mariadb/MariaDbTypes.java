package io.spate.db.mariadb;

import io.spate.protocol.schema.Check;
import io.spate.protocol.schema.Column;
import io.spate.protocol.schema.SqlType;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;

/**
 * Maps one row of MariaDB's or MySQL's {@code information_schema.COLUMNS} onto a {@link Column},
 * without a database, and gives the CHECKs a type implies.
 *
 * <p>Design: the protocol has PostgreSQL's types, so each MySQL type maps to the nearest one that
 * holds all its values, and what is narrower than that type is said as synthesized {@link
 * Check.CompareLiteral}s, the way a CHECK would say it ({@code tinyint unsigned} is a smallint with
 * {@code col >= 0} and {@code col <= 255}): the planner keeps values inside them and sizes and
 * refuses integer keys by them as it does for any CHECK. Invariant: a type outside the known set
 * becomes {@link SqlType#UNSUPPORTED} with its own name, never a guess.
 */
public final class MariaDbTypes {

  private MariaDbTypes() {}

  /**
   * One column as {@code information_schema.COLUMNS} describes it.
   *
   * @param dataType {@code DATA_TYPE}, e.g. {@code tinyint}
   * @param columnType {@code COLUMN_TYPE}, e.g. {@code tinyint(3) unsigned}, {@code enum('a','b')}
   * @param charLength {@code CHARACTER_MAXIMUM_LENGTH}: characters of char/varchar, bytes of
   *     binary/varbinary and of the text and blob types; -1 when null
   * @param octetLength {@code CHARACTER_OCTET_LENGTH}, -1 when null
   * @param maxBytesPerChar the column's character set's {@code MAXLEN}, 1 when unknown
   * @param precision {@code NUMERIC_PRECISION} (bits of a bit type), -1 when null
   * @param scale {@code NUMERIC_SCALE}, -1 when null
   * @param extra {@code EXTRA}: {@code auto_increment}, {@code VIRTUAL GENERATED}, ...
   * @param defaultValue {@code COLUMN_DEFAULT} as the server prints it, or null
   */
  record Row(
      String name,
      String dataType,
      String columnType,
      long charLength,
      long octetLength,
      int maxBytesPerChar,
      long precision,
      long scale,
      boolean nullable,
      String extra,
      String defaultValue) {}

  /** A column and the CHECKs its type implies (empty when the protocol type holds exactly it). */
  record Mapped(Column column, List<Check> checks) {}

  static Mapped map(Row r) {
    String data = r.dataType().toLowerCase(Locale.ROOT);
    String full = r.columnType().toLowerCase(Locale.ROOT);
    boolean unsigned = full.contains("unsigned");
    String extra = r.extra() == null ? "" : r.extra().toLowerCase(Locale.ROOT);
    boolean identity = extra.contains("auto_increment");
    // VIRTUAL/STORED (MySQL), PERSISTENT (MariaDB) GENERATED; not MySQL's DEFAULT_GENERATED
    boolean generated = extra.matches(".*\\b(virtual|stored|persistent) generated\\b.*");
    SqlType type = SqlType.UNSUPPORTED;
    int length = -1;
    int precision = -1;
    int scale = -1;
    List<String> labels = List.of();
    List<Check> checks = new ArrayList<>();
    switch (data) {
      case "tinyint" -> {
        if (full.startsWith("tinyint(1)") && !unsigned) {
          type = SqlType.BOOLEAN; // bool, boolean: MySQL's own spelling of a flag
        } else {
          type = SqlType.SMALLINT;
          range(r.name(), full, unsigned ? 0 : -128, unsigned ? 255 : 127, identity, checks);
        }
      }
      case "smallint" -> {
        type = unsigned ? SqlType.INTEGER : SqlType.SMALLINT;
        if (unsigned) {
          range(r.name(), full, 0, 65535, identity, checks);
        }
      }
      case "mediumint" -> {
        type = SqlType.INTEGER;
        range(
            r.name(),
            full,
            unsigned ? 0 : -8388608,
            unsigned ? 16777215 : 8388607,
            identity,
            checks);
      }
      case "int", "integer" -> {
        type = unsigned ? SqlType.BIGINT : SqlType.INTEGER;
        if (unsigned) {
          range(r.name(), full, 0, 4294967295L, identity, checks);
        }
      }
      case "bigint" -> {
        type = SqlType.BIGINT; // unsigned past 2^63 - 1 is out of a long's reach: kept below it
        if (unsigned) {
          range(r.name(), full, 0, Long.MAX_VALUE, identity, checks);
        }
      }
      case "decimal", "numeric" -> {
        type = SqlType.NUMERIC;
        precision = (int) r.precision();
        scale = (int) r.scale();
        nonNegative(r.name(), full, unsigned, checks);
      }
      case "float" -> {
        type = SqlType.REAL;
        nonNegative(r.name(), full, unsigned, checks);
      }
      case "double", "real", "double precision" -> {
        type = SqlType.DOUBLE;
        nonNegative(r.name(), full, unsigned, checks);
      }
      case "bit" -> {
        type = SqlType.BIT;
        length = (int) r.precision();
      }
      case "char" -> {
        type = SqlType.CHAR;
        length = (int) r.charLength();
      }
      case "varchar" -> {
        type = SqlType.VARCHAR;
        length = (int) r.charLength();
      }
      case "tinytext", "text" -> {
        // limits in bytes, kept as the characters that always fit: tinytext is a varchar of them,
        // text is PostgreSQL's text (its default lengths, so the same seed fills both alike)
        type = data.equals("text") ? SqlType.TEXT : SqlType.VARCHAR;
        length = (int) (bytes(r) / Math.max(1, r.maxBytesPerChar()));
      }
      case "mediumtext", "longtext" -> type = SqlType.TEXT;
      case "binary", "varbinary" -> {
        type = SqlType.BYTEA;
        length = (int) bytes(r);
      }
      case "tinyblob", "blob", "mediumblob", "longblob" -> type = SqlType.BYTEA;
      case "enum", "set" -> {
        // a set holds any subset of its labels; one label is a valid value
        type = SqlType.ENUM;
        labels = labels(r.columnType());
      }
      case "date" -> type = SqlType.DATE;
      case "time" -> type = SqlType.TIME;
      case "datetime" -> type = SqlType.TIMESTAMP;
      case "timestamp" -> {
        // seconds since 1970 in 32 bits: 1970-01-01 00:00:01 to 2038-01-19 03:14:07 UTC, kept a
        // day inside either end so any session time zone holds it
        type = SqlType.TIMESTAMP;
        checks.add(compare(r.name(), full, ">=", "1970-01-02 00:00:00"));
        checks.add(compare(r.name(), full, "<", "2038-01-18 00:00:00"));
      }
      case "year" -> {
        type = SqlType.SMALLINT;
        range(r.name(), full, 1901, 2155, false, checks);
      }
      case "json" -> type = SqlType.JSON;
      case "uuid" -> type = SqlType.UUID;
      case "inet4", "inet6" -> type = SqlType.INET;
      default -> {}
    }
    String defaultValue = r.defaultValue();
    if (defaultValue != null && defaultValue.equalsIgnoreCase("null")) {
      defaultValue = null; // MariaDB prints an explicit DEFAULT NULL so
    }
    Column column =
        new Column(
            r.name(),
            type,
            r.columnType(),
            length,
            precision,
            scale,
            r.nullable(),
            generated,
            identity,
            defaultValue,
            0,
            null,
            labels,
            List.of());
    return new Mapped(column, generated ? List.of() : checks);
  }

  /** The column as MariaDB's json alias declares it: a longtext with {@code json_valid(col)}. */
  static Column asJson(Column c) {
    return new Column(
        c.name(),
        SqlType.JSON,
        "json",
        -1,
        -1,
        -1,
        c.nullable(),
        c.generated(),
        c.identity(),
        c.defaultExpr(),
        0,
        null,
        List.of(),
        List.of());
  }

  private static long bytes(Row r) {
    return r.octetLength() >= 0 ? r.octetLength() : r.charLength();
  }

  /**
   * {@code lo <= col <= hi}; an AUTO_INCREMENT column starts at 1, as 0 there asks the server for
   * the next value.
   */
  private static void range(
      String column, String type, long lo, long hi, boolean identity, List<Check> checks) {
    checks.add(compare(column, type, ">=", Long.toString(identity ? Math.max(lo, 1) : lo)));
    checks.add(compare(column, type, "<=", Long.toString(hi)));
  }

  private static void nonNegative(
      String column, String type, boolean unsigned, List<Check> checks) {
    if (unsigned) {
      checks.add(compare(column, type, ">=", "0"));
    }
  }

  private static Check compare(String column, String type, String op, String literal) {
    return new Check.CompareLiteral(Check.TYPE_RANGE + type, column, op, literal);
  }

  /**
   * The labels of {@code enum('a','b''c')} or {@code set(...)}, in declared order, unquoted ({@code
   * ''} and MySQL's backslash escapes undone).
   */
  static List<String> labels(String columnType) {
    List<String> labels = new ArrayList<>();
    int open = columnType.indexOf('(');
    StringBuilder label = null;
    for (int i = open + 1; i < columnType.length(); i++) {
      char c = columnType.charAt(i);
      if (label == null) {
        if (c == '\'') {
          label = new StringBuilder();
        }
      } else if (c == '\\' && i + 1 < columnType.length()) {
        label.append(columnType.charAt(++i));
      } else if (c == '\'' && i + 1 < columnType.length() && columnType.charAt(i + 1) == '\'') {
        label.append('\'');
        i++;
      } else if (c == '\'') {
        labels.add(label.toString());
        label = null;
      } else {
        label.append(c);
      }
    }
    return List.copyOf(labels);
  }
}
