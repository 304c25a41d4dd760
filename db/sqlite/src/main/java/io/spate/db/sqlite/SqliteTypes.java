package io.spate.db.sqlite;

import io.spate.protocol.schema.Column;
import io.spate.protocol.schema.SqlType;
import java.util.Locale;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * Maps a SQLite column's declared type onto Spate's {@link SqlType}, without a database.
 *
 * <p>Design: SQLite stores any value in any column; the declared type decides only the column's
 * affinity, by SQLite's five rules in order (section 3.1 of "Datatypes In SQLite"): a name
 * containing {@code INT} is INTEGER affinity; {@code CHAR}, {@code CLOB} or {@code TEXT}, TEXT;
 * {@code BLOB} or no type, BLOB; {@code REAL}, {@code FLOA} or {@code DOUB}, REAL; anything else
 * NUMERIC. Spate draws the values the affinity keeps as they are: integers, text (bounded by a
 * declared length where one is given, which SQLite itself never enforces), bytes, doubles,
 * decimals. Before the rules, the names applications declare for the types SQLite has no storage
 * class of ({@code DATE}, {@code DATETIME}, {@code TIMESTAMP}, {@code TIME}, {@code BOOLEAN},
 * {@code DECIMAL(p,s)}, {@code UUID}, {@code JSON}) map to those types, written as SQLite's own
 * functions read them ({@link SqliteRows}).
 *
 * <p>Invariant: a declared type maps to the same {@link SqlType} whatever the table; a column with
 * no declared type (BLOB affinity, which keeps whatever it is given) is drawn as text.
 */
final class SqliteTypes {

  private static final Pattern ARGUMENTS =
      Pattern.compile("\\(\\s*([+-]?\\d+)\\s*(?:,\\s*([+-]?\\d+)\\s*)?\\)");

  private SqliteTypes() {}

  /** SQLite's type affinities. */
  enum Affinity {
    INTEGER,
    TEXT,
    BLOB,
    REAL,
    NUMERIC
  }

  /** The affinity SQLite gives a column declared {@code declared} (its rules, in order). */
  static Affinity affinity(String declared) {
    String t = declared == null ? "" : declared.toUpperCase(Locale.ROOT);
    if (t.contains("INT")) {
      return Affinity.INTEGER;
    }
    if (t.contains("CHAR") || t.contains("CLOB") || t.contains("TEXT")) {
      return Affinity.TEXT;
    }
    if (t.contains("BLOB") || t.isBlank()) {
      return Affinity.BLOB;
    }
    if (t.contains("REAL") || t.contains("FLOA") || t.contains("DOUB")) {
      return Affinity.REAL;
    }
    return Affinity.NUMERIC;
  }

  /**
   * One column as {@code PRAGMA table_xinfo} describes it.
   *
   * @param declared the declared type as written ({@code varchar(40)}), empty for none
   * @param defaultValue the default's SQL text, or null
   * @param identity a rowid alias ({@code INTEGER PRIMARY KEY}): SQLite numbers it when omitted
   * @param generated a generated column ({@code hidden} 2 or 3): never written
   */
  record Declared(
      String name,
      String declared,
      boolean notNull,
      String defaultValue,
      boolean identity,
      boolean generated) {}

  static Column map(Declared d) {
    String declared = d.declared() == null ? "" : d.declared().strip();
    String t = declared.toUpperCase(Locale.ROOT);
    String base = baseName(t);
    Matcher args = ARGUMENTS.matcher(t);
    int first = -1;
    int second = -1;
    if (args.find()) {
      first = Integer.parseInt(args.group(1));
      second = args.group(2) == null ? -1 : Integer.parseInt(args.group(2));
    }
    SqlType type;
    int length = -1;
    int precision = -1;
    int scale = -1;
    switch (base) {
      case "BOOLEAN", "BOOL" -> type = SqlType.BOOLEAN;
      case "DATE" -> type = SqlType.DATE;
      case "DATETIME", "TIMESTAMP", "TIMESTAMP WITHOUT TIME ZONE" -> type = SqlType.TIMESTAMP;
      case "TIMESTAMPTZ", "TIMESTAMP WITH TIME ZONE" -> type = SqlType.TIMESTAMPTZ;
      case "TIME" -> type = SqlType.TIME;
      case "UUID" -> type = SqlType.UUID;
      case "JSON", "JSONB" -> type = SqlType.JSON;
      case "DECIMAL", "NUMERIC" -> {
        type = SqlType.NUMERIC;
        precision = first;
        scale = first < 0 ? -1 : Math.max(0, second);
      }
      default -> {
        switch (affinity(t)) {
          case INTEGER -> type = integer(t);
          case TEXT -> {
            length = first > 0 ? first : -1;
            boolean fixed =
                (base.equals("CHAR") || base.equals("CHARACTER") || base.equals("NCHAR"))
                    && !t.contains("VARYING");
            type = length < 0 ? SqlType.TEXT : fixed ? SqlType.CHAR : SqlType.VARCHAR;
          }
          case BLOB -> type = t.isBlank() ? SqlType.TEXT : SqlType.BYTEA;
          case REAL -> type = SqlType.DOUBLE;
          case NUMERIC -> {
            type = SqlType.NUMERIC;
            precision = first;
            scale = first < 0 ? -1 : Math.max(0, second);
          }
          default -> throw new IllegalStateException("unreachable");
        }
      }
    }
    return new Column(
        d.name(),
        type,
        declared.isEmpty() ? "(no type)" : declared,
        length,
        precision,
        scale,
        !d.notNull(),
        d.generated(),
        d.identity(),
        d.defaultValue());
  }

  /** An INTEGER-affinity name: every one holds 64 bits in SQLite; the width says what is drawn. */
  private static SqlType integer(String t) {
    if (t.contains("BIGINT") || t.contains("BIG INT") || t.contains("INT8")) {
      return SqlType.BIGINT;
    }
    if (t.contains("SMALLINT") || t.contains("TINYINT") || t.contains("INT2")) {
      return SqlType.SMALLINT;
    }
    return SqlType.INTEGER;
  }

  /**
   * The declared name up to its arguments, spaces folded: {@code DOUBLE PRECISION}, {@code DATE}.
   */
  private static String baseName(String upper) {
    int paren = upper.indexOf('(');
    String name = paren < 0 ? upper : upper.substring(0, paren);
    return name.strip().replaceAll("\\s+", " ");
  }
}
