package io.spate.db.h2;

import io.spate.protocol.schema.Check;
import io.spate.protocol.schema.Column;
import io.spate.protocol.schema.SqlType;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;

/**
 * Maps an H2 2.x column, as {@code INFORMATION_SCHEMA.COLUMNS} describes it, onto Spate's {@link
 * SqlType}, without a database.
 *
 * <p>H2 names its types by the SQL standard's names in {@code DATA_TYPE} ({@code CHARACTER
 * VARYING}, {@code DOUBLE PRECISION}, {@code TIMESTAMP WITH TIME ZONE}) and keeps lengths,
 * precisions and scales in their own columns. A type narrower than the protocol's nearest one comes
 * with the CHECKs that say its range ({@code TINYINT} is a smallint from -128 to 127), so the
 * planner keeps values inside it as for any CHECK. A {@code CHARACTER VARYING} without a length (H2
 * reports its limit, 1,000,000,000) is text. Invariant: a type outside the known set becomes {@link
 * SqlType#UNSUPPORTED} with its own name, never a guess.
 */
final class H2Types {

  /** H2's length of a character or binary string declared without one. */
  static final long UNBOUNDED = 1_000_000_000L;

  /**
   * PostgreSQL's OIDs of array element types: the engine's array generator takes an element's OID
   * for its binary form, which this target never writes (it binds Java arrays), so any nonzero id
   * of the right type serves.
   */
  private static final java.util.Map<SqlType, Integer> ELEMENT_OIDS =
      java.util.Map.ofEntries(
          java.util.Map.entry(SqlType.BOOLEAN, 16),
          java.util.Map.entry(SqlType.BIGINT, 20),
          java.util.Map.entry(SqlType.SMALLINT, 21),
          java.util.Map.entry(SqlType.INTEGER, 23),
          java.util.Map.entry(SqlType.TEXT, 25),
          java.util.Map.entry(SqlType.REAL, 700),
          java.util.Map.entry(SqlType.DOUBLE, 701),
          java.util.Map.entry(SqlType.CHAR, 1042),
          java.util.Map.entry(SqlType.VARCHAR, 1043),
          java.util.Map.entry(SqlType.DATE, 1082),
          java.util.Map.entry(SqlType.TIME, 1083),
          java.util.Map.entry(SqlType.TIMESTAMP, 1114),
          java.util.Map.entry(SqlType.TIMESTAMPTZ, 1184),
          java.util.Map.entry(SqlType.NUMERIC, 1700),
          java.util.Map.entry(SqlType.UUID, 2950));

  private H2Types() {}

  /**
   * One column, or an array's element.
   *
   * @param dataType {@code DATA_TYPE}, e.g. {@code CHARACTER VARYING}
   * @param length {@code CHARACTER_MAXIMUM_LENGTH}; an array's {@code MAXIMUM_CARDINALITY}; -1 when
   *     null
   * @param precision {@code NUMERIC_PRECISION}, -1 when null
   * @param scale {@code NUMERIC_SCALE}, -1 when null
   * @param defaultValue {@code COLUMN_DEFAULT}, or null
   * @param labels an {@code ENUM}'s values in order ({@code INFORMATION_SCHEMA.ENUM_VALUES})
   * @param element an {@code ARRAY}'s element ({@code INFORMATION_SCHEMA.ELEMENT_TYPES}), or null
   */
  record Row(
      String name,
      String dataType,
      long length,
      long precision,
      long scale,
      boolean nullable,
      boolean identity,
      boolean generated,
      String defaultValue,
      List<String> labels,
      Row element) {}

  /** A column and the CHECKs its type implies (empty when the protocol type holds exactly it). */
  record Mapped(Column column, List<Check> checks) {}

  static Mapped map(Row r) {
    String data = r.dataType().toUpperCase(Locale.ROOT);
    SqlType type = SqlType.UNSUPPORTED;
    int length = -1;
    int precision = -1;
    int scale = -1;
    List<Check> checks = new ArrayList<>();
    Column element = null;
    switch (data) {
      case "BOOLEAN" -> type = SqlType.BOOLEAN;
      case "TINYINT" -> {
        type = SqlType.SMALLINT;
        checks.add(compare(r.name(), ">=", r.identity() ? "1" : "-128"));
        checks.add(compare(r.name(), "<=", "127"));
      }
      case "SMALLINT" -> type = SqlType.SMALLINT;
      case "INTEGER" -> type = SqlType.INTEGER;
      case "BIGINT" -> type = SqlType.BIGINT;
      case "NUMERIC", "DECFLOAT" -> {
        type = SqlType.NUMERIC;
        precision = (int) r.precision();
        scale = data.equals("NUMERIC") ? (int) Math.max(0, r.scale()) : -1;
        if (scale < 0) {
          precision = -1; // a DECFLOAT's scale floats: drawn as an unconstrained decimal
        }
      }
      case "REAL" -> type = SqlType.REAL;
      case "DOUBLE PRECISION" -> type = SqlType.DOUBLE;
      case "CHARACTER" -> {
        type = SqlType.CHAR;
        length = (int) r.length();
      }
      case "CHARACTER VARYING", "VARCHAR_IGNORECASE" -> {
        boolean bounded = r.length() > 0 && r.length() < UNBOUNDED;
        type = bounded ? SqlType.VARCHAR : SqlType.TEXT;
        length = bounded ? (int) r.length() : -1;
      }
      case "CHARACTER LARGE OBJECT" -> type = SqlType.TEXT;
      case "BINARY", "BINARY VARYING", "BINARY LARGE OBJECT" -> {
        type = SqlType.BYTEA;
        length = r.length() > 0 && r.length() < UNBOUNDED ? (int) r.length() : -1;
      }
      case "DATE" -> type = SqlType.DATE;
      case "TIME" -> type = SqlType.TIME;
      case "TIMESTAMP" -> type = SqlType.TIMESTAMP;
      case "TIMESTAMP WITH TIME ZONE" -> type = SqlType.TIMESTAMPTZ;
      case "UUID" -> type = SqlType.UUID;
      case "JSON" -> type = SqlType.JSON;
      case "ENUM" -> type = r.labels().isEmpty() ? SqlType.UNSUPPORTED : SqlType.ENUM;
      case "ARRAY" -> {
        Column e = r.element() == null ? null : map(r.element()).column();
        if (e != null && ELEMENT_OIDS.containsKey(e.type())) {
          type = SqlType.ARRAY;
          element = withOid(e, ELEMENT_OIDS.get(e.type()));
          length = r.length() > 0 && r.length() < Integer.MAX_VALUE ? (int) r.length() : -1;
        }
      }
      default -> {
        // TIME WITH TIME ZONE, INTERVAL, GEOMETRY, JAVA_OBJECT, ROW: no H2 form in Spate's writer
      }
    }
    String typeName = typeName(data, r);
    Column column =
        new Column(
            r.name(),
            type,
            typeName,
            length,
            precision,
            scale,
            r.nullable(),
            r.generated(),
            r.identity(),
            r.defaultValue(),
            0,
            element,
            type == SqlType.ENUM ? r.labels() : List.of(),
            List.of());
    return new Mapped(column, checks);
  }

