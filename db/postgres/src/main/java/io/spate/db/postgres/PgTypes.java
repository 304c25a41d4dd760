package io.spate.db.postgres;

import static io.spate.db.postgres.CatalogQuery.names;

import io.spate.core.introspect.CheckParser;
import io.spate.protocol.schema.Check;
import io.spate.protocol.schema.Column;
import io.spate.protocol.schema.SqlType;
import io.spate.protocol.schema.Table;
import java.sql.Connection;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.sql.Savepoint;
import java.sql.Statement;
import java.util.ArrayList;
import java.util.Collection;
import java.util.HashMap;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;

/**
 * The types the introspected columns use, read in one query as a graph (domain to base type, array
 * to element, range to subtype) and resolved in memory, so a column of an array of a domain over an
 * enum needs no extra round trip.
 *
 * <p>Invariant: resolving never fails and never guesses: a type outside the supported set, or one
 * created after the types query, becomes {@link SqlType#UNSUPPORTED} with the database's own name;
 * a domain CHECK outside {@link CheckParser}'s grammar stays {@link Check.Unparsed}, and a domain
 * whose CHECKs refuse NULL makes its columns NOT NULL, whether Spate reads them or the server tells
 * ({@link #refusingNull}).
 */
final class PgTypes {

  /** PostgreSQL's varlena header size, added to every char/varchar/numeric type modifier. */
  private static final int VARHDRSZ = 4;

  /** Built-in base types by their {@code pg_catalog} name. */
  private static final Map<String, SqlType> TYPES_BY_TYPNAME =
      Map.ofEntries(
          Map.entry("int2", SqlType.SMALLINT),
          Map.entry("int4", SqlType.INTEGER),
          Map.entry("int8", SqlType.BIGINT),
          Map.entry("numeric", SqlType.NUMERIC),
          Map.entry("float4", SqlType.REAL),
          Map.entry("float8", SqlType.DOUBLE),
          Map.entry("bool", SqlType.BOOLEAN),
          Map.entry("bpchar", SqlType.CHAR),
          Map.entry("varchar", SqlType.VARCHAR),
          Map.entry("text", SqlType.TEXT),
          Map.entry("date", SqlType.DATE),
          Map.entry("time", SqlType.TIME),
          Map.entry("timestamp", SqlType.TIMESTAMP),
          Map.entry("timestamptz", SqlType.TIMESTAMPTZ),
          Map.entry("uuid", SqlType.UUID),
          Map.entry("bytea", SqlType.BYTEA),
          Map.entry("json", SqlType.JSON),
          Map.entry("jsonb", SqlType.JSONB),
          Map.entry("inet", SqlType.INET),
          Map.entry("cidr", SqlType.CIDR),
          Map.entry("macaddr", SqlType.MACADDR),
          Map.entry("interval", SqlType.INTERVAL),
          Map.entry("timetz", SqlType.TIMETZ),
          Map.entry("money", SqlType.MONEY),
          Map.entry("bit", SqlType.BIT),
          Map.entry("varbit", SqlType.VARBIT),
          Map.entry("xml", SqlType.XML),
          Map.entry("tsvector", SqlType.TSVECTOR),
          Map.entry("point", SqlType.POINT),
          Map.entry("line", SqlType.LINE),
          Map.entry("lseg", SqlType.LSEG),
          Map.entry("box", SqlType.BOX),
          Map.entry("path", SqlType.PATH),
          Map.entry("polygon", SqlType.POLYGON),
          Map.entry("circle", SqlType.CIRCLE));

  /** Extension types, in whatever schema the extension was created, by their name. */
  private static final Map<String, SqlType> EXTENSION_TYPES =
      Map.of(
          "citext", SqlType.CITEXT,
          "cube", SqlType.CUBE,
          "geometry", SqlType.GEOMETRY,
          "geography", SqlType.GEOGRAPHY);

