package io.spate.core.profile;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;

import io.spate.core.profile.Profile.ExtendedStats;
import io.spate.core.profile.Profile.TableStats;
import io.spate.protocol.plan.ColumnPlan;
import io.spate.protocol.plan.ValueProfile;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;

/** Functional dependencies of the extended statistics, from the server's print to the plan. */
class DependenciesTest {

  @Test
  void theServersAttributeNumbersBecomeColumnNames() {
    assertEquals(
        "{\"region_code => region_name\": 1.000000, \"region_code, score => \\\"x\\\"\": 0.5}",
        StatisticsReader.named(
            "{\"3 => 5\": 1.000000, \"3, 12 => 2\": 0.5}",
            List.of("\"x\"", "region_code", "region_name", "score"),
            List.of(2, 3, 5, 12)));
    assertNull(StatisticsReader.named(null, List.of("a"), List.of(1)));
  }

  @Test
  void aStrongDependencyOfOneColumnOnAnotherMakesItDetermined() {
    List<ColumnPlan> columns = profiled("postal", "city", "state", "score");
    ProfiledPlan.dependencies(
        columns,
        stats(
            "{\"postal => city\": 1.000000, \"city => state\": 0.99, \"postal => state\": 0.97,"
                + " \"score => postal\": 0.4, \"postal, city => score\": 1.0}"));
    assertEquals(List.of("-", "postal", "postal", "-"), determinants(columns));
  }

  @Test
  void aDeterminantIsNeverDeterminedAndAGroupsColumnsStayAsTheyAre() {
    List<ColumnPlan> columns = profiled("a", "b", "c");
    columns.set(
        2,
        new ColumnPlan.Profiled(
            "c", 0, new ValueProfile(List.of("x"), List.of(1.0), List.of(), 1, false), "g", null));
    ProfiledPlan.dependencies(
        columns, stats("{\"a => b\": 1.0, \"b => a\": 1.0, \"a => c\": 1.0, \"c => a\": 1.0}"));
    assertEquals(List.of("-", "a", "-"), determinants(columns));
  }

  private static List<ColumnPlan> profiled(String... names) {
    List<ColumnPlan> columns = new ArrayList<>();
    for (String name : names) {
      columns.add(
          new ColumnPlan.Profiled(
              name, 0, new ValueProfile(List.of(), List.of(), List.of("0", "100"), 50, false)));
    }
    return columns;
  }

  private static TableStats stats(String dependencies) {
    return new TableStats(
        1000, Map.of(), List.of(new ExtendedStats("s", List.of(), null, dependencies, null)));
  }

  private static List<String> determinants(List<ColumnPlan> columns) {
    return columns.stream()
        .map(c -> ((ColumnPlan.Profiled) c).determinant())
        .map(d -> d == null ? "-" : d)
        .toList();
  }
}
