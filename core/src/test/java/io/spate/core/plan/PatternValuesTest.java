package io.spate.core.plan;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.spate.protocol.error.Problems;
import io.spate.protocol.plan.Distribution;
import io.spate.protocol.plan.ValueSpec;
import io.spate.protocol.schema.Check;
import io.spate.protocol.schema.Column;
import io.spate.protocol.schema.SqlType;
import io.spate.protocol.schema.Table;
import java.util.List;
import java.util.regex.Pattern;
import org.junit.jupiter.api.Test;

class PatternValuesTest {

  private static final ValueSpec TEXT =
      new ValueSpec(List.of(), List.of(), null, null, false, false, 8, 64, Distribution.UNIFORM, 0);

  private static Table table(Check... checks) {
    return new Table(
        "public",
        "t",
        List.of(Column.of("code", SqlType.TEXT)),
        null,
        List.of(),
        List.of(),
        List.of(checks));
  }

  @Test
  void poolValuesAllMatchAndTheSameSeedDrawsTheSamePool() {
    Check.Matches check = new Check.Matches("k", "code", "^[A-Z]{3}-[0-9]{4}$", false);
    Problems problems = new Problems();

    ValueSpec spec =
        PatternValues.apply(
            42, table(check), Column.of("code", SqlType.TEXT), null, TEXT, problems);

    assertEquals(List.of(), problems.list());
    assertEquals(PatternValues.POOL_SIZE, spec.values().size());
    assertTrue(
        spec.values().stream().allMatch(v -> v.matches("[A-Z]{3}-[0-9]{4}")),
        spec.values().toString());
    assertEquals(
        spec,
        PatternValues.apply(
            42, table(check), Column.of("code", SqlType.TEXT), null, TEXT, new Problems()));
  }

  @Test
  void unboundedQuantifiersAreDrawnShortAndLengthsAreKept() {
    Check.Matches check = new Check.Matches("k", "code", "^[a-z]+(-[a-z0-9]+)*$", true);
    ValueSpec upTo12 =
        new ValueSpec(
            List.of(), List.of(), null, null, false, false, 3, 12, Distribution.UNIFORM, 0);

    ValueSpec spec =
        PatternValues.apply(
            1, table(check), Column.of("code", SqlType.TEXT), null, upTo12, new Problems());

    Pattern p = Pattern.compile("^[a-z]+(-[a-z0-9]+)*$");
    assertTrue(spec.values().size() > 100);
    assertTrue(
        spec.values().stream()
            .allMatch(v -> p.matcher(v).find() && v.length() >= 3 && v.length() <= 12),
        spec.values().toString());
  }

  @Test
  void anUnsatisfiablePatternIsReportedWithTheCheckText() {
    Check.Matches check = new Check.Matches("code_shape", "code", "^[[:upper:]]{3}$", false);
    Problems problems = new Problems();

    PatternValues.apply(42, table(check), Column.of("code", SqlType.TEXT), null, TEXT, problems);

    assertEquals(1, problems.list().size(), problems.list().toString());
    assertTrue(
        problems
            .list()
            .get(0)
            .startsWith("CHECK code_shape on 't.code' (code ~ '^[[:upper:]]{3}$'): "),
        problems.list().get(0));
  }

  @Test
  void aPatternThatCannotFitTheLengthsIsReported() {
    Check.Matches check = new Check.Matches("k", "code", "^[0-9]{10}$", false);
    Problems problems = new Problems();
    ValueSpec upTo5 =
        new ValueSpec(
            List.of(), List.of(), null, null, false, false, 1, 5, Distribution.UNIFORM, 0);

    PatternValues.apply(42, table(check), Column.of("code", SqlType.TEXT), null, upTo5, problems);

    assertEquals(1, problems.list().size(), problems.list().toString());
    assertTrue(problems.list().get(0).contains("has a length in 1..5"), problems.list().get(0));
  }
}
