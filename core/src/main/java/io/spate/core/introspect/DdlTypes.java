package io.spate.core.introspect;

import io.spate.core.introspect.DdlStatements.Dialect;
import io.spate.protocol.schema.Check;
import io.spate.protocol.schema.Column;
import io.spate.protocol.schema.SqlType;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import net.sf.jsqlparser.statement.create.table.ColDataType;

/**
 * A column's declared type, as JSqlParser reads it from a DDL file, mapped onto a {@link Column}
 * the way the target's introspector maps the same type read from its catalog: PostgreSQL's as
 * {@code PgTypes} does (its type names as {@code format_type} prints them, its built-in types'
 * OIDs), MySQL's and MariaDB's as {@code MariaDbTypes} does (what is narrower than the protocol
 * type said as the CHECKs {@link Check#TYPE_RANGE} names).
 *
 * <p>Invariant: a type outside the known set is no guess: {@link #map} returns null and the reader
 * reports it with the statement.
 */
final class DdlTypes {

  /**
   * The protocol type, the name {@code format_type} prints and the OID of each PostgreSQL type, by
   * every spelling a DDL file may use; the OIDs are fixed in {@code pg_type.dat}.
   */
  private record PgType(SqlType type, String name, long oid, long arrayOid) {}

  private static final Map<String, PgType> PG_TYPES = pgTypes();

  private static Map<String, PgType> pgTypes() {
    PgType int2 = new PgType(SqlType.SMALLINT, "smallint", 21, 1005);
    PgType int4 = new PgType(SqlType.INTEGER, "integer", 23, 1007);
    PgType int8 = new PgType(SqlType.BIGINT, "bigint", 20, 1016);
    PgType float4 = new PgType(SqlType.REAL, "real", 700, 1021);
    PgType float8 = new PgType(SqlType.DOUBLE, "double precision", 701, 1022);
    PgType numeric = new PgType(SqlType.NUMERIC, "numeric", 1700, 1231);
    PgType bool = new PgType(SqlType.BOOLEAN, "boolean", 16, 1000);
    PgType bpchar = new PgType(SqlType.CHAR, "character", 1042, 1014);
    PgType varchar = new PgType(SqlType.VARCHAR, "character varying", 1043, 1015);
    PgType time = new PgType(SqlType.TIME, "time without time zone", 1083, 1183);
    PgType timetz = new PgType(SqlType.TIMETZ, "time with time zone", 1266, 1270);
    PgType timestamp = new PgType(SqlType.TIMESTAMP, "timestamp without time zone", 1114, 1115);
    PgType timestamptz = new PgType(SqlType.TIMESTAMPTZ, "timestamp with time zone", 1184, 1185);
    PgType bit = new PgType(SqlType.BIT, "bit", 1560, 1561);
    PgType varbit = new PgType(SqlType.VARBIT, "bit varying", 1562, 1563);
    return Map.ofEntries(
        Map.entry("smallint", int2),
        Map.entry("int2", int2),
        Map.entry("smallserial", int2),
        Map.entry("serial2", int2),
        Map.entry("integer", int4),
        Map.entry("int", int4),
        Map.entry("int4", int4),
        Map.entry("serial", int4),
        Map.entry("serial4", int4),
        Map.entry("bigint", int8),
        Map.entry("int8", int8),
        Map.entry("bigserial", int8),
        Map.entry("serial8", int8),
        Map.entry("numeric", numeric),
        Map.entry("decimal", numeric),
        Map.entry("real", float4),
        Map.entry("float4", float4),
        Map.entry("double precision", float8),
        Map.entry("float8", float8),
        Map.entry("float", float8),
        Map.entry("boolean", bool),
        Map.entry("bool", bool),
        Map.entry("character", bpchar),
        Map.entry("char", bpchar),
        Map.entry("bpchar", bpchar),
        Map.entry("character varying", varchar),
        Map.entry("varchar", varchar),
        Map.entry("text", new PgType(SqlType.TEXT, "text", 25, 1009)),
        Map.entry("date", new PgType(SqlType.DATE, "date", 1082, 1182)),
        Map.entry("time", time),
        Map.entry("time without time zone", time),
        Map.entry("time with time zone", timetz),
        Map.entry("timetz", timetz),
        Map.entry("timestamp", timestamp),
        Map.entry("timestamp without time zone", timestamp),
        Map.entry("timestamp with time zone", timestamptz),
        Map.entry("timestamptz", timestamptz),
        Map.entry("uuid", new PgType(SqlType.UUID, "uuid", 2950, 2951)),
        Map.entry("bytea", new PgType(SqlType.BYTEA, "bytea", 17, 1001)),
        Map.entry("json", new PgType(SqlType.JSON, "json", 114, 199)),
        Map.entry("jsonb", new PgType(SqlType.JSONB, "jsonb", 3802, 3807)),
        Map.entry("inet", new PgType(SqlType.INET, "inet", 869, 1041)),
        Map.entry("cidr", new PgType(SqlType.CIDR, "cidr", 650, 651)),
        Map.entry("macaddr", new PgType(SqlType.MACADDR, "macaddr", 829, 1040)),
        Map.entry("interval", new PgType(SqlType.INTERVAL, "interval", 1186, 1187)),
        Map.entry("money", new PgType(SqlType.MONEY, "money", 790, 791)),
        Map.entry("bit", bit),
        Map.entry("bit varying", varbit),
        Map.entry("varbit", varbit),
        Map.entry("xml", new PgType(SqlType.XML, "xml", 142, 143)),
        Map.entry("tsvector", new PgType(SqlType.TSVECTOR, "tsvector", 3614, 3643)));
  }

