package io.spate.engine.generate;

import io.spate.protocol.schema.Column;
import io.spate.protocol.schema.SqlType;
import java.math.BigDecimal;
import java.math.RoundingMode;
import java.time.LocalDate;
import java.time.LocalDateTime;
import java.time.LocalTime;
import java.time.OffsetDateTime;
import java.time.ZoneOffset;
import java.time.format.DateTimeParseException;
import java.time.temporal.ChronoUnit;
import java.util.Locale;

/**
 * Parses literals in PostgreSQL's input syntax into the engine's carried form: integers and
 * temporal values as {@code long} (days or microseconds since 2000-01-01, time of day in
 * microseconds), numerics as unscaled {@code long} at the column's scale, money in cents. Time
 * zones never come from the JVM: a timestamptz without an offset is read as UTC.
 */
public final class Literals {

  /** 2000-01-01, PostgreSQL's epoch for binary dates and timestamps. */
  public static final LocalDate PG_EPOCH = LocalDate.of(2000, 1, 1);

  private static final LocalDateTime PG_EPOCH_TIME = PG_EPOCH.atStartOfDay();

  /** money's fraction digits: values are carried in cents. */
  private static final int MONEY_SCALE = 2;

  private Literals() {}

  /** The {@code long} form of a literal for an integral or numeric column, rounded half-even. */
  public static long toLong(Column column, String literal) {
    return toLong(column, literal, RoundingMode.HALF_EVEN);
  }

  /**
   * The {@code long} form of a literal, rounding a fraction the column cannot hold as told: a lower
   * bound rounds up ({@code CEILING}), an upper bound down ({@code FLOOR}).
   */
  public static long toLong(Column column, String literal, RoundingMode rounding) {
    String text = literal.trim();
    try {
      return switch (column.type()) {
        case SMALLINT, INTEGER, BIGINT ->
            new BigDecimal(text).setScale(0, rounding).longValueExact();
        case NUMERIC ->
            new BigDecimal(text)
                .setScale(numericScale(column), rounding)
                .unscaledValue()
                .longValueExact();
        case DATE -> ChronoUnit.DAYS.between(PG_EPOCH, LocalDate.parse(text));
        case TIME -> LocalTime.parse(text).toNanoOfDay() / 1000;
        case TIMESTAMP ->
            ChronoUnit.MICROS.between(PG_EPOCH_TIME, LocalDateTime.parse(isoTimestamp(text)));
        case TIMESTAMPTZ ->
            ChronoUnit.MICROS.between(
                PG_EPOCH_TIME.atOffset(ZoneOffset.UTC), offsetTimestamp(text));
        case MONEY -> money(text).setScale(MONEY_SCALE, rounding).unscaledValue().longValueExact();
        default ->
            throw new IllegalArgumentException("not a number-like type: " + column.typeName());
      };
    } catch (NumberFormatException | ArithmeticException | DateTimeParseException e) {
      throw new IllegalArgumentException(
          "'" + literal + "' is not a valid " + column.typeName(), e);
    }
  }

  /** Whether the literal is exactly representable at the column's scale (no rounding needed). */
  public static boolean exact(Column column, String literal) {
    int scale =
        switch (column.type()) {
          case NUMERIC -> numericScale(column);
          case MONEY -> MONEY_SCALE;
          case SMALLINT, INTEGER, BIGINT -> 0;
          default -> -1;
        };
    if (scale < 0) {
      return true;
    }
    try {
      (column.type() == SqlType.MONEY ? money(literal.trim()) : new BigDecimal(literal.trim()))
          .setScale(scale, RoundingMode.UNNECESSARY);
      return true;
    } catch (ArithmeticException | NumberFormatException e) {
      return false;
    }
  }

  public static double toDouble(Column column, String literal) {
    try {
      return Double.parseDouble(literal.trim());
    } catch (NumberFormatException e) {
      throw new IllegalArgumentException(
          "'" + literal + "' is not a valid " + column.typeName(), e);
    }
  }

  /** A boolean in any of PostgreSQL's input forms, case-insensitive. */
  public static boolean toBoolean(Column column, String literal) {
    return switch (literal.trim().toLowerCase(Locale.ROOT)) {
      case "t", "true", "yes", "on", "1" -> true;
      case "f", "false", "no", "off", "0" -> false;
      default ->
          throw new IllegalArgumentException(
              "'"
                  + literal
                  + "' is not a valid "
                  + column.typeName()
                  + " (true/false, t/f, yes/no, on/off, 1/0)");
    };
  }

  /** The scale Spate generates a numeric column at: its declared scale, or 2 when unconstrained. */
  public static int numericScale(Column column) {
    return column.scale() >= 0 ? column.scale() : 2;
  }

  /** The number of integer digits a numeric column allows, capped so unscaled values fit a long. */
  public static int numericIntegerDigits(Column column) {
    int precision = column.precision() > 0 ? column.precision() : 10 + numericScale(column);
    return Math.max(0, Math.min(precision, 18) - numericScale(column));
  }

  /**
   * A money literal as a number: {@code 1234.5}, {@code $1,234.50}, {@code -$3.00}. Spate assumes a
   * currency of two fraction digits (as in the C and most other locales' {@code lc_monetary}).
   */
  private static BigDecimal money(String text) {
    String digits = text.replace(",", "").replace("$", "").trim();
    if (digits.startsWith("(") && digits.endsWith(")")) {
      digits = "-" + digits.substring(1, digits.length() - 1).trim();
    }
    return new BigDecimal(digits);
  }

  private static String isoTimestamp(String text) {
    return text.length() > 10 ? text.replace(' ', 'T') : text + "T00:00:00";
  }

  private static OffsetDateTime offsetTimestamp(String text) {
    String iso = isoTimestamp(text);
    try {
      return OffsetDateTime.parse(iso.matches(".*[+-]\\d\\d$") ? iso + ":00" : iso);
    } catch (DateTimeParseException e) {
      return LocalDateTime.parse(iso).atOffset(ZoneOffset.UTC);
    }
  }

  static boolean isIntegralOrNumeric(SqlType type) {
    return type.isIntegral() || type == SqlType.NUMERIC;
  }
}
