package io.spate.engine.settings;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.spate.protocol.error.Problems;
import io.spate.protocol.error.SpateException;
import java.util.LinkedHashMap;
import java.util.Map;
import org.junit.jupiter.api.Test;

/** A declaration states its default once and checks its bounds wherever the value came from. */
class SettingTest {

  private static final Setting<Long> TASK_ROWS =
      Setting.option("--task-rows", Long.class, "Rows per task")
          .field("taskRows")
          .defaultValue(250_000L, "config, else %s")
          .min(1);

  @Test
  void helpStatesTheDefaultFromTheValue() {
    assertEquals("task-rows", TASK_ROWS.key());
    assertEquals("Rows per task (default: config, else 250000)", TASK_ROWS.help());
    assertEquals(
        "Worker (required)", Setting.option("--db", String.class, "Worker").asRequired().help());
    assertEquals("Plain", Setting.option("--x", String.class, "Plain").help());
  }

  @Test
  void boundsAreCheckedUnderTheNameTheValueWasGivenBy() {
    assertEquals(
        "--task-rows must be at least 1, got 0",
        TASK_ROWS.problem(0L, "--task-rows").orElseThrow());
    assertEquals(
        "taskRows must be at least 1, got -5", TASK_ROWS.problem(-5L, "taskRows").orElseThrow());
    assertTrue(TASK_ROWS.problem(1L, "taskRows").isEmpty());
    assertTrue(TASK_ROWS.problem(null, "taskRows").isEmpty(), "a value not given has no problem");
    Setting<Double> ratio = Setting.field("nullRatio", Double.class, "share").min(0).max(1);
    assertEquals("nullRatio must be 0..1, got 1.5", ratio.problem(1.5, "nullRatio").orElseThrow());
  }

  @Test
  void everyProblemIsReportedAtOnceAndEachValueOfAMap() {
    Problems problems = new Problems();
    Map<String, Long> rows = new LinkedHashMap<>();
    rows.put("a", -1L);
    rows.put("b", 3L);
    rows.put("c", -2L);
    Setting.option("--rows", Long.class, "rows").min(0).check(problems, rows, "--rows");
    TASK_ROWS.check(problems, 0L, "--task-rows");
    SpateException e = assertThrows(SpateException.class, () -> problems.throwIfAny("the line"));
    assertEquals(
        "the line (3 problems):\n"
            + "  - --rows a must be at least 0, got -1\n"
            + "  - --rows c must be at least 0, got -2\n"
            + "  - --task-rows must be at least 1, got 0",
        e.getMessage());
  }

  @Test
  void oneProblemFollowsTheLead() {
    Problems problems = new Problems();
    TASK_ROWS.check(problems, 0L, "taskRows");
    SpateException e = assertThrows(SpateException.class, () -> problems.throwIfAny("the request"));
    assertEquals("the request: taskRows must be at least 1, got 0", e.getMessage());
  }
}
