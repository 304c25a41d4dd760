package io.spate.core.plan;

import static io.spate.core.plan.TpccSchema.column;
import static io.spate.core.plan.TpccSchema.integer;
import static io.spate.core.plan.TpccSchema.numeric;
import static io.spate.core.plan.TpccSchema.table;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertInstanceOf;
import static org.junit.jupiter.api.Assertions.assertNotEquals;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.spate.core.config.FillConfig;
import io.spate.core.plan.RealisticNumbers.Rule;
import io.spate.protocol.plan.ColumnPlan;
import io.spate.protocol.plan.Distribution;
import io.spate.protocol.plan.ValueSpec;
import io.spate.protocol.schema.Check;
import io.spate.protocol.schema.Column;
import io.spate.protocol.schema.Schema;
import io.spate.protocol.schema.SqlType;
import io.spate.protocol.schema.Table;
import java.math.BigDecimal;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;

/** Number columns get a range or pool their name asks for, inside what the CHECKs allow. */
class RealisticNumbersTest {

  private static ValueSpec spec(Table t, String column, FillConfig config) {
    ColumnPlan plan =
        Planner.plan(new Schema(List.of(t)), FillSettings.of(config, 42L, 10L, null, Map.of()))
            .table(t.id())
            .column(column);
    return assertInstanceOf(ColumnPlan.Values.class, plan).spec();
  }

  private static ValueSpec spec(Column c, Check... checks) {
    return spec(
        table("t", List.of(integer("id"), c), List.of("id"), List.of(), checks),
        c.name(),
        FillConfig.EMPTY);
  }

  @Test
  void namesMapToTheirRules() {
    assertEquals(Rule.FLAG, RealisticNumbers.rule("active"));
    assertEquals(Rule.FLAG, RealisticNumbers.rule("is_deleted"));
    assertEquals(Rule.FLAG, RealisticNumbers.rule("hasChildren"));
    assertEquals(Rule.MONTH, RealisticNumbers.rule("birth_month"));
    assertEquals(Rule.DAY_OF_MONTH, RealisticNumbers.rule("day"));
    assertEquals(Rule.DAY_OF_WEEK, RealisticNumbers.rule("day_of_week"));
    assertEquals(Rule.YEAR, RealisticNumbers.rule("model_year"));
    assertEquals(Rule.BIRTH_YEAR, RealisticNumbers.rule("birth_year"));
    // an "of" phrase names the same: OMOP's person.year_of_birth, month_of_birth, day_of_birth
    assertEquals(Rule.BIRTH_YEAR, RealisticNumbers.rule("year_of_birth"));
    assertEquals(Rule.MONTH, RealisticNumbers.rule("month_of_birth"));
    assertEquals(Rule.DAY_OF_MONTH, RealisticNumbers.rule("day_of_birth"));
    assertEquals(Rule.DAY_OF_WEEK, RealisticNumbers.rule("day_of_week"));
    assertEquals(Rule.AGE, RealisticNumbers.rule("age"));
    assertEquals(Rule.PERCENT, RealisticNumbers.rule("discount_pct"));
    assertEquals(Rule.RATING, RealisticNumbers.rule("rating"));
    assertEquals(Rule.LATITUDE, RealisticNumbers.rule("lat"));
    assertEquals(Rule.LONGITUDE, RealisticNumbers.rule("longitude"));
    assertEquals(Rule.QUANTITY, RealisticNumbers.rule("qty"));
    assertEquals(Rule.COUNT, RealisticNumbers.rule("view_count"));
    assertEquals(Rule.PRICE, RealisticNumbers.rule("unit_price"));
    assertEquals(Rule.AMOUNT, RealisticNumbers.rule("amount"));
    assertEquals(Rule.SALARY, RealisticNumbers.rule("salary"));
    assertNull(RealisticNumbers.rule("id"));
    assertNull(RealisticNumbers.rule("amount_cents"));
    assertNull(RealisticNumbers.rule("weight"));
  }