  /**
   * Every type the columns use, and recursively the base types of domains, the element types of
   * arrays and the subtypes of ranges: with enum labels in sort order and domain CHECKs by name.
   * Arrays are the types received by {@code array_recv} (not {@code int2vector} and the like).
   */
  private static final String TYPES_SQL =
      "WITH RECURSIVE"
          + CatalogQuery.TABLES.substring("WITH".length()).stripTrailing()
          + """
          ,
          types AS (
            SELECT DISTINCT a.atttypid AS oid
            FROM tabs JOIN pg_attribute a ON a.attrelid = tabs.oid
            WHERE a.attnum > 0 AND NOT a.attisdropped
            UNION
            SELECT x.oid
            FROM types
            JOIN pg_type t ON t.oid = types.oid
            LEFT JOIN pg_range r ON r.rngtypid = t.oid
            CROSS JOIN LATERAL (VALUES (t.typbasetype),
                                       (CASE WHEN t.typreceive = 'array_recv'::regproc THEN t.typelem END),
                                       (r.rngsubtype)) AS x(oid)
            WHERE x.oid <> 0
          )
          SELECT t.oid, n.nspname, t.typname, t.typtype, t.typbasetype, t.typtypmod, t.typnotnull,
                 t.typreceive = 'array_recv'::regproc AS is_array, t.typelem, r.rngsubtype,
                 format_type(t.oid, NULL) AS type_name,
                 ARRAY(SELECT e.enumlabel::text FROM pg_enum e
                       WHERE e.enumtypid = t.oid ORDER BY e.enumsortorder) AS labels,
                 ARRAY(SELECT c.conname::text FROM pg_constraint c
                       WHERE c.contypid = t.oid AND c.contype = 'c' ORDER BY c.conname) AS check_names,
                 ARRAY(SELECT pg_get_constraintdef(c.oid) FROM pg_constraint c
                       WHERE c.contypid = t.oid AND c.contype = 'c' ORDER BY c.conname) AS check_defs
          FROM types
          JOIN pg_type t ON t.oid = types.oid
          JOIN pg_namespace n ON n.oid = t.typnamespace
          LEFT JOIN pg_range r ON r.rngtypid = t.oid
          """;

  /** SQLSTATE {@code check_violation}: a NULL cast to a domain whose CHECK refuses it. */
  private static final String CHECK_VIOLATION = "23514";

  private final Map<Long, PgType> types;

  /** The domains whose CHECKs, though unread, refuse NULL ({@link #refusingNull}). */
  private final Set<Long> nullRefused;

  private PgTypes(Map<Long, PgType> types, Set<Long> nullRefused) {
    this.types = types;
    this.nullRefused = nullRefused;
  }

  /** Reads every type the columns of the introspected tables use, and the types they build on. */
  static PgTypes read(CatalogQuery catalog) {
    Map<Long, PgType> types = new HashMap<>();
    catalog.run(
        TYPES_SQL,
        "types",
        rs -> {
          PgType type = PgType.read(rs);
          types.put(type.oid(), type);
        });
    return new PgTypes(types, refusingNull(catalog, types.values()));
  }

  /**
   * The domains with a CHECK {@link CheckParser} cannot read that refuse NULL, such as {@code VALUE
   * IS NOT NULL AND (VALUE).x IS NOT NULL} over a composite: the server casts a NULL to each (a
   * domain's CHECKs judge a NULL too) and a check violation says so. Only such domains cost a round
   * trip; one taken inside a transaction runs under a savepoint, so the transaction goes on.
   */
  private static Set<Long> refusingNull(CatalogQuery catalog, Collection<PgType> types) {
    Set<Long> refusing = new HashSet<>();
    Connection connection = catalog.connection();
    for (PgType t : types) {
      if (!t.kind().equals("d") || !t.hasUnreadCheck()) {
        continue;
      }
      String cast =
          "SELECT CAST(NULL AS " + Table.quote(t.schema()) + "." + Table.quote(t.name()) + ")";
      try {
        Savepoint savepoint = connection.getAutoCommit() ? null : connection.setSavepoint();
        try (Statement s = connection.createStatement()) {
          s.execute(cast);
        } catch (SQLException e) {
          if (!CHECK_VIOLATION.equals(e.getSQLState())) {
            throw e;
          }
          refusing.add(t.oid());
        }
        if (savepoint != null) {
          connection.rollback(savepoint);
        }
      } catch (SQLException e) {
        throw new IllegalStateException(
            "cannot tell whether domain " + t.typeName() + " admits NULL: " + e.getMessage(), e);
      }
    }
    return refusing;
  }

