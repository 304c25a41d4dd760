package io.spate.coordinator.submit;

import static org.junit.jupiter.api.Assertions.assertEquals;

import java.util.List;
import org.junit.jupiter.api.Test;

class TaskPlacementTest {

  @Test
  void spreadOrderVisitsEveryPartitionOnceAlternatingHalves() {
    assertEquals(List.of(0, 8, 4, 2, 10, 6, 1, 9, 5, 3, 11, 7), TaskPlacement.spreadOrder(12));
    assertEquals(List.of(0, 2, 1, 3), TaskPlacement.spreadOrder(4));
    assertEquals(List.of(0), TaskPlacement.spreadOrder(1));
  }
}
