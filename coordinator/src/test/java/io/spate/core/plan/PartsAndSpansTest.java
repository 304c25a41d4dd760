package io.spate.core.plan;

import static io.spate.core.plan.TpccSchema.column;
import static io.spate.core.plan.TpccSchema.integer;
import static io.spate.core.plan.TpccSchema.nullable;
import static io.spate.core.plan.TpccSchema.table;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertInstanceOf;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.spate.core.config.FillConfig;
import io.spate.protocol.plan.ColumnPlan;
import io.spate.protocol.plan.TablePlan;
import io.spate.protocol.schema.Column;
import io.spate.protocol.schema.Schema;
import io.spate.protocol.schema.SqlType;
import io.spate.protocol.schema.Table;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;

/**
 * Columns whose names relate them: a part within its whole, a nested set's bounds in order, a
 * duration that is the time between the row's start and end.
 */
class PartsAndSpansTest {

  private static TablePlan plan(Table t) {
    return Planner.plan(
            new Schema(List.of(t)), FillSettings.of(FillConfig.EMPTY, 42L, 10L, null, Map.of()))
        .table(t.id());
  }

  private static long max(ColumnPlan p) {
    return Long.parseLong(assertInstanceOf(ColumnPlan.Values.class, p).spec().max());
  }

  @Test
  void aWholeNamedByAWordAfterOrAPartNamedPerSomethingHoldsItsPart() {
    TablePlan plan =
        plan(
            table(
                "forums",
                List.of(
                    integer("id"),
                    integer("topic_replies"),
                    integer("topic_replies_real"),
                    integer("max_connections"),
                    integer("max_connections_per_user")),
                List.of("id"),
                List.of()));
    ColumnPlan.Derived real =
        assertInstanceOf(ColumnPlan.Derived.class, plan.column("topic_replies_real"));
    assertEquals("topic_replies", real.base());
    assertTrue(real.minDelta() >= 0);
    ColumnPlan.Derived whole =
        assertInstanceOf(ColumnPlan.Derived.class, plan.column("max_connections"));
    assertEquals("max_connections_per_user", whole.base());
    long part = max(plan.column("max_connections_per_user"));
    assertTrue(
        part <= 500 && part + whole.maxDelta() <= 1000,
        "the share takes the lower half of its whole's range, and the whole stays inside its own");
  }

  @Test
  void aLaterStageOfAFunnelIsAPartOfTheEarlier() {
    TablePlan plan =
        plan(
            table(
                "banners",
                List.of(integer("id"), integer("times_shown"), integer("times_clicked")),
                List.of("id"),
                List.of()));
    ColumnPlan.Derived shown =
        assertInstanceOf(ColumnPlan.Derived.class, plan.column("times_shown"));
    assertEquals("times_clicked", shown.base());
  }

  @Test
  void aNestedSetsRightBoundIsAlwaysAboveItsLeft() {
    TablePlan plan =
        plan(
            table(
                "forums",
                List.of(integer("id"), integer("left_id"), integer("right_id")),
                List.of("id"),
                List.of()));
    ColumnPlan.Derived right = assertInstanceOf(ColumnPlan.Derived.class, plan.column("right_id"));
    assertEquals("left_id", right.base());
    assertEquals(1, right.minDelta(), "never equal");
  }

  @Test
  void aDurationBesideAStartAndAnEndIsTheTimeBetweenThemInItsUnit() {
    Column length =
        new Column(
            "Length", SqlType.NUMERIC, "decimal(10,2)", -1, 10, 2, false, false, false, null);
    TablePlan plan =
        plan(
            table(
                "Events",
                List.of(
                    integer("Id"),
                    nullable("StartDateTime", SqlType.TIMESTAMP),
                    nullable("EndDateTime", SqlType.TIMESTAMP),
                    length,
                    column("duration_ms", SqlType.BIGINT),
                    column("refresh_interval", SqlType.BIGINT)),
                List.of("Id"),
                List.of()));
    ColumnPlan.Derived seconds = assertInstanceOf(ColumnPlan.Derived.class, plan.column("Length"));
    assertEquals("StartDateTime", seconds.since());
    assertEquals("EndDateTime", seconds.base());
    assertEquals(10_000, seconds.per(), "microseconds per hundredth of a second");
    assertInstanceOf(
        ColumnPlan.Values.class,
        plan.column("duration_ms"),
        "one duration measures a pair: the first");
    assertInstanceOf(
        ColumnPlan.Values.class, plan.column("refresh_interval"), "an interval is a setting");
    ColumnPlan.Derived end = assertInstanceOf(ColumnPlan.Derived.class, plan.column("EndDateTime"));
    assertEquals("StartDateTime", end.base());
    assertTrue(
        end.maxDelta() <= 240L * 1_000_000,
        "the end stays within the longest duration the column holds: " + end.maxDelta());
  }

  @Test
  void aDurationInMillisecondsCountsThemBetweenTheTimes() {
    TablePlan plan =
        plan(
            table(
                "calls",
                List.of(
                    integer("id"),
                    column("started_at", SqlType.TIMESTAMPTZ),
                    column("ended_at", SqlType.TIMESTAMPTZ),
                    column("duration_ms", SqlType.BIGINT)),
                List.of("id"),
                List.of()));
    ColumnPlan.Derived ms = assertInstanceOf(ColumnPlan.Derived.class, plan.column("duration_ms"));
    assertEquals("started_at", ms.since());
    assertEquals(1_000, ms.per());
  }

  @Test
  void aDurationWithoutAStartAndAnEndDrawsItsOwnRange() {
    TablePlan plan =
        plan(
            table(
                "film",
                List.of(integer("id"), column("length", SqlType.SMALLINT)),
                List.of("id"),
                List.of()));
    assertInstanceOf(ColumnPlan.Values.class, plan.column("length"));
  }
}
