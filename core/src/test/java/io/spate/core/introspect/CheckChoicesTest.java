package io.spate.core.introspect;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;

import io.spate.protocol.schema.Check;
import java.util.List;
import java.util.Set;
import org.junit.jupiter.api.Test;

/**
 * Definitions as {@code pg_get_constraintdef} prints Lago's {@code quote_versions} CHECKs
 * (getlago/lago-api, db/structure.sql).
 */
class CheckChoicesTest {

  private static final String APPROVED =
      "CHECK (((status = 'approved'::quote_status) = (approved_at IS NOT NULL)))";
  private static final String VOIDED =
      "CHECK (((status = 'voided'::quote_status) = ((void_reason IS NOT NULL) AND (voided_at IS NOT"
          + " NULL))))";
  private static final Set<String> NULLABLE = Set.of("approved_at", "voided_at", "void_reason");

  private static CheckChoices.Constraint constraint(String name, String definition) {
    CheckParser.Reading alone = CheckParser.parse(name, definition, List.of());
    return new CheckChoices.Constraint(
        name,
        new CheckParser.Branch(alone.checks(), Set.copyOf(alone.notNull()), Set.of()),
        CheckParser.branches(name, definition));
  }

  @Test
  void readingsThatAgreeAreKeptAsTheyAre() {
    assertNull(
        CheckChoices.choose(
            List.of(
                constraint("approved", APPROVED),
                constraint("positive", "CHECK ((sequential_id > 0))")),
            NULLABLE::contains));
  }

  @Test
  void conflictingReadingsTakeTheFirstBranchesThatAgreeWritingTheirNullColumnsNull() {
    CheckChoices.Choice joint =
        CheckChoices.choose(
            List.of(constraint("approved", APPROVED), constraint("voided", VOIDED)),
            NULLABLE::contains);

    // approved as read alone; voided by its branch status <> 'voided' AND void_reason IS NULL
    assertEquals(
        List.of(
            new Check.CompareLiteral("approved", "status", "=", "approved"),
            new Check.CompareLiteral("voided", "status", "<>", "voided"),
            new Check.Unparsed(
                "voided", List.of("void_reason"), "CHECK ((\"void_reason\" IS NULL))")),
        joint.checks());
    assertEquals(Set.of("approved_at"), joint.notNull());
    assertEquals(
        List.of("void_reason"),
        NullRules.read(((Check.Unparsed) joint.checks().get(2)).text(), NULLABLE::contains).nulls(),
        "the planner reads the columns to write NULL back");
  }

  @Test
  void noBranchMayNeedANotNullColumnNull() {
    assertNull(
        CheckChoices.choose(
            List.of(constraint("approved", APPROVED), constraint("voided", VOIDED)),
            column -> false),
        "no joint reading: the planner reports the conflict");
  }
}
