package io.spate.core.config;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;

import io.spate.protocol.error.SpateException;
import org.junit.jupiter.api.Test;

/**
 * The file's top-level keys are checked against their declarations' bounds, all at once; YAML
 * errors name the line and column of what to fix.
 */
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

  @Test
  void aTabNamesTheLineAndColumnItIsOn() {
    assertEquals(
        "config x: line 3, column 1: found character '\\t(TAB)' that cannot start any token."
            + " (Do not use \\t(TAB) for indentation)",
        failure("seed: 1\ntaskRows: 2\n\tdefaultRows: 3\n"));
    assertEquals(
        "config x: line 4, column 4: found character '\\t(TAB)' that cannot start any token."
            + " (Do not use \\t(TAB) for indentation)",
        failure("seed: 1\ntables:\n  account:\n   \trows: 10\n"));
  }

  @Test
  void aDuplicateKeyIsRefusedNamingTheKeyAndBothLines() {
    assertEquals(
        "config x: duplicate key 'seed' at line 3, column 1 (first at line 1, column 1)",
        failure("seed: 1\ntaskRows: 5\nseed: 2\n"));
    assertEquals(
        "config x: duplicate key 'value' at line 7, column 9 (first at line 6, column 9)",
        failure(
            "tables:\n  a:\n    rows: 1\n    columns:\n      c:\n"
                + "        value: x\n        value: y\n"));
    assertEquals(
        "config x: duplicate key 'a' at line 1, column 24 (first at line 1, column 10)",
        failure("tables: {a: {rows: 1}, a: {rows: 2}}\n"));
  }

  private static String failure(String yaml) {
    return assertThrows(SpateException.class, () -> FillConfig.parse(yaml, "config x"))
        .getMessage();
  }
}