  /** The type as H2's DDL spells it: {@code CHARACTER VARYING(40)}, {@code NUMERIC(12, 2)}. */
  static String typeName(String data, Row r) {
    return switch (data) {
      case "CHARACTER", "CHARACTER VARYING", "VARCHAR_IGNORECASE", "BINARY", "BINARY VARYING" ->
          r.length() > 0 && r.length() < UNBOUNDED ? data + "(" + r.length() + ")" : data;
      case "NUMERIC" ->
          r.precision() > 0
              ? data + "(" + r.precision() + ", " + Math.max(0, r.scale()) + ")"
              : data;
      case "ARRAY" ->
          r.element() == null
              ? data
              : typeName(r.element().dataType().toUpperCase(Locale.ROOT), r.element())
                  + " ARRAY"
                  + (r.length() > 0 && r.length() < Integer.MAX_VALUE
                      ? "[" + r.length() + "]"
                      : "");
      default -> data;
    };
  }

  private static Column withOid(Column e, int oid) {
    return new Column(
        e.name(),
        e.type(),
        e.typeName(),
        e.length(),
        e.precision(),
        e.scale(),
        true,
        false,
        false,
        null,
        oid,
        null,
        e.enumLabels(),
        List.of());
  }

  private static Check compare(String column, String op, String literal) {
    return new Check.CompareLiteral(Check.TYPE_RANGE + "TINYINT", column, op, literal);
  }

  /**
   * {@code CHECK_CLAUSE} as the shared CHECK parser reads it: H2 writes a literal compared with a
   * column of another type as a cast ({@code "AMOUNT" > CAST(0 AS NUMERIC(1))}); a cast of a
   * literal is the literal as PostgreSQL's {@code ::} cast, which the parser drops.
   */
  static String checkDefinition(String clause) {
    StringBuilder out = new StringBuilder("CHECK (");
    int i = 0;
    String upper = clause.toUpperCase(Locale.ROOT);
    while (i < clause.length()) {
      char c = clause.charAt(i);
      if (c == '\'' || c == '"') {
        int end = quotedEnd(clause, i, c);
        out.append(clause, i, end);
        i = end;
      } else if (upper.startsWith("CAST(", i) && (i == 0 || !isWord(clause.charAt(i - 1)))) {
        int close = closing(clause, i + 4);
        int as = upper.lastIndexOf(" AS ", close);
        if (close < 0 || as < i) {
          out.append(c);
          i++;
          continue;
        }
        String operand = clause.substring(i + 5, as).strip();
        if (operand.startsWith("'") || operand.matches("-?[0-9][0-9.E+-]*")) {
          out.append(operand);
        } else {
          out.append(clause, i, close + 1);
        }
        i = close + 1;
      } else {
        out.append(c);
        i++;
      }
    }
    return out.append(')').toString().replaceAll("\\s*\\n\\s*", " ");
  }

  private static boolean isWord(char c) {
    return Character.isLetterOrDigit(c) || c == '_';
  }

  /**
   * The end (exclusive) of the text quoted by {@code quote} at {@code start}, doubled quotes in.
   */
  private static int quotedEnd(String s, int start, char quote) {
    int i = start + 1;
    while (i < s.length()) {
      if (s.charAt(i) == quote) {
        if (i + 1 < s.length() && s.charAt(i + 1) == quote) {
          i += 2;
          continue;
        }
        return i + 1;
      }
      i++;
    }
    return s.length();
  }

  /** The index of the parenthesis closing the one at {@code open}, quotes skipped; -1 if none. */
  private static int closing(String s, int open) {
    int depth = 0;
    int i = open;
    while (i < s.length()) {
      char c = s.charAt(i);
      if (c == '\'' || c == '"') {
        i = quotedEnd(s, i, c);
        continue;
      }
      if (c == '(') {
        depth++;
      } else if (c == ')' && --depth == 0) {
        return i;
      }
      i++;
    }
    return -1;
  }
}
