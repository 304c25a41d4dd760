package io.spate.engine.generate;

import io.spate.engine.encode.Encoded;
import io.spate.protocol.plan.DefaultTimes;
import io.spate.protocol.plan.Distribution;
import io.spate.protocol.plan.ValueSpec;
import io.spate.protocol.schema.Column;
import io.spate.protocol.schema.SqlType;
import io.spate.protocol.seed.Streams;
import java.math.RoundingMode;
import java.util.HexFormat;
import java.util.List;

/**
 * Builds the generator of a non-key column from its {@link ValueSpec}: a value list when one is
 * given, else a range over the type's domain narrowed by the spec's bounds. Default domains are
 * fixed here, independent of the machine: integers 0..1,000,000, dates and timestamps in the ten
 * years before {@link DefaultTimes#END_DAY} (timestamps at whole seconds), floating point 0..1000,
 * money 0.00..1,000,000.00.
 */
final class ValueGens {

  private static final long MICROS_PER_SECOND = 1_000_000L;
  private static final long DAYS = DefaultTimes.END_DAY - DefaultTimes.FIRST_DAY;

  private ValueGens() {}

  static CellGen create(Column column, ValueSpec spec, long stream) {
    Distribution distribution =
        spec.distribution() == null ? Distribution.UNIFORM : spec.distribution();
    if (!spec.values().isEmpty()) {
      return choice(column, spec, stream, distribution);
    }
    SqlType type = column.type();
    return switch (type) {
      case SMALLINT, INTEGER, BIGINT, DATE, TIME, TIMESTAMP, TIMESTAMPTZ, MONEY ->
          integral(column, spec, stream, distribution);
      case NUMERIC -> numeric(column, spec, stream, distribution);
      case REAL, DOUBLE -> floating(column, spec, stream);
      case BOOLEAN -> new Cells.Bool(stream);
      case CHAR, VARCHAR, TEXT, CITEXT ->
          TextCells.Digits.bounds(spec) != null
              ? new TextCells.Digits(column, TextCells.Digits.bounds(spec), stream)
              : new TextCells.Text(stream, spec.minLength(), spec.maxLength());
      case UUID -> new TextCells.Uuid(stream);
      case BYTEA ->
          spec.maxLength() > 0
              ? new TextCells.Bytes(stream, spec.minLength(), spec.maxLength())
              : new TextCells.Bytes(stream, column.length());
      case JSON, JSONB -> new TextCells.Json(stream, type == SqlType.JSONB);
      case ENUM -> enumLabels(column, spec, stream, distribution);
      case INET, CIDR -> new ExtraCells.Inet(stream, type == SqlType.CIDR);
      case MACADDR -> new ExtraCells.MacAddr(stream);
      case INTERVAL -> new ExtraCells.Interval(stream);
      case TIMETZ -> new ExtraCells.TimeTz(stream);
      case BIT, VARBIT -> new ExtraCells.Bits(stream, spec.minLength(), spec.maxLength());
      case XML -> new ExtraCells.Xml(stream);
      case TSVECTOR -> new ExtraCells.TsVector(stream);
      case ARRAY -> array(column, spec, stream);
      case RANGE -> range(column, stream);
      case POINT, LINE, LSEG, BOX, PATH, POLYGON, CIRCLE -> new GeoCells.Geometric(type, stream);
      case CUBE -> new GeoCells.Cube(stream);
      case GEOMETRY, GEOGRAPHY ->
          new GeoCells.PostGis(stream, column.length(), type == SqlType.GEOGRAPHY);
      case UNSUPPORTED ->
          throw new IllegalStateException(
              column.name() + ": no generator for type " + column.typeName());
    };
  }

  /** An enum without a value list: any of its labels. */
  private static CellGen enumLabels(
      Column column, ValueSpec spec, long stream, Distribution distribution) {
    if (column.enumLabels().isEmpty()) {
      throw new IllegalArgumentException("enum " + column.typeName() + " has no labels");
    }
    ValueSpec labels =
        new ValueSpec(
            column.enumLabels(),
            List.of(),
            null,
            null,
            false,
            false,
            0,
            0,
            distribution,
            spec.nullRatio());
    return choice(column, labels, stream, distribution);
  }

  /** Element {@code i} of every row comes from its own generator, on element stream {@code i}. */
  private static CellGen array(Column column, ValueSpec spec, long stream) {
    Column element = column.element();
    if (element == null || element.typeOid() == 0 || spec.element() == null) {
      throw new IllegalArgumentException(
          "the plan gives array " + column.typeName() + " no element type or element spec");
    }
    CellGen[] elements = new CellGen[spec.maxLength()];
    for (int i = 0; i < elements.length; i++) {
      elements[i] = create(element, spec.element(), Streams.arrayElement(stream, i));
    }
    return new ExtraCells.Array(
        (int) element.typeOid(), elements, stream, spec.minLength(), spec.maxLength());
  }

