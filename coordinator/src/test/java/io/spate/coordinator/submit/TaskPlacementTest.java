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

  @Test
  void aTaskGoesToTheWorkerWithFewestUnfinishedRowsNotFewestTasks() {
    // worker A runs one 100,000-row task; worker B two 30,000-row tasks
    long[] unfinished = {100_000, 0, 30_000, 30_000};
    List<List<Integer>> members = List.of(List.of(0, 1), List.of(2, 3));
    assertEquals(2, TaskPlacement.choose(members, unfinished, TaskPlacement.spreadOrder(4)));
    unfinished[3] = 80_000; // now B holds more rows: A's idle partition
    assertEquals(1, TaskPlacement.choose(members, unfinished, TaskPlacement.spreadOrder(4)));
  }

  @Test
  void withNoWorkerKnownTasksSpreadOverEveryPartition() {
    long[] unfinished = {5, 0, 0, 0};
    assertEquals(2, TaskPlacement.choose(List.of(), unfinished, TaskPlacement.spreadOrder(4)));
  }
}
