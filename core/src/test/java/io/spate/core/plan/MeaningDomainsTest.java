package io.spate.core.plan;

import static org.junit.jupiter.api.Assertions.assertEquals;

import org.junit.jupiter.api.Test;

/** The small forms a meaning's values take. */
class MeaningDomainsTest {

  @Test
  void aSentencesVerbIsConjugatedForItsSubject() {
    assertEquals("fusses", MeaningDomains.thirdPerson("fuss"));
    assertEquals("rallies", MeaningDomains.thirdPerson("rally"));
    assertEquals("scotches", MeaningDomains.thirdPerson("scotch"));
    assertEquals("washes", MeaningDomains.thirdPerson("wash"));
    assertEquals("fixes", MeaningDomains.thirdPerson("fix"));
    assertEquals("plays", MeaningDomains.thirdPerson("play"));
    assertEquals("wings", MeaningDomains.thirdPerson("wing"));
  }
}
