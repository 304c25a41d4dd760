package io.spate.bench.e2e;

import static org.junit.jupiter.api.Assertions.assertEquals;

import java.util.List;
import org.junit.jupiter.api.Test;

class BenchRoundsTest {

  @Test
  void eachRoundTurnsTheModesByOneSoEveryModeLeadsInTurn() {
    List<String> modes = List.of("local-2", "dist-2", "dist-4");

    assertEquals(List.of("local-2", "dist-2", "dist-4"), BenchRunner.turned(modes, 0));
    assertEquals(List.of("dist-2", "dist-4", "local-2"), BenchRunner.turned(modes, 1));
    assertEquals(List.of("dist-4", "local-2", "dist-2"), BenchRunner.turned(modes, 2));
    assertEquals(List.of("local-2", "dist-2", "dist-4"), BenchRunner.turned(modes, 3));
    assertEquals(List.of("local-2", "dist-2", "dist-4"), modes); // the list given is kept
  }

  @Test
  void twoModesAlternateWhichRunsFirst() {
    List<String> modes = List.of("local-2", "dist-2");

    assertEquals("local-2", BenchRunner.turned(modes, 0).get(0));
    assertEquals("dist-2", BenchRunner.turned(modes, 1).get(0));
    assertEquals("local-2", BenchRunner.turned(modes, 2).get(0));
  }
}