  /**
   * A declared type, read.
   *
   * @param column the column of that type: nullable, not generated, no identity, no default
   * @param checks the CHECKs the type implies (MySQL's narrower integers, its timestamp's range)
   * @param serial PostgreSQL's {@code serial} family or MySQL's {@code serial}: an identity, NOT
   *     NULL (and in MySQL a unique key)
   */
  record Mapped(Column column, List<Check> checks, boolean serial) {}

  /**
   * The declared type of a column of an enum type a {@code CREATE TYPE ... AS ENUM} made: its
   * labels and the name {@code format_type} prints.
   */
  record EnumType(String typeName, List<String> labels) {}

  private DdlTypes() {}

  /**
   * Maps {@code type}; null when Spate does not know it.
   *
   * @param enums PostgreSQL's enum types made so far, by {@code schema.name}
   * @param bytesPerChar the most bytes a character takes in the table's MySQL character set
   */
  static Mapped map(
      Dialect dialect,
      String column,
      ColDataType type,
      Map<String, EnumType> enums,
      int bytesPerChar) {
    return dialect == Dialect.POSTGRESQL
        ? postgres(column, type, enums)
        : mysql(column, type, bytesPerChar);
  }

  /** The type's name as written, lower case, without its modifiers: {@code character varying}. */
  static String baseName(ColDataType type) {
    String name = type.getDataType().replaceAll("\\(.*?\\)", " ").strip();
    return name.replaceAll("\\s+", " ").toLowerCase(Locale.ROOT);
  }