  /**
   * Describes a value of type {@code oid} with modifier {@code typmod} as a nullable column named
   * {@code name}: a domain resolves to its base type with its checks and NOT NULL (of every domain
   * in the chain), an array and a range to their element and subtype. The OID stays the declared
   * one, a domain's own, as binary arrays require of their element type.
   */
  Column resolve(String name, long oid, int typmod, String typeName) {
    PgType t = types.get(oid);
    if (t == null) { // created after the types query
      return value(name, SqlType.UNSUPPORTED, typeName, oid, null, List.of());
    }
    if (t.kind().equals("d")) {
      Column base = resolve(name, t.baseType(), t.typmod(), typeName);
      List<Check> checks = new ArrayList<>(base.domainChecks());
      boolean notNull = t.notNull();
      for (int i = 0; i < t.checkNames().size(); i++) {
        CheckParser.Reading reading =
            CheckParser.parse(
                t.checkNames().get(i), t.checkDefinitions().get(i), List.of(Column.DOMAIN_VALUE));
        checks.addAll(reading.checks());
        notNull |= !reading.notNull().isEmpty(); // VALUE IS NOT NULL
      }
      notNull |= nullRefused.contains(oid);
      return new Column(
          name,
          base.type(),
          typeName,
          base.length(),
          base.precision(),
          base.scale(),
          base.nullable() && !notNull,
          false,
          false,
          null,
          oid,
          base.element(),
          base.enumLabels(),
          checks);
    }
    if (t.kind().equals("e")) {
      return value(name, SqlType.ENUM, typeName, oid, null, t.labels());
    }
    if (t.kind().equals("r")) {
      Column subtype = resolve(name, t.rangeSubtype(), -1, typeName(t.rangeSubtype()));
      return value(name, SqlType.RANGE, typeName, oid, subtype, List.of());
    }
    if (t.array()) {
      // The array's modifier is its elements': varchar(7)[] holds varchar(7).
      String elementName =
          typeName.endsWith("[]")
              ? typeName.substring(0, typeName.length() - 2)
              : typeName(t.element());
      return value(
          name,
          SqlType.ARRAY,
          typeName,
          oid,
          resolve(name, t.element(), typmod, elementName),
          List.of());
    }
    return base(name, oid, typmod, typeName, t);
  }

  /**
   * A base type: a built-in, an extension's known type or unsupported, with its length or precision
   * and scale.
   */
  private static Column base(String name, long oid, int typmod, String typeName, PgType t) {
    SqlType type = SqlType.UNSUPPORTED;
    if (t.kind().equals("b") && t.schema().equals("pg_catalog")) {
      type = TYPES_BY_TYPNAME.getOrDefault(t.name(), SqlType.UNSUPPORTED);
    } else if (t.kind().equals("b")) {
      type = EXTENSION_TYPES.getOrDefault(t.name(), SqlType.UNSUPPORTED);
    }
    int length = -1;
    int precision = -1;
    int scale = -1;
    if ((type == SqlType.CHAR || type == SqlType.VARCHAR) && typmod >= 0) {
      length = typmod - VARHDRSZ;
    } else if (type == SqlType.BIT || type == SqlType.VARBIT) {
      length = typmod; // bit counts carry no header; plain bit is bit(1)
    } else if (type == SqlType.GEOMETRY || type == SqlType.GEOGRAPHY) {
      length = typmod; // PostGIS's packed shape, dimensions and SRID
    } else if (type == SqlType.NUMERIC && typmod >= 0) {
      int packed = typmod - VARHDRSZ;
      precision = (packed >> 16) & 0xffff;
      // The low 11 bits hold the scale as a signed number (negative scales exist since PG 15).
      scale = ((packed & 0x7ff) ^ 1024) - 1024;
    }
    return new Column(
        name, type, typeName, length, precision, scale, true, false, false, null, oid, null,
        List.of(), List.of());
  }

  /** A nullable value of a type without length, precision or domain. */
  private static Column value(
      String name, SqlType type, String typeName, long oid, Column element, List<String> labels) {
    return new Column(
        name, type, typeName, -1, -1, -1, true, false, false, null, oid, element, labels,
        List.of());
  }

  private String typeName(long oid) {
    PgType t = types.get(oid);
    return t == null ? "oid " + oid : t.typeName();
  }

  /** One row of the types query. */
  private record PgType(
      long oid,
      String schema,
      String name,
      String kind,
      long baseType,
      int typmod,
      boolean notNull,
      boolean array,
      long element,
      long rangeSubtype,
      String typeName,
      List<String> labels,
      List<String> checkNames,
      List<String> checkDefinitions) {

    static PgType read(ResultSet rs) throws SQLException {
      return new PgType(
          rs.getLong("oid"),
          rs.getString("nspname"),
          rs.getString("typname"),
          rs.getString("typtype"),
          rs.getLong("typbasetype"),
          rs.getInt("typtypmod"),
          rs.getBoolean("typnotnull"),
          rs.getBoolean("is_array"),
          rs.getLong("typelem"),
          rs.getLong("rngsubtype"), // 0 when not a range
          rs.getString("type_name"),
          names(rs.getArray("labels")),
          names(rs.getArray("check_names")),
          names(rs.getArray("check_defs")));
    }

    /** Whether a CHECK of the domain's own is outside {@link CheckParser}'s grammar. */
    boolean hasUnreadCheck() {
      for (int i = 0; i < checkNames.size(); i++) {
        CheckParser.Reading reading =
            CheckParser.parse(
                checkNames.get(i), checkDefinitions.get(i), List.of(Column.DOMAIN_VALUE));
        if (reading.checks().stream().anyMatch(c -> c instanceof Check.Unparsed)) {
          return true;
        }
      }
      return false;
    }
  }
}
