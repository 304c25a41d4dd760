package io.spate.db.files;

import io.spate.engine.generate.Literals;
import io.spate.protocol.schema.Column;
import io.spate.protocol.schema.SqlType;
import java.math.BigInteger;
import java.util.List;
import org.apache.parquet.schema.LogicalTypeAnnotation;
import org.apache.parquet.schema.LogicalTypeAnnotation.TimeUnit;
import org.apache.parquet.schema.MessageType;
import org.apache.parquet.schema.PrimitiveType.PrimitiveTypeName;
import org.apache.parquet.schema.Type;
import org.apache.parquet.schema.Type.Repetition;
import org.apache.parquet.schema.Types;

/**
 * The Parquet schema of a row of SQL columns: one field per column, in the row's order, OPTIONAL
 * when the column is nullable and REQUIRED otherwise; an array is a three-level LIST of OPTIONAL
 * elements. A column of a type with no mapping fails here, before any row.
 */
final class ParquetSchema {

  /** The precision up to which a decimal fits an INT64 (10^18 - 1 &lt; 2^63). */
  private static final int MAX_INT64_PRECISION = 18;

  /** An unconstrained numeric's precision: any long at the engine's scale fits 19 + 18 digits. */
  private static final int UNCONSTRAINED_PRECISION = 38;

  private ParquetSchema() {}

  static MessageType of(List<Column> columns) {
    return new MessageType(
        "spate", columns.stream().map(c -> field(c, repetition(c), c.name())).toList());
  }

  private static Repetition repetition(Column column) {
    return column.nullable() ? Repetition.OPTIONAL : Repetition.REQUIRED;
  }

  private static Type field(Column column, Repetition repetition, String name) {
    if (column.type() == SqlType.ARRAY) {
      if (column.element() == null || column.element().type() == column.type()) {
        throw unsupported(column);
      }
      Type element = field(column.element(), Repetition.OPTIONAL, "element");
      return Types.buildGroup(repetition)
          .as(LogicalTypeAnnotation.listType())
          .addField(Types.repeatedGroup().addField(element).named("list"))
          .named(name);
    }
    return switch (column.type()) {
      case SMALLINT ->
          Types.primitive(PrimitiveTypeName.INT32, repetition)
              .as(LogicalTypeAnnotation.intType(16, true))
              .named(name);
      case INTEGER -> Types.primitive(PrimitiveTypeName.INT32, repetition).named(name);
      case BIGINT -> Types.primitive(PrimitiveTypeName.INT64, repetition).named(name);
      case NUMERIC -> decimal(precision(column), scale(column), repetition, name);
      case MONEY -> decimal(MAX_INT64_PRECISION, 2, repetition, name);
      case REAL -> Types.primitive(PrimitiveTypeName.FLOAT, repetition).named(name);
      case DOUBLE -> Types.primitive(PrimitiveTypeName.DOUBLE, repetition).named(name);
      case BOOLEAN -> Types.primitive(PrimitiveTypeName.BOOLEAN, repetition).named(name);
      case DATE ->
          Types.primitive(PrimitiveTypeName.INT32, repetition)
              .as(LogicalTypeAnnotation.dateType())
              .named(name);
      case TIME, TIMETZ ->
          Types.primitive(PrimitiveTypeName.INT64, repetition)
              .as(LogicalTypeAnnotation.timeType(column.type() == SqlType.TIMETZ, TimeUnit.MICROS))
              .named(name);
      case TIMESTAMP, TIMESTAMPTZ ->
          Types.primitive(PrimitiveTypeName.INT64, repetition)
              .as(
                  LogicalTypeAnnotation.timestampType(
                      column.type() == SqlType.TIMESTAMPTZ, TimeUnit.MICROS))
              .named(name);
      case UUID ->
          Types.primitive(PrimitiveTypeName.FIXED_LEN_BYTE_ARRAY, repetition)
              .length(16)
              .as(LogicalTypeAnnotation.uuidType())
              .named(name);
      case CHAR, VARCHAR, TEXT, CITEXT, ENUM, XML ->
          Types.primitive(PrimitiveTypeName.BINARY, repetition)
              .as(LogicalTypeAnnotation.stringType())
              .named(name);
      case JSON, JSONB ->
          Types.primitive(PrimitiveTypeName.BINARY, repetition)
              .as(LogicalTypeAnnotation.jsonType())
              .named(name);
      case BYTEA -> Types.primitive(PrimitiveTypeName.BINARY, repetition).named(name);
      default -> throw unsupported(column);
    };
  }

  /** DECIMAL(p, s): INT64 up to 18 digits, else the fewest bytes holding p digits and a sign. */
  private static Type decimal(int precision, int scale, Repetition repetition, String name) {
    LogicalTypeAnnotation decimal = LogicalTypeAnnotation.decimalType(scale, precision);
    if (precision <= MAX_INT64_PRECISION) {
      return Types.primitive(PrimitiveTypeName.INT64, repetition).as(decimal).named(name);
    }
    return Types.primitive(PrimitiveTypeName.FIXED_LEN_BYTE_ARRAY, repetition)
        .length(decimalBytes(precision))
        .as(decimal)
        .named(name);
  }

  private static int precision(Column column) {
    return column.precision() > 0 ? column.precision() : UNCONSTRAINED_PRECISION;
  }

  /** The scale the engine writes the column's values at (2 for an unconstrained numeric). */
  private static int scale(Column column) {
    return Literals.numericScale(column);
  }

  /** The bytes of a two's complement integer holding every number of {@code precision} digits. */
  private static int decimalBytes(int precision) {
    return (BigInteger.TEN.pow(precision).bitLength() + 1 + 7) / 8;
  }

  private static UnsupportedOperationException unsupported(Column column) {
    return new UnsupportedOperationException(
        "Parquet has no mapping for column "
            + column.name()
            + " of type "
            + column.typeName()
            + " (intervals, network addresses, bit strings, ranges, tsvector, nested arrays and"
            + " geometric types are not written to Parquet)");
  }
}