  private static Mapped postgres(String column, ColDataType type, Map<String, EnumType> enums) {
    String name = baseName(type);
    boolean array = type.getArrayData() != null && !type.getArrayData().isEmpty();
    Integer p = type.getPrecision();
    Integer s = type.getScale();
    if (name.equals("float") && p != null) {
      name = p <= 24 ? "real" : "double precision";
      p = null;
    }
    PgType known = PG_TYPES.get(name);
    Column element;
    if (known == null) {
      EnumType e = enums.get(DdlSchema.qualifiedTypeKey(type.getDataType()));
      if (e == null) {
        return null;
      }
      element =
          new Column(
              column,
              SqlType.ENUM,
              e.typeName(),
              -1,
              -1,
              -1,
              true,
              false,
              false,
              null,
              0,
              null,
              e.labels(),
              List.of());
      return array ? new Mapped(arrayOf(element, 0), List.of(), false) : mapped(element, false);
    }
    int length = -1;
    int precision = -1;
    int scale = -1;
    String typeName = known.name();
    switch (known.type()) {
      case CHAR, VARCHAR, BIT, VARBIT -> {
        boolean fixed = known.type() == SqlType.CHAR || known.type() == SqlType.BIT;
        length = p != null ? p : fixed ? 1 : -1;
        typeName += length >= 0 ? "(" + length + ")" : "";
      }
      case NUMERIC -> {
        if (p != null) {
          precision = p;
          scale = s == null ? 0 : s;
          typeName += "(" + precision + "," + scale + ")";
        }
      }
      case TIME, TIMETZ, TIMESTAMP, TIMESTAMPTZ -> {
        if (p != null) {
          typeName = typeName.replaceFirst(" ", "(" + p + ") ");
        }
      }
      default -> {}
    }
    element =
        new Column(
            column,
            known.type(),
            typeName,
            length,
            precision,
            scale,
            true,
            false,
            false,
            null,
            known.oid(),
            null,
            List.of(),
            List.of());
    boolean serial = name.contains("serial");
    return array
        ? new Mapped(arrayOf(element, known.arrayOid()), List.of(), false)
        : mapped(element, serial);
  }

  private static Column arrayOf(Column element, long arrayOid) {
    return new Column(
        element.name(),
        SqlType.ARRAY,
        element.typeName() + "[]",
        -1,
        -1,
        -1,
        true,
        false,
        false,
        null,
        arrayOid,
        element,
        List.of(),
        List.of());
  }

  private static Mapped mapped(Column c, boolean serial) {
    return new Mapped(c, List.of(), serial);
  }