  /**
   * Ranges {@code [lower, upper)} inside the subtype's default domain: integers from 0..1,000,000
   * (0..9,000 for smallint) up to 1,000 wider, numerics up to 1,000.00 wider within the subtype's
   * digits, dates up to a year, timestamps up to 30 days and times up to an hour, at whole seconds.
   */
  private static CellGen range(Column column, long stream) {
    Column subtype = column.element();
    if (subtype == null) {
      throw new IllegalArgumentException(
          "the plan gives range " + column.typeName() + " no subtype");
    }
    int scale = Literals.numericScale(subtype);
    return switch (subtype.type()) {
      case SMALLINT -> new ExtraCells.Range(SqlType.SMALLINT, 0, stream, 0, 9_001, 1, 1_000);
      case INTEGER, BIGINT ->
          new ExtraCells.Range(subtype.type(), 0, stream, 0, 1_000_001, 1, 1_000);
      case NUMERIC -> {
        long unit = 1;
        for (int i = 0; i < scale; i++) {
          unit *= 10;
        }
        long limit = unit;
        for (int i = 0; i < Literals.numericIntegerDigits(subtype); i++) {
          limit *= 10;
        }
        long maxWidth = Math.min(1_000 * unit, limit / 2);
        if (maxWidth < 1) {
          throw new IllegalArgumentException(
              "subtype " + subtype.typeName() + " has no room for a range");
        }
        yield new ExtraCells.Range(
            SqlType.NUMERIC, scale, stream, 0, limit - maxWidth, 1, maxWidth);
      }
      case DATE ->
          new ExtraCells.Range(SqlType.DATE, 0, stream, DefaultTimes.FIRST_DAY, DAYS - 365, 1, 365);
      case TIMESTAMP, TIMESTAMPTZ ->
          new ExtraCells.Range(
              subtype.type(),
              0,
              stream,
              DefaultTimes.FIRST_DAY * DefaultTimes.MICROS_PER_DAY,
              (DAYS - 30) * 86_400,
              MICROS_PER_SECOND,
              30 * 86_400);
      case TIME ->
          new ExtraCells.Range(
              SqlType.TIME, 0, stream, 0, 86_400 - 3_600, MICROS_PER_SECOND, 3_600);
      default ->
          throw new IllegalStateException(
              column.name() + ": no generator for ranges of " + subtype.typeName());
    };
  }

  /**
   * Floating point in [min, max]: bounds are tightened in the column's own precision (float for
   * real) so rounding a drawn double to the column never lands on an excluded bound.
   */
  private static CellGen floating(Column column, ValueSpec spec, long stream) {
    boolean single = column.type() == SqlType.REAL;
    double min = spec.min() == null ? 0 : Literals.toDouble(column, spec.min());
    double max =
        spec.max() == null
            ? (spec.min() == null ? 1000 : min + 1000)
            : Literals.toDouble(column, spec.max());
    if (spec.min() == null && max < min) {
      min = max - 1000;
    }
    if (single) {
      float lo = (float) min;
      float hi = (float) max;
      min = lo < min || (spec.minExclusive() && lo == min) ? Math.nextUp(lo) : lo;
      max = hi > max || (spec.maxExclusive() && hi == max) ? Math.nextDown(hi) : hi;
    } else {
      min = spec.minExclusive() ? Math.nextUp(min) : min;
      max = spec.maxExclusive() ? Math.nextDown(max) : max;
    }
    if (max < min) {
      throw new IllegalArgumentException("empty range [" + spec.min() + ", " + spec.max() + "]");
    }
    return new Cells.Floating(stream, min, max, single);
  }

  private static CellGen choice(
      Column column, ValueSpec spec, long stream, Distribution distribution) {
    if (spec.slotSuffix()) {
      if (!column.type().isText() || !spec.weights().isEmpty()) {
        throw new IllegalArgumentException(
            "a slot suffix applies to unweighted text values only, not " + column.typeName());
      }
      return new SlotSuffixed(stream, spec.values(), distribution);
    }
    int n = spec.values().size();
    Encoded[] encoded = new Encoded[n];
    boolean carried = !spec.binary() && Literals.isIntegralOrNumeric(column.type());
    long[] longs = carried ? new long[n] : null;
    for (int i = 0; i < n; i++) {
      encoded[i] =
          spec.binary()
              ? new Encoded(HexFormat.of().parseHex(spec.values().get(i)), null)
              : Engine.encodeBoth(column, spec.values().get(i));
      if (carried) {
        longs[i] = Literals.toLong(column, spec.values().get(i));
      }
    }
    long[] cumulative = null;
    if (!spec.weights().isEmpty()) {
      cumulative = new long[n];
      long total = 0;
      for (int i = 0; i < n; i++) {
        total += Math.round(spec.weights().get(i) * 1_000_000);
        cumulative[i] = total;
      }
    }
    return new Cells.Choice(stream, encoded, longs, cumulative, distribution);
  }

