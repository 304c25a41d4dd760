package io.spate.core.plan;

import static org.junit.jupiter.api.Assertions.assertDoesNotThrow;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;

import io.spate.protocol.error.Problems;
import io.spate.protocol.error.SpateException;
import java.util.List;
import org.junit.jupiter.api.Test;

/** The collector every planning stage reports to (the one every input check uses). */
class ProblemsTest {

  @Test
  void noProblemThrowsNothing() {
    assertDoesNotThrow(() -> new Problems().throwIfAny("cannot plan the fill"));
  }

  @Test
  void oneProblemIsTheWholeMessage() {
    Problems problems = new Problems();
    problems.add("table 'a' has a negative row count -1");
    SpateException e =
        assertThrows(SpateException.class, () -> problems.throwIfAny("cannot plan the fill"));
    assertEquals("cannot plan the fill: table 'a' has a negative row count -1", e.getMessage());
  }

  @Test
  void severalProblemsAreListedTogetherInTheOrderFound() {
    Problems problems = new Problems();
    problems.add("table 'b' has a negative row count -2");
    problems.add("config names column 'a.ghost', which does not exist");
    problems.add("a.id is NOT NULL without a default, so it cannot be skipped");
    SpateException e =
        assertThrows(SpateException.class, () -> problems.throwIfAny("cannot plan the fill"));
    assertEquals(
        """
        cannot plan the fill (3 problems):
          - table 'b' has a negative row count -2
          - config names column 'a.ghost', which does not exist
          - a.id is NOT NULL without a default, so it cannot be skipped""",
        e.getMessage());
    assertEquals(3, problems.list().size(), "throwing keeps what was found");
  }

  @Test
  void theStagesReportEveryProblemOfAPlanAtOnce() {
    Problems problems = new Problems();
    var schema = TpccSchema.schema();
    var settings =
        FillSettings.of(
            TpccSchema.specConfig(),
            null,
            null,
            null,
            java.util.Map.of("ghost", 1L, "customer", 5L));
    SizeStage.run(schema, ConfigNames.resolve(schema, settings, problems), problems, line -> {});
    assertEquals(
        List.of(
            "--rows names table 'ghost', which is not in the schema (tables: "
                + schema.tables().stream().map(t -> t.id()).toList()
                + ")",
            "--rows customer=...: 'customer' is filled per 'district'; change its count in the"
                + " config, or the rows of 'district'"),
        problems.list());
  }
}