  /**
   * A MySQL or MariaDB type, as {@code MariaDbTypes} maps the {@code information_schema} row the
   * server would show for it; the type name is the {@code COLUMN_TYPE} it would print.
   */
  private static Mapped mysql(String column, ColDataType type, int bytesPerChar) {
    String name = baseName(type);
    boolean unsigned =
        type.getSignedness() == ColDataType.Signedness.UNSIGNED || name.equals("serial");
    Integer p = type.getPrecision();
    Integer s = type.getScale();
    String args = p == null ? "" : "(" + p + (s == null ? "" : "," + s) + ")";
    String canonical =
        switch (name) {
          case "integer" -> "int";
          case "bool", "boolean" -> "tinyint";
          case "dec", "numeric", "fixed" -> "decimal";
          case "double precision", "real" -> "double";
          case "character" -> "char";
          case "character varying" -> "varchar";
          case "serial" -> "bigint";
          default -> name;
        };
    if (name.equals("bool") || name.equals("boolean")) {
      args = "(1)";
    }
    List<Check> checks = new ArrayList<>();
    String typeName = canonical + args + (unsigned ? " unsigned" : "");
    SqlType sql = SqlType.UNSUPPORTED;
    int length = -1;
    int precision = -1;
    int scale = -1;
    List<String> labels = List.of();
    switch (canonical) {
      case "tinyint" -> {
        if (args.equals("(1)") && !unsigned) {
          sql = SqlType.BOOLEAN;
        } else {
          sql = SqlType.SMALLINT;
          range(column, typeName, unsigned ? 0 : -128, unsigned ? 255 : 127, checks);
        }
      }
      case "smallint" -> {
        sql = unsigned ? SqlType.INTEGER : SqlType.SMALLINT;
        if (unsigned) {
          range(column, typeName, 0, 65535, checks);
        }
      }
      case "mediumint" -> {
        sql = SqlType.INTEGER;
        range(column, typeName, unsigned ? 0 : -8388608, unsigned ? 16777215 : 8388607, checks);
      }
      case "int" -> {
        sql = unsigned ? SqlType.BIGINT : SqlType.INTEGER;
        if (unsigned) {
          range(column, typeName, 0, 4294967295L, checks);
        }
      }
      case "bigint" -> {
        sql = SqlType.BIGINT;
        if (unsigned) {
          range(column, typeName, 0, Long.MAX_VALUE, checks);
        }
      }
      case "decimal" -> {
        sql = SqlType.NUMERIC;
        precision = p == null ? 10 : p; // MySQL's default precision and scale
        scale = s == null ? 0 : s;
        typeName = "decimal(" + precision + "," + scale + ")" + (unsigned ? " unsigned" : "");
        nonNegative(column, typeName, unsigned, checks);
      }
      case "float" -> {
        sql = p != null && p > 24 && s == null ? SqlType.DOUBLE : SqlType.REAL;
        nonNegative(column, typeName, unsigned, checks);
      }
      case "double" -> {
        sql = SqlType.DOUBLE;
        nonNegative(column, typeName, unsigned, checks);
      }
      case "bit" -> {
        sql = SqlType.BIT;
        length = p == null ? 1 : p;
      }
      case "char" -> {
        sql = SqlType.CHAR;
        length = p == null ? 1 : p;
      }
      case "varchar" -> {
        sql = SqlType.VARCHAR;
        length = p == null ? -1 : p;
      }
      case "tinytext" -> {
        sql = SqlType.VARCHAR;
        length = 255 / bytesPerChar;
      }
      case "text" -> {
        sql = SqlType.TEXT;
        length = 65535 / bytesPerChar;
      }
      case "mediumtext", "longtext" -> sql = SqlType.TEXT;
      case "binary", "varbinary" -> {
        sql = SqlType.BYTEA;
        length = p == null ? 1 : p;
      }
      case "tinyblob", "blob", "mediumblob", "longblob" -> sql = SqlType.BYTEA;
      case "enum", "set" -> {
        sql = SqlType.ENUM;
        labels = labels(type.getArgumentsStringList());
        typeName = canonical + "(" + String.join(",", type.getArgumentsStringList()) + ")";
      }
      case "date" -> sql = SqlType.DATE;
      case "time" -> sql = SqlType.TIME;
      case "datetime" -> sql = SqlType.TIMESTAMP;
      case "timestamp" -> {
        sql = SqlType.TIMESTAMP;
        checks.add(compare(column, typeName, ">=", "1970-01-02 00:00:00"));
        checks.add(compare(column, typeName, "<", "2038-01-18 00:00:00"));
      }
      case "year" -> {
        sql = SqlType.SMALLINT;
        range(column, typeName, 1901, 2155, checks);
      }
      case "json" -> sql = SqlType.JSON;
      case "uuid" -> sql = SqlType.UUID;
      case "inet4", "inet6" -> sql = SqlType.INET;
      default -> {
        return null;
      }
    }
    Column c =
        new Column(
            column, sql, typeName, length, precision, scale, true, false, false, null, 0, null,
            labels, List.of());
    return new Mapped(c, checks, name.equals("serial"));
  }

  /** The checks of an AUTO_INCREMENT column: it starts at 1, as 0 asks the server for the next. */
  static List<Check> identityChecks(List<Check> checks) {
    return checks.stream()
        .map(
            c ->
                c instanceof Check.CompareLiteral l
                        && l.op().equals(">=")
                        && l.literal().matches("-?\\d+")
                        && Long.parseLong(l.literal()) < 1
                    ? new Check.CompareLiteral(l.name(), l.column(), l.op(), "1")
                    : c)
        .toList();
  }

  private static void range(String column, String type, long lo, long hi, List<Check> checks) {
    checks.add(compare(column, type, ">=", Long.toString(lo)));
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

  /** The labels of {@code enum('a','b''c')} as JSqlParser lists them, unquoted. */
  static List<String> labels(List<String> quoted) {
    return quoted.stream().map(DdlTypes::unquoteString).toList();
  }

  /**
   * A string literal's value: {@code 'it''s'} is {@code it's}; MySQL's backslash escapes undone.
   */
  static String unquoteString(String literal) {
    String s = literal.strip();
    if (s.length() >= 2 && s.startsWith("'") && s.endsWith("'")) {
      s = s.substring(1, s.length() - 1).replace("''", "'");
    }
    return s.replaceAll("\\\\(.)", "$1");
  }
}
