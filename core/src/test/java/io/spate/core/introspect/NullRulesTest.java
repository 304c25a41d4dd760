package io.spate.core.introspect;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;

import io.spate.core.introspect.NullRules.NullRule;
import java.util.List;
import java.util.Set;
import org.junit.jupiter.api.Test;

/** CHECKs kept by writing nullable columns NULL, as {@code pg_get_constraintdef} prints them. */
class NullRulesTest {

  private static NullRule read(String definition, String... notNullable) {
    return NullRules.read(definition, c -> !Set.of(notNullable).contains(c));
  }

  @Test
  void exactlyOneOfTwoKeepsTheFirstNullableAlternative() {
    String check = "CHECK (((user_id IS NULL) <> (email IS NULL)))";
    assertEquals(new NullRule(List.of("user_id"), List.of("email")), read(check));
    assertEquals(new NullRule(List.of("email"), List.of("user_id")), read(check, "user_id"));
    assertNull(read(check, "user_id", "email"));
  }

  @Test
  void aDisjunctionOfNullsKeepsTheFirstNullableColumn() {
    assertEquals(
        new NullRule(List.of("b"), List.of()), read("CHECK (((a IS NULL) OR (b IS NULL)))", "a"));
  }

  @Test
  void countsOfNonNullsKeepTheFirstColumnsAndNullTheRest() {
    assertEquals(
        new NullRule(List.of("b", "c"), List.of()), read("CHECK ((num_nonnulls(a, b, c) <= 1))"));
    assertEquals(
        new NullRule(List.of("b", "c"), List.of("a")), read("CHECK ((num_nonnulls(a, b, c) = 1))"));
    assertEquals(
        new NullRule(List.of("a", "b", "c"), List.of()),
        read("CHECK ((num_nonnulls(a, b, c) = 0))"));
    assertEquals(
        new NullRule(List.of("b", "c"), List.of()), read("CHECK ((num_nulls(a, b, c) >= 2))"));
    assertEquals(
        new NullRule(List.of("b", "c"), List.of("a")), read("CHECK ((1 = num_nonnulls(a, b, c)))"));
    assertEquals(new NullRule(List.of("b"), List.of("a")), read("CHECK ((num_nulls(a, b) = 1))"));
  }

  @Test
  void otherFormsOrANotNullColumnToNullAreNotRules() {
    assertNull(read("CHECK ((num_nonnulls(a, b) <= 1))", "b"));
    assertNull(read("CHECK ((num_nonnulls(a, b) <> 1))"));
    assertNull(read("CHECK ((num_nonnulls(a, (b + 1)) <= 1))"));
    assertNull(read("CHECK (((a IS NULL) OR (b > 0)))"));
    assertNull(read("CHECK ((is_ok(a)))"));
  }
}
