package io.spate.bench;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.List;
import org.junit.jupiter.api.Test;
import org.openjdk.jmh.annotations.Param;

/**
 * Runs every benchmark method once, for every {@code @Param} value, without the JMH runner: proof
 * that each state sets up (its schema plans) and each method does the work its score claims, so
 * {@code ./mvnw verify} catches a benchmark the engine has broken.
 */
class BenchmarksSmokeTest {

  @Test
  void valueGenerationWritesItsRowsForEveryType() {
    for (String type : params(ValueGenerationBenchmark.class, "type")) {
      ValueGenerationBenchmark bench = new ValueGenerationBenchmark();
      bench.type = type;
      bench.setup();
      assertEquals(ValueGenerationBenchmark.ROWS, bench.fill(), type);
      assertTrue(bench.loop().lastBufferBytes() >= 2 + 4, type + " wrote no field");
    }
  }

  @Test
  void rowGenerationWritesItsRowsForEveryFixtureTable() {
    for (String table : params(RowGenerationBenchmark.class, "table")) {
      RowGenerationBenchmark bench = new RowGenerationBenchmark();
      bench.table = table;
      bench.setup();
      assertEquals(RowGenerationBenchmark.ROWS, bench.fill(), table);
      assertEquals(RowGenerationBenchmark.ROWS, bench.fill(), table + ", run again");
    }
  }

  @Test
  void seedMethodsRunAndHoldsRowFindsAboutTwoThirdsOfOrderLineSlots() {
    SeedBenchmark bench = new SeedBenchmark();
    bench.setup();
    bench.mix();
    bench.cell();
    bench.deriveName();
    int rows = bench.holdsRow();
    // 5..15 rows in 15 slots per order: 10/15 of the slots on average
    assertTrue(
        rows > SeedBenchmark.BATCH / 2 && rows < SeedBenchmark.BATCH * 5 / 6,
        rows + " of " + SeedBenchmark.BATCH);
  }

  @Test
  void encodeMethodsWriteOneFieldPerOperation() {
    EncodeBenchmark bench = new EncodeBenchmark();
    EncodeBenchmark.Numbers numbers = new EncodeBenchmark.Numbers();
    numbers.setup();
    int fields = EncodeBenchmark.FIELDS;
    assertEquals(fields * (4 + 4), bench.writeInt4(numbers));
    assertEquals(fields * (4 + 8), bench.writeInt8(numbers));
    assertTrue(
        bench.writeNumeric(numbers) > fields * (4 + 8), "numeric: header and digits per field");
    for (String length : params(EncodeBenchmark.Strings.class, "length")) {
      EncodeBenchmark.Strings strings = new EncodeBenchmark.Strings();
      strings.length = Integer.parseInt(length);
      strings.setup();
      assertEquals(fields * (4 + strings.length), bench.writeText(strings), "text " + length);
      assertEquals(fields * (4 + strings.length), bench.writeBytes(strings), "bytes " + length);
    }
  }

  /** The values a {@code @Param} field declares, so a value added there is smoke-tested too. */
  private static List<String> params(Class<?> state, String field) {
    try {
      return List.of(state.getField(field).getAnnotation(Param.class).value());
    } catch (NoSuchFieldException e) {
      throw new AssertionError(state.getSimpleName() + " has no @Param " + field, e);
    }
  }
}