  private static CellGen integral(
      Column column, ValueSpec spec, long stream, Distribution distribution) {
    SqlType type = column.type();
    long typeMin =
        switch (type) {
          case SMALLINT -> Short.MIN_VALUE;
          case INTEGER -> Integer.MIN_VALUE;
          case TIME -> 0;
          default -> Long.MIN_VALUE / 2;
        };
    long typeMax =
        switch (type) {
          case SMALLINT -> Short.MAX_VALUE;
          case INTEGER -> Integer.MAX_VALUE;
          case TIME -> 86_400 * MICROS_PER_SECOND - 1;
          default -> Long.MAX_VALUE / 2;
        };
    long defaultMin =
        switch (type) {
          case DATE -> DefaultTimes.FIRST_DAY;
          case TIMESTAMP, TIMESTAMPTZ -> DefaultTimes.FIRST_DAY * DefaultTimes.MICROS_PER_DAY;
          default -> 0;
        };
    long defaultMax =
        switch (type) {
          case SMALLINT -> 10_000;
          case MONEY -> 100_000_000; // 1,000,000.00 in cents
          case DATE -> DefaultTimes.END_DAY - 1;
          case TIME -> typeMax;
          case TIMESTAMP, TIMESTAMPTZ -> DefaultTimes.END_DAY * DefaultTimes.MICROS_PER_DAY - 1;
          case BIGINT -> 1_000_000_000_000L;
          default -> 1_000_000;
        };
    long defaultWidth = defaultMax - defaultMin;
    long step =
        switch (type) {
          case TIME, TIMESTAMP, TIMESTAMPTZ -> MICROS_PER_SECOND;
          default -> 1;
        };
    long min = spec.min() == null ? defaultMin : lowerBound(column, spec);
    long max = spec.max() == null ? Math.max(defaultMax, min) : upperBound(column, spec);
    if (spec.max() == null && spec.min() != null && min > defaultMax) {
      max = min + defaultWidth;
    }
    if (spec.min() == null && spec.max() != null && max < min) {
      min = max - defaultWidth;
    }
    min = Math.max(min, typeMin);
    max = Math.min(max, typeMax);
    if (max < min) {
      throw new IllegalArgumentException("empty range [" + spec.min() + ", " + spec.max() + "]");
    }
    long lo = Math.ceilDiv(min, step) * step;
    long hi = Math.floorDiv(max, step) * step;
    if (hi < lo) {
      lo = min;
      hi = max;
      step = 1;
    }
    return new Cells.Integral(type, stream, lo, hi, step, distribution);
  }

  /** The lowest allowed carried value: rounded up, and one step higher when exclusive and exact. */
  private static long lowerBound(Column column, ValueSpec spec) {
    long v = Literals.toLong(column, spec.min(), RoundingMode.CEILING);
    return spec.minExclusive() && Literals.exact(column, spec.min()) ? v + 1 : v;
  }

  /**
   * The highest allowed carried value: rounded down, and one step lower when exclusive and exact.
   */
  private static long upperBound(Column column, ValueSpec spec) {
    long v = Literals.toLong(column, spec.max(), RoundingMode.FLOOR);
    return spec.maxExclusive() && Literals.exact(column, spec.max()) ? v - 1 : v;
  }

  private static CellGen numeric(
      Column column, ValueSpec spec, long stream, Distribution distribution) {
    int scale = Literals.numericScale(column);
    long limit = 1;
    for (int i = 0; i < Literals.numericIntegerDigits(column) + scale; i++) {
      limit *= 10;
    }
    long min = spec.min() == null ? 0 : lowerBound(column, spec);
    long max = spec.max() == null ? limit - 1 : upperBound(column, spec);
    if (spec.min() == null && spec.max() != null && max < min) {
      min = -(limit - 1);
    }
    min = Math.max(min, -(limit - 1));
    max = Math.min(max, limit - 1);
    if (max < min) {
      throw new IllegalArgumentException("empty range [" + spec.min() + ", " + spec.max() + "]");
    }
    return new Cells.Numeric(stream, min, max, scale, distribution);
  }
}
