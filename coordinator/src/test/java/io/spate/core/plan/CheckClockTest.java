package io.spate.core.plan;

import static io.spate.core.plan.TpccSchema.column;
import static io.spate.core.plan.TpccSchema.integer;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertInstanceOf;
import static org.junit.jupiter.api.Assertions.assertSame;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.spate.core.config.FillConfig;
import io.spate.protocol.error.Problems;
import io.spate.protocol.error.SpateException;
import io.spate.protocol.plan.ColumnPlan;
import io.spate.protocol.plan.FillPlan;
import io.spate.protocol.schema.Check;
import io.spate.protocol.schema.Column;
import io.spate.protocol.schema.Schema;
import io.spate.protocol.schema.SqlType;
import io.spate.protocol.schema.Table;
import io.spate.protocol.schema.UniqueKey;
import java.time.Instant;
import java.time.LocalDateTime;
import java.time.ZoneOffset;
import java.time.format.DateTimeFormatter;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;

/** The clock of CHECKs ({@code now()}, {@code CURRENT_DATE}) pinned once per plan. */
class CheckClockTest {

  private static final Instant NOW = Instant.parse("2026-11-23T23:30:15.123456Z");

  private static Table table(List<Column> columns, Check... checks) {
    return new Table(
        "public",
        "t",
        columns,
        new UniqueKey("t_pkey", List.of("id"), true),
        List.of(),
        List.of(),
        List.of(checks));
  }

  private static List<Check> pinned(Table t) {
    Problems problems = new Problems();
    Schema schema = CheckClock.pin(new Schema(List.of(t)), NOW, problems);
    problems.throwIfAny("cannot plan the fill");
    return schema.tables().getFirst().checks();
  }

  @Test
  void anUpperBoundIsPinnedTwoDaysEarlierAndALowerBoundTwoDaysLaterInTheColumnsType() {
    Table t =
        table(
            List.of(
                integer("id"),
                column("booked_on", SqlType.DATE),
                column("created_at", SqlType.TIMESTAMPTZ),
                column("expires_at", SqlType.TIMESTAMP)),
            new Check.CompareLiteral("k1", "booked_on", ">=", "2020-01-01"),
            new Check.CompareLiteral("k1", "booked_on", "<=", "CURRENT_DATE"),
            new Check.CompareLiteral("k2", "created_at", "<", "now()"),
            new Check.CompareLiteral("k3", "expires_at", ">", "CURRENT_TIMESTAMP"));

    assertEquals(
        List.of(
            new Check.CompareLiteral("k1", "booked_on", ">=", "2020-01-01"),
            new Check.CompareLiteral("k1", "booked_on", "<=", "2026-11-21"),
            new Check.CompareLiteral("k2", "created_at", "<", "2026-11-21 23:30:15+00"),
            new Check.CompareLiteral("k3", "expires_at", ">", "2026-11-25 23:30:15")),
        pinned(t));
  }

  @Test
  void aSchemaWithoutTheClockIsLeftAsItIs() {
    Schema schema =
        new Schema(
            List.of(
                table(
                    List.of(integer("id"), column("n", SqlType.INTEGER)),
                    new Check.CompareLiteral("k", "n", "<", "10"))));

    assertSame(schema, CheckClock.pin(schema, NOW, new Problems()));
  }

  @Test
  void aDomainsClockIsPinnedToo() {
    Column birth =
        new Column(
            "born",
            SqlType.DATE,
            "past_date",
            -1,
            -1,
            -1,
            true,
            false,
            false,
            null,
            16_500,
            null,
            List.of(),
            List.of(
                new Check.CompareLiteral("past_date_check", Column.DOMAIN_VALUE, "<", "now()")));
    Problems problems = new Problems();

    Schema schema =
        CheckClock.pin(new Schema(List.of(table(List.of(integer("id"), birth)))), NOW, problems);

    assertEquals(
        List.of(
            new Check.CompareLiteral("past_date_check", Column.DOMAIN_VALUE, "<", "2026-11-21")),
        schema.tables().getFirst().column("born").orElseThrow().domainChecks());
  }

  @Test
  void theClockOnAColumnOfAnotherTypeIsReportedNamingTheCheck() {
    Table t =
        table(
            List.of(integer("id"), column("n", SqlType.INTEGER)),
            new Check.CompareLiteral("n_check", "n", "<", "now()"));
    Problems problems = new Problems();

    CheckClock.pin(new Schema(List.of(t)), NOW, problems);

    String message =
        assertThrows(SpateException.class, () -> problems.throwIfAny("cannot plan")).getMessage();
    assertTrue(message.contains("CHECK n_check bounds t.n by the clock (now())"), message);
  }

  @Test
  void thePlanHoldsThePinnedBoundNeverTheClock() {
    Table t =
        table(
            List.of(integer("id"), column("created_at", SqlType.TIMESTAMP)),
            new Check.CompareLiteral("k", "created_at", "<=", "now()"));
    Instant before = Instant.now();

    FillPlan plan =
        Planner.plan(
            new Schema(List.of(t)), FillSettings.of(FillConfig.EMPTY, null, null, null, Map.of()));

    ColumnPlan.Values v =
        assertInstanceOf(ColumnPlan.Values.class, plan.table("t").column("created_at"));
    LocalDateTime max =
        LocalDateTime.parse(v.spec().max(), DateTimeFormatter.ofPattern("yyyy-MM-dd HH:mm:ss"));
    LocalDateTime earliest =
        LocalDateTime.ofInstant(before.minus(CheckClock.MARGIN), ZoneOffset.UTC);
    assertTrue(!max.isBefore(earliest.withNano(0)), v.spec()::toString);
    assertTrue(max.isBefore(LocalDateTime.ofInstant(Instant.now(), ZoneOffset.UTC)));
    assertEquals(
        new Check.CompareLiteral("k", "created_at", "<=", v.spec().max()),
        plan.table("t").table().checks().getFirst());
  }
}
