package io.spate.core.plan;

import static io.spate.core.plan.TpccSchema.fk;
import static io.spate.core.plan.TpccSchema.integer;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.spate.core.config.FillConfig;
import io.spate.core.config.TableConfig;
import io.spate.protocol.error.SpateException;
import io.spate.protocol.plan.FillPlan;
import io.spate.protocol.plan.Task;
import io.spate.protocol.schema.ForeignKey;
import io.spate.protocol.schema.Partition;
import io.spate.protocol.schema.Schema;
import io.spate.protocol.schema.Table;
import io.spate.protocol.schema.UniqueKey;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;

/** Which tables build their indexes after their rows, in one task ({@link IndexBuild}). */
class IndexBuildTest {

  private static final LoadTraits POSTGRESQL = new LoadTraits(false, true);

  @Test
  void aTableWithTwoIndexesOnATargetThatCanIsOneTaskThatBuildsThemAfter() {
    FillPlan plan = plan(new Schema(List.of(table("t", 1, List.of()))), Map.of(), POSTGRESQL);

    assertTrue(plan.table("t").indexesAfter());
    assertEquals(List.of(new Task("t", 0, 1_000_000)), plan.tasks());
  }

  @Test
  void aPrimaryKeyAloneIsBuiltDuringTheLoadInTasksOfTaskRows() {
    FillPlan plan = plan(new Schema(List.of(table("t", 0, List.of()))), Map.of(), POSTGRESQL);

    assertFalse(plan.table("t").indexesAfter());
    assertEquals(4, plan.tasks().size());
  }

  @Test
  void aTargetThatCannotBuildsDuringTheLoad() {
    FillPlan plan = plan(new Schema(List.of(table("t", 3, List.of()))), Map.of(), LoadTraits.NONE);

    assertFalse(plan.table("t").indexesAfter());
    assertEquals(4, plan.tasks().size());
  }

  @Test
  void pastTheRowBoundOnlyTheConfigBuildsAfter() {
    Schema schema = new Schema(List.of(table("t", 3, List.of())));
    long big = IndexBuild.MAX_ROWS + 1;

    assertFalse(plan(schema, Map.of("t", config(big, null)), POSTGRESQL).table("t").indexesAfter());
    FillPlan forced = plan(schema, Map.of("t", config(big, "after")), POSTGRESQL);
    assertTrue(forced.table("t").indexesAfter());
    assertEquals(List.of(new Task("t", 0, big)), forced.tasks());
    assertFalse(
        plan(schema, Map.of("t", config(1_000_000, "during")), POSTGRESQL)
            .table("t")
            .indexesAfter());
  }

  @Test
  void aKeyAForeignKeyPointsAtIsNotCounted() {
    Table child =
        TpccSchema.table(
            "child",
            List.of(integer("id"), integer("parent_id")),
            List.of("id"),
            List.of(fk("child_parent", List.of("parent_id"), "parent", List.of("id"))));
    FillPlan onePlain =
        plan(new Schema(List.of(table("parent", 1, List.of()), child)), Map.of(), POSTGRESQL);
    FillPlan twoPlain =
        plan(new Schema(List.of(table("parent", 2, List.of()), child)), Map.of(), POSTGRESQL);

    assertFalse(onePlain.table("parent").indexesAfter(), "its key stays: one index to rebuild");
    assertTrue(twoPlain.table("parent").indexesAfter());
    assertFalse(twoPlain.table("child").indexesAfter());
  }

  @Test
  void aPartitionedTableBuildsDuringAndRefusesAfter() {
    Partition low =
        new Partition("t_low", List.of(new Partition.Bound("id", List.of(), null, "0")));
    Partition high =
        new Partition("t_high", List.of(new Partition.Bound("id", List.of(), "0", null)));
    Schema schema = new Schema(List.of(table("t", 3, List.of(low, high))));

    assertFalse(plan(schema, Map.of(), POSTGRESQL).table("t").indexesAfter());
    SpateException e =
        assertThrows(
            SpateException.class,
            () -> plan(schema, Map.of("t", config(1_000_000, "after")), POSTGRESQL));
    assertTrue(
        e.getMessage().contains("table 't' sets indexes: after, but it is partitioned"),
        e.getMessage());
  }

  @Test
  void aValueOtherThanAfterOrDuringAndAfterOnATargetThatCannotAreProblems() {
    Schema schema = new Schema(List.of(table("t", 3, List.of())));

    SpateException unknown =
        assertThrows(
            SpateException.class,
            () -> plan(schema, Map.of("t", config(1_000, "later")), POSTGRESQL));
    assertTrue(
        unknown.getMessage().contains("table 't' sets indexes: later; use after or during"),
        unknown.getMessage());
    SpateException cannot =
        assertThrows(
            SpateException.class,
            () -> plan(schema, Map.of("t", config(1_000, "after")), LoadTraits.NONE));
    assertTrue(
        cannot.getMessage().contains("the target builds indexes during the load only"),
        cannot.getMessage());
  }

  /** Table {@code name}: a primary key on {@code id}, {@code plainIndexes} other indexes. */
  private static Table table(String name, int plainIndexes, List<Partition> partitions) {
    return new Table(
        "public",
        name,
        List.of(integer("id"), integer("v")),
        new UniqueKey(name + "_pkey", List.of("id"), true),
        List.of(),
        List.<ForeignKey>of(),
        List.of(),
        partitions,
        plainIndexes);
  }

  private static TableConfig config(long rows, String indexes) {
    return new TableConfig(rows, null, null, null, indexes, Map.of());
  }

  /** Root tables of 1,000,000 rows unless configured, 250,000 rows a task. */
  private static FillPlan plan(Schema schema, Map<String, TableConfig> tables, LoadTraits target) {
    Map<String, TableConfig> all = new LinkedHashMap<>(tables);
    FillConfig config = new FillConfig(null, 1_000_000L, 250_000L, null, all);
    return Planner.plan(schema, FillSettings.of(config, null, null, null, Map.of()), null, target);
  }
}
