package io.spate.core.introspect;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.spate.protocol.error.SpateException;
import io.spate.protocol.schema.Partition;
import io.spate.protocol.schema.Partition.Bound;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;

class PartitionsTest {

  @Test
  void boundLiteralsAreUnquoted() {
    assertEquals(
        List.of("a'b", "10", "MINVALUE", "2024-01-01 00:00:00"),
        Partitions.literals("'a''b', 10, MINVALUE, '2024-01-01 00:00:00'"));
  }

  @Test
  void leavesCarryTheBoundsOfEveryLevelAboveThem() {
    Map<Long, Partitions.Node> nodes = new LinkedHashMap<>();
    nodes.put(
        2L,
        new Partitions.Node(
            1,
            "m_2024",
            1,
            true,
            "FOR VALUES FROM ('2024-01-01') TO ('2025-01-01')",
            "LIST (region)"));
    nodes.put(
        3L,
        new Partitions.Node(1, "m_2024_eu", 2, true, "FOR VALUES IN ('eu', NULL)", "RANGE (d)"));
    nodes.put(
        4L,
        new Partitions.Node(
            1, "m_2024_eu_h1", 3, false, "FOR VALUES FROM (MINVALUE) TO ('2024-07-01')", null));
    nodes.put(5L, new Partitions.Node(1, "m_2024_other", 2, false, "DEFAULT", null));
    List<Partition> leaves = Partitions.leaves("m", "RANGE (d)", 1, nodes);
    assertEquals(
        List.of(
            new Partition(
                "m_2024_eu_h1",
                List.of(
                    new Bound("d", List.of(), "2024-01-01", "2024-07-01"),
                    new Bound("region", List.of("eu"), null, null)))),
        leaves);
  }

  @Test
  void hashLevelsMustCoverEveryRemainder() {
    Map<Long, Partitions.Node> nodes = new LinkedHashMap<>();
    nodes.put(
        2L,
        new Partitions.Node(1, "h0", 1, false, "FOR VALUES WITH (modulus 2, remainder 0)", null));
    nodes.put(
        3L,
        new Partitions.Node(1, "h1", 1, false, "FOR VALUES WITH (modulus 4, remainder 1)", null));
    SpateException e =
        assertThrows(SpateException.class, () -> Partitions.leaves("h", "HASH (id)", 1, nodes));
    assertTrue(e.getMessage().contains("cover 3 of 4 remainders"), e.getMessage());
    nodes.put(
        4L,
        new Partitions.Node(1, "h3", 1, false, "FOR VALUES WITH (modulus 4, remainder 3)", null));
    assertEquals(3, Partitions.leaves("h", "HASH (id)", 1, nodes).size());
  }
}
