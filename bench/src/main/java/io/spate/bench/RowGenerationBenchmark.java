package io.spate.bench;

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
 * Whole rows of the fixture schemas ({@code examples/schemas}), generated and encoded as binary
 * COPY tuples: everything a worker does per row except sending the bytes. The plan is the one
 * {@code spate local} would make with the schema's {@code examples/} config, so value lengths,
 * lists and ranges are the real ones; references recompute the parent's key (order_line reaches
 * orders and stock), and order_line's 5..15 fan-out makes the engine skip empty slots.
 *
 * <p>Operations are rows: each invocation writes {@link #ROWS} rows (a compile-time constant, as
 * {@link OperationsPerInvocation} requires). ns/row here against the database's ingest rate says
 * how much of one core generation takes at full COPY speed.
 */
@State(Scope.Thread)
@BenchmarkMode(Mode.AverageTime)
@OutputTimeUnit(TimeUnit.NANOSECONDS)
@Warmup(iterations = 3, time = 1)
@Measurement(iterations = 5, time = 1)
@Fork(1)
public class RowGenerationBenchmark {

  static final int ROWS = 10_000;

  /** big_t (single), wide_t01 (wide), trip, and three TPC-C tables. */
  @Param({"big_t", "wide_t01", "trip", "order_line", "customer", "stock"})
  public String table;

  private FillLoop loop;

  @Setup
  public void setup() {
    Fixtures.Fixture fixture =
        switch (table) {
          case "big_t" -> Fixtures.single();
          case "wide_t01" -> Fixtures.wide();
          case "trip" -> Fixtures.trip();
          default -> Fixtures.tpcc();
        };
    loop = new FillLoop(fixture.plan(), table, ROWS);
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
