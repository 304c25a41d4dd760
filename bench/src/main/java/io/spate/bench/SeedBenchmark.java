package io.spate.bench;

import io.spate.protocol.plan.FillPlan;
import io.spate.protocol.plan.Slots;
import io.spate.protocol.plan.TablePlan;
import io.spate.protocol.seed.Seeds;
import io.spate.protocol.seed.Streams;
import java.util.concurrent.TimeUnit;
import org.openjdk.jmh.annotations.Benchmark;
import org.openjdk.jmh.annotations.BenchmarkMode;
import org.openjdk.jmh.annotations.Fork;
import org.openjdk.jmh.annotations.Measurement;
import org.openjdk.jmh.annotations.Mode;
import org.openjdk.jmh.annotations.OperationsPerInvocation;
import org.openjdk.jmh.annotations.OutputTimeUnit;
import org.openjdk.jmh.annotations.Scope;
import org.openjdk.jmh.annotations.Setup;
import org.openjdk.jmh.annotations.State;
import org.openjdk.jmh.annotations.Warmup;

/**
 * The hashing under every cell, and the slot test of a table with a variable fan-out.
 *
 * <p>Each invocation makes a batch of independent calls over fresh inputs (the counter moves on
 * every invocation) and folds the results with XOR, which JMH consumes: one call alone is a few
 * nanoseconds, too close to the harness's own per-invocation cost to read.
 */
@State(Scope.Thread)
@BenchmarkMode(Mode.AverageTime)
@OutputTimeUnit(TimeUnit.NANOSECONDS)
@Warmup(iterations = 3, time = 1)
@Measurement(iterations = 5, time = 1)
@Fork(1)
public class SeedBenchmark {

  static final int BATCH = 1024;

  /** The length of {@link #NAMES}; a constant, as {@link OperationsPerInvocation} needs. */
  static final int NAME_COUNT = 16;

  /** Column names of the fixture schemas, the strings streams are derived from. */
  private static final String[] NAMES = {
    "c_int", "c_bigint", "c_name", "c_desc", "c_amount", "c_score", "c_flag", "c_ts",
    "trip_duration", "start_station_name", "ol_supply_w_id", "ol_dist_info", "c_data", "s_dist_01",
        "user_type", "gender"
  };

  private long stream;
  private long counter;
  private FillPlan tpcc;
  private TablePlan orderLine;

  @Setup
  public void setup() {
    if (NAMES.length != NAME_COUNT) {
      throw new IllegalStateException(
          "NAME_COUNT is " + NAME_COUNT + ", NAMES holds " + NAMES.length);
    }
    stream = Streams.cells(Streams.table(42, "public", "big_t"), "c_name");
    tpcc = Fixtures.tpcc().plan();
    orderLine =
        tpcc.table("order_line"); // 5..15 per order, under orders, customer, district, warehouse
  }

  @Benchmark
  @OperationsPerInvocation(BATCH)
  public long mix() {
    long base = counter;
    counter += BATCH;
    long acc = 0;
    for (int i = 0; i < BATCH; i++) {
      acc ^= Seeds.mix(base + i);
    }
    return acc;
  }

  @Benchmark
  @OperationsPerInvocation(BATCH)
  public long cell() {
    long base = counter;
    counter += BATCH;
    long acc = 0;
    for (int i = 0; i < BATCH; i++) {
      acc ^= Seeds.cell(stream, base + i);
    }
    return acc;
  }

  /** Names are hashed from their UTF-8 bytes: once per column per engine, not per cell. */
  @Benchmark
  @OperationsPerInvocation(NAME_COUNT)
  public long deriveName() {
    long base = counter++;
    long acc = 0;
    for (int i = 0; i < NAME_COUNT; i++) {
      acc ^= Streams.cells(base + i, NAMES[i]);
    }
    return acc;
  }

  /**
   * The engine's test for every slot of order_line: a fan-out draw at each level up to the root.
   */
  @Benchmark
  @OperationsPerInvocation(BATCH)
  public int holdsRow() {
    long base = counter % (orderLine.slots() - BATCH);
    counter += BATCH;
    int rows = 0;
    for (int i = 0; i < BATCH; i++) {
      if (Slots.holdsRow(tpcc, orderLine, base + i)) {
        rows++;
      }
    }
    return rows;
  }
}
