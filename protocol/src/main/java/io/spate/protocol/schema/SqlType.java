package io.spate.protocol.schema;

/**
 * The column types Spate generates. {@link #UNSUPPORTED} stands for any other type: the planner
 * refuses it unless the config skips the column.
 *
 * <p>A domain is not a type of its own here: a domain column has its base type's {@code SqlType}
 * and carries the domain's checks in {@link Column#domainChecks()}. {@link #ARRAY} and {@link
 * #RANGE} describe their element (or bound) type in {@link Column#element()}.
 */
public enum SqlType {
  SMALLINT,
  INTEGER,
  BIGINT,
  NUMERIC,
  REAL,
  DOUBLE,
  BOOLEAN,
  CHAR,
  VARCHAR,
  TEXT,
  DATE,
  TIME,
  TIMESTAMP,
  TIMESTAMPTZ,
  UUID,
  BYTEA,
  JSON,
  JSONB,
  /** An enum type: one of {@link Column#enumLabels()}, sent as the label's text. */
  ENUM,
  /** A one-dimensional array of {@link Column#element()}. */
  ARRAY,
  /** A range over {@link Column#element()}, the range's subtype. */
  RANGE,
  INET,
  CIDR,
  MACADDR,
  INTERVAL,
  /** time with time zone. */
  TIMETZ,
  /** money, carried as a {@code long} count of cents. */
  MONEY,
  /** bit(n): exactly {@link Column#length()} bits. */
  BIT,
  /** bit varying(n): at most {@link Column#length()} bits, or unbounded when it is -1. */
  VARBIT,
  XML,
  TSVECTOR,
  /** The citext extension's case-insensitive text; its binary form is text's. */
  CITEXT,
  /** The geometric types: valid shapes (a line not degenerate, a polygon of three points). */
  POINT,
  LINE,
  LSEG,
  BOX,
  PATH,
  POLYGON,
  CIRCLE,
  /** The cube extension's n-dimensional box or point: a point of three coordinates. */
  CUBE,
  /**
   * PostGIS geometry and geography: the shape, dimensions and SRID of {@link Column#length()}'s
   * type modifier (PostGIS's packed typmod, -1 when none), at valid longitudes and latitudes.
   */
  GEOMETRY,
  GEOGRAPHY,
  UNSUPPORTED;

  /**
   * Types whose values Spate carries as a {@code long} (integers, day/microsecond counts, cents).
   */
  public boolean isIntegral() {
    return switch (this) {
      case SMALLINT, INTEGER, BIGINT, DATE, TIME, TIMESTAMP, TIMESTAMPTZ, MONEY -> true;
      default -> false;
    };
  }

  public boolean isText() {
    return this == CHAR || this == VARCHAR || this == TEXT || this == CITEXT;
  }
}
