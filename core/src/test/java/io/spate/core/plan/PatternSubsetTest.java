package io.spate.core.plan;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

class PatternSubsetTest {

  @Test
  void generatorBoundsRepetitionsAndDropsAnchorsAndLazyMarks() {
    assertEquals("[A-Z]{3}-\\d{1,9}x{0,8}", PatternSubset.generator("^[A-Z]{3}-\\d+x*$"));
    assertEquals("a{2,10}b{1,3}(?:c|d)?", PatternSubset.generator("a{2,}?b{1,3}(?:c|d)?"));
    assertEquals("[\\]a-]\\.", PatternSubset.generator("[]a-]\\."));
  }

  @ParameterizedTest
  @ValueSource(
      strings = {
        "^[[:alpha:]]+$",
        "^(a)\\1$",
        "^(?=a)a$",
        "(?i)abc",
        "^a$|^b$",
        "\\mword",
        "[a&&b]",
        "^\\bx",
        "[abc"
      })
  void constructsOutsideTheSubsetAreRefusedNamingTheConstruct(String pattern) {
    IllegalArgumentException e =
        assertThrows(IllegalArgumentException.class, () -> PatternSubset.generator(pattern));

    assertTrue(e.getMessage().contains(pattern), e.getMessage());
  }
}
