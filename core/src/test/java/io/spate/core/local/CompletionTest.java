package io.spate.core.local;

import static org.junit.jupiter.api.Assertions.assertEquals;

import io.spate.core.config.FillConfig;
import io.spate.core.plan.FillSettings;
import io.spate.core.plan.Planner;
import io.spate.core.target.ForeignKeys;
import io.spate.protocol.plan.FillPlan;
import io.spate.protocol.plan.TablePlan;
import io.spate.protocol.schema.Column;
import io.spate.protocol.schema.ForeignKey;
import io.spate.protocol.schema.Schema;
import io.spate.protocol.schema.SqlType;
import io.spate.protocol.schema.Table;
import io.spate.protocol.schema.UniqueKey;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Set;
import org.junit.jupiter.api.Test;

/**
 * A table is full once every plan writing it has finished, and a foreign key is released for
 * validation once its table and the one it references are both complete (their after-load steps
 * done, so the check runs on fresh statistics), whatever order they finish in.
 */
class CompletionTest {

  /** a references b through a nullable key (a second pass) and itself; b references a. */
  private static final Schema CYCLE =
      new Schema(
          List.of(
              table(
                  "a",
                  List.of(column("id", false), column("b_id", true), column("parent_id", true)),
                  fk("a_b", "b_id", "b"),
                  fk("a_parent", "parent_id", "a")),
              table(
                  "b", List.of(column("id", false), column("a_id", false)), fk("b_a", "a_id", "a")),
              table(
                  "c",
                  List.of(column("id", false), column("b_id", true)),
                  fk("c_b", "b_id", "b"))));

  private static FillPlan plan(Map<String, Long> rows) {
    return Planner.plan(CYCLE, FillSettings.of(FillConfig.EMPTY, null, null, 100L, rows));
  }

  @Test
  void aKeyWaitsUntilItsTableAndTheOneItReferencesAreCompleteAndATableIsFullAfterItsSecondPass() {
    FillPlan plan = plan(Map.of());
    assertEquals(
        List.of(List.of("a"), List.of("b"), List.of("c"), List.of("a#refs")), plan.levels());
    Completion completion = new Completion(plan);

    assertEquals(
        List.of(), completion.finished(List.of(plan.table("a"))), "a waits for its second pass");
    assertEquals(List.of(plan.table("b")), completion.finished(List.of(plan.table("b"))));
    assertEquals(List.of(), names(completion.completed(plan.table("b"))), "b_a references a");

    assertEquals(List.of(plan.table("c")), completion.finished(List.of(plan.table("c"))));
    assertEquals(
        List.of("c_b"),
        names(completion.completed(plan.table("c"))),
        "c full was not enough: c_b waited for c's after-load steps");

    assertEquals(
        List.of(plan.table("a")),
        completion.finished(List.of(plan.table("a#refs"))),
        "reported once, with its insert");
    assertEquals(
        List.of("a_b", "a_parent", "b_a"),
        names(completion.completed(plan.table("a"))),
        "in the plan's order");
  }

  @Test
  void everyKeyOfAFilledTableIsReleasedOnceAndATableWithoutRowsHasNone() {
    FillPlan plan = plan(Map.of("c", 0L));
    Completion completion = new Completion(plan);
    List<ForeignKeys.Key> released = new ArrayList<>();

    for (List<String> level : plan.levels()) {
      for (String name : level) {
        TablePlan p = plan.table(name);
        if (p.rows() > 0) {
          for (TablePlan full : completion.finished(List.of(p))) {
            released.addAll(completion.completed(full));
          }
        }
      }
    }

    assertEquals(
        List.of("a_b", "a_parent", "b_a"),
        released.stream().map(k -> k.fk().name()).sorted().toList(),
        "each once; c has no rows, so no key of its own");
    assertEquals(Set.copyOf(ForeignKeys.keys(plan)), Set.copyOf(released));
  }

  private static List<String> names(List<ForeignKeys.Key> keys) {
    return keys.stream().map(k -> k.fk().name()).toList();
  }

  private static Table table(String name, List<Column> columns, ForeignKey... fks) {
    return new Table(
        "public",
        name,
        columns,
        new UniqueKey(name + "_pkey", List.of("id"), true),
        List.of(),
        List.of(fks),
        List.of());
  }

  private static ForeignKey fk(String name, String column, String refTable) {
    return new ForeignKey(name, List.of(column), refTable, List.of("id"));
  }

  private static Column column(String name, boolean nullable) {
    return new Column(name, SqlType.INTEGER, "integer", -1, -1, -1, nullable, false, false, null);
  }
}
