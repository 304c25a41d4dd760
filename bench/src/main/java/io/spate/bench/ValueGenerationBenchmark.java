package io.spate.bench;

import io.spate.core.config.ColumnConfig;
import io.spate.core.config.FillConfig;
import io.spate.core.config.TableConfig;
import io.spate.protocol.schema.Column;
import io.spate.protocol.schema.Schema;
import io.spate.protocol.schema.SqlType;
import io.spate.protocol.schema.Table;
import java.util.List;
import java.util.Map;
import java.util.concurrent.TimeUnit;
import org.openjdk.jmh.annotations.Benchmark;
import org.openjdk.jmh.annotations.BenchmarkMode;
import org.openjdk.jmh.annotations.Fork;
import org.openjdk.jmh.annotations.Measurement;
import org.openjdk.jmh.annotations.Mode;
import org.openjdk.jmh.annotations.OperationsPerInvocation;
import org.openjdk.jmh.annotations.OutputTimeUnit;
import org.openjdk.jmh.annotations.Param;
import org.openjdk.jmh.annotations.Scope;
import org.openjdk.jmh.annotations.Setup;
import org.openjdk.jmh.annotations.State;
import org.openjdk.jmh.annotations.Warmup;

/**
 * The cost of one cell per column type: a one-column NOT NULL table per type, planned by the
 * planner and filled by the engine into a reused binary COPY buffer. A row here is the tuple header
 * (2 bytes) plus one field, so the score is the per-type cell cost plus a small fixed row overhead;
 * compare types with each other, and against {@code int4} as the floor.
 *
 * <p>Operations are rows: each invocation writes {@link #ROWS} rows. JMH needs that count as a
 * compile-time constant ({@link OperationsPerInvocation}), so it is not a {@code @Param}.
 */
@State(Scope.Thread)
@BenchmarkMode(Mode.AverageTime)
@OutputTimeUnit(TimeUnit.NANOSECONDS)
@Warmup(iterations = 3, time = 1)
@Measurement(iterations = 5, time = 1)
@Fork(1)
public class ValueGenerationBenchmark {

  static final int ROWS = 10_000;

  /** The column's type; the varchar variants carry their length range in the name. */
  @Param({
    "int4",
    "int8",
    "numeric_12_2",
    "float8",
    "varchar_8_16",
    "varchar_64_128",
    "text",
    "timestamp",
    "uuid",
    "jsonb"
  })
  public String type;

  private FillLoop loop;

  @Setup
  public void setup() {
    String length = null;
    Column column =
        switch (type) {
          case "int4" -> cell(SqlType.INTEGER, "integer", -1, -1, -1);
          case "int8" -> cell(SqlType.BIGINT, "bigint", -1, -1, -1);
          case "numeric_12_2" -> cell(SqlType.NUMERIC, "numeric(12,2)", -1, 12, 2);
          case "float8" -> cell(SqlType.DOUBLE, "double precision", -1, -1, -1);
          case "varchar_8_16" -> {
            length = "8..16";
            yield cell(SqlType.VARCHAR, "character varying(16)", 16, -1, -1);
          }
          case "varchar_64_128" -> {
            length = "64..128";
            yield cell(SqlType.VARCHAR, "character varying(128)", 128, -1, -1);
          }
          // the planner's default length for text: 8..64
          case "text" -> cell(SqlType.TEXT, "text", -1, -1, -1);
          case "timestamp" -> cell(SqlType.TIMESTAMP, "timestamp without time zone", -1, -1, -1);
          case "uuid" -> cell(SqlType.UUID, "uuid", -1, -1, -1);
          case "jsonb" -> cell(SqlType.JSONB, "jsonb", -1, -1, -1);
          default -> throw new IllegalArgumentException("unknown type " + type);
        };
    Schema schema =
        new Schema(
            List.of(
                new Table(
                    "public", "cells", List.of(column), null, List.of(), List.of(), List.of())));
    Map<String, ColumnConfig> columns =
        length == null
            ? Map.of()
            : Map.of("v", new ColumnConfig(null, null, null, null, null, length, null, null, null));
    FillConfig config =
        new FillConfig(
            42L,
            null,
            null,
            null,
            Map.of("cells", new TableConfig((long) ROWS, null, null, columns)));
    loop = new FillLoop(new Fixtures.Fixture(schema, config).plan(), "cells", ROWS);
  }

  /** Column {@code v}, NOT NULL, as introspection reports the type ({@code format_type}). */
  private static Column cell(
      SqlType sqlType, String typeName, int length, int precision, int scale) {
    return new Column("v", sqlType, typeName, length, precision, scale, false, false, false, null);
  }

  @Benchmark
  @OperationsPerInvocation(ROWS)
  public int fill() {
    return loop.run();
  }

  FillLoop loop() {
    return loop;
  }
}
