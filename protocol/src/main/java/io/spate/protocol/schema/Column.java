package io.spate.protocol.schema;

import java.util.List;
import java.util.Objects;

/**
 * One column of a table as the database declares it, or the element of an array column or the
 * subtype of a range column (then {@code name} is the owning column's).
 *
 * <p>A column of a domain type carries the domain's base type in {@code type}, {@code length},
 * {@code precision} and {@code scale}, is not {@code nullable} when the domain says NOT NULL, and
 * carries the domain's CHECKs (those of every domain down to the base type) in {@code
 * domainChecks}, where {@code VALUE} stands for the column.
 *
 * @param typeName the type as the database formats it, e.g. {@code character varying(64)}; used in
 *     messages
 * @param length declared length of char/varchar (the characters a MariaDB or MySQL text always
 *     holds, bits of bit/varbit, PostGIS's packed type modifier of geometry/geography), or -1 when
 *     unbounded
 * @param precision numeric precision, or -1 when unconstrained
 * @param scale numeric scale, or -1 when unconstrained
 * @param generated a generated (computed) column: never written
 * @param identity an identity column, or one whose default draws from a sequence (serial)
 * @param defaultExpr the default expression, or null
 * @param typeOid the declared type's OID (a domain's own, not its base type's), 0 when unknown;
 *     binary arrays name their element type by it
 * @param element the element type of an {@link SqlType#ARRAY}, the subtype of a {@link
 *     SqlType#RANGE}, else null
 * @param enumLabels an {@link SqlType#ENUM}'s labels in their sort order, else empty
 * @param domainChecks the CHECKs of the column's domain, on column {@code VALUE}; else empty
 */
public record Column(
    String name,
    SqlType type,
    String typeName,
    int length,
    int precision,
    int scale,
    boolean nullable,
    boolean generated,
    boolean identity,
    String defaultExpr,
    long typeOid,
    Column element,
    List<String> enumLabels,
    List<Check> domainChecks) {

  /** The name a domain's CHECK uses for the value being checked. */
  public static final String DOMAIN_VALUE = "VALUE";

  public Column {
    Objects.requireNonNull(name, "name");
    Objects.requireNonNull(type, "type");
    Objects.requireNonNull(typeName, "typeName");
    // Absent in messages from older writers: no labels, no domain.
    enumLabels = enumLabels == null ? List.of() : List.copyOf(enumLabels);
    domainChecks = domainChecks == null ? List.of() : List.copyOf(domainChecks);
  }

  /** A column of a plain built-in type: no OID, element, labels or domain. */
  public Column(
      String name,
      SqlType type,
      String typeName,
      int length,
      int precision,
      int scale,
      boolean nullable,
      boolean generated,
      boolean identity,
      String defaultExpr) {
    this(
        name,
        type,
        typeName,
        length,
        precision,
        scale,
        nullable,
        generated,
        identity,
        defaultExpr,
        0,
        null,
        List.of(),
        List.of());
  }

  /** A nullable, unbounded column of the given type, for tests and examples. */
  public static Column of(String name, SqlType type) {
    return new Column(
        name,
        type,
        type.name().toLowerCase(java.util.Locale.ROOT),
        -1,
        -1,
        -1,
        true,
        false,
        false,
        null);
  }

  /** This column with {@code nullable} and {@code length} instead of its own. */
  public Column with(boolean nullable, int length) {
    return new Column(
        name,
        type,
        typeName,
        length,
        precision,
        scale,
        nullable,
        generated,
        identity,
        defaultExpr,
        typeOid,
        element,
        enumLabels,
        domainChecks);
  }

  /** Whether Spate can generate this column's values: its type and its element's are known. */
  public boolean supported() {
    return switch (type) {
      case UNSUPPORTED -> false;
      case ARRAY -> element != null && element.type() != SqlType.ARRAY && element.supported();
      case RANGE ->
          element != null
              && element.domainChecks().isEmpty()
              && switch (element.type()) {
                case SMALLINT, INTEGER, BIGINT, NUMERIC, DATE, TIME, TIMESTAMP, TIMESTAMPTZ -> true;
                default -> false;
              };
      default -> true;
    };
  }
}
