package io.spate.coordinator.config;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;

import io.spate.protocol.error.SpateException;
import org.junit.jupiter.api.Test;

/** The file's top-level keys are checked against their declarations' bounds, all at once. */
class FillConfigTest {

  @Test
  void everyOutOfBoundsKeyIsNamedInOneError() {
    SpateException e =
        assertThrows(
            SpateException.class,
            () -> FillConfig.parse("taskRows: 0\nnullRatio: 1.5\ndefaultRows: 10\n", "config x"));
    assertEquals(
        "config x (2 problems):\n"
            + "  - taskRows must be at least 1, got 0\n"
            + "  - nullRatio must be 0..1, got 1.5",
        e.getMessage());
  }

  @Test
  void keysWithinBoundsAreKept() {
    FillConfig config = FillConfig.parse("seed: -3\ntaskRows: 1\nnullRatio: 0\n", "config x");
    assertEquals(-3L, config.seed());
    assertEquals(1L, config.taskRows());
    assertEquals(Boolean.TRUE, config.realisticValues());
  }
}