  @Test
  void aFlagMonthAndLatitudeGetTheirRanges() {
    ValueSpec flag = spec(column("active", SqlType.SMALLINT));
    assertEquals(List.of("0", "1"), flag.values());
    assertTrue(flag.weights().get(1) > flag.weights().get(0), "an active flag is mostly set");
    ValueSpec month = spec(column("month", SqlType.INTEGER));
    assertEquals("1", month.min());
    assertEquals("12", month.max());
    ValueSpec lat = spec(numeric("latitude", 9, 6));
    assertEquals("-90", lat.min());
    assertEquals("90", lat.max());
    ValueSpec qty = spec(column("quantity", SqlType.INTEGER));
    assertEquals(Distribution.ZIPF, qty.distribution(), "most orders are of a few items");
  }

  @Test
  void aFlagThatIsNotAWholeNumberIsLeftAlone() {
    assertNotEquals("1", spec(numeric("active", 5, 2)).max(), "not the 0/1 of a flag");
  }

  @Test
  void amountsAreSkewedAndFitTheColumnsScaleAndPrecision() {
    ValueSpec amount = spec(numeric("amount", 10, 2));
    List<BigDecimal> values = amount.values().stream().map(BigDecimal::new).toList();
    assertTrue(values.size() > 400, "a pool of amounts, got " + values.size());
    assertTrue(values.stream().allMatch(v -> v.scale() == 2 && v.signum() > 0), values.toString());
    List<BigDecimal> sorted = values.stream().sorted().toList();
    BigDecimal median = sorted.get(sorted.size() / 2);
    BigDecimal top = sorted.getLast();
    assertTrue(
        median.compareTo(BigDecimal.valueOf(30)) > 0
            && median.compareTo(BigDecimal.valueOf(300)) < 0,
        "median " + median);
    assertTrue(top.compareTo(median.multiply(BigDecimal.valueOf(5))) > 0, "a long tail: " + top);
    assertTrue(top.compareTo(BigDecimal.valueOf(100_000)) < 0, "no millions: " + top);

    ValueSpec small = spec(numeric("price", 4, 2));
    assertTrue(
        small.values().stream()
            .map(BigDecimal::new)
            .allMatch(v -> v.compareTo(new BigDecimal("99.99")) <= 0),
        "within numeric(4,2): " + small.values());
  }

  @Test
  void aChecksTwoBoundsWinAndOneBoundKeepsTheRuleInsideIt() {
    Column rating = column("rating", SqlType.INTEGER);
    ValueSpec both =
        spec(
            rating,
            new Check.CompareLiteral("r_lo", "rating", ">=", "0"),
            new Check.CompareLiteral("r_hi", "rating", "<=", "10"));
    assertEquals("0", both.min());
    assertEquals("10", both.max());
    ValueSpec lower = spec(rating, new Check.CompareLiteral("r_lo", "rating", ">", "2"));
    assertEquals("2", lower.min());
    assertTrue(lower.minExclusive());
    assertEquals("5", lower.max());
    ValueSpec price =
        spec(numeric("price", 10, 2), new Check.CompareLiteral("p", "price", ">=", "50"));
    assertTrue(
        price.values().stream()
            .map(BigDecimal::new)
            .allMatch(v -> v.compareTo(BigDecimal.valueOf(50)) >= 0),
        price.values().toString());
  }

  @Test
  void theConfigWins() {
    Table t =
        table(
            "t",
            List.of(integer("id"), column("month", SqlType.INTEGER)),
            List.of("id"),
            List.of());
    FillConfig config =
        FillConfig.parse("tables: {t: {columns: {month: {min: 100, max: 200}}}}", "test");
    ValueSpec month = spec(t, "month", config);
    assertEquals("100", month.min());
    assertEquals("200", month.max());
  }
}
