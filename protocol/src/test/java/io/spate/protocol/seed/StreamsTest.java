package io.spate.protocol.seed;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.spate.protocol.seed.Streams.Purpose;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import org.junit.jupiter.api.Test;

class StreamsTest {

  private static final long SEED = 42;
  private static final long TABLE = Streams.table(SEED, "public", "orders");
  private static final long COLUMN = Streams.cells(TABLE, "o_note");

  /** Names that spell a purpose as version 2 derived it, and a few that try other ways in. */
  private static final List<String> PURPOSE_LIKE_NAMES =
      List.of(
          "partition",
          "group:g",
          "g",
          "fk:x",
          "x",
          "leaf0",
          "leaf",
          "null",
          "nulls",
          "[0]",
          "o_note[]",
          "pattern",
          "fanout",
          "FANO",
          "",
          "\u00ff", // ÿ: UTF-8 C3 BF, never the byte FF
          "\u00ff\u0002",
          "\ud800", // a lone surrogate: encoded as '?'
          "\0");

  @Test
  void tableAndCellStreamsKeepTheirVersion2Values() {
    // pinned: plain columns' values for a given seed must not move
    assertEquals(-8879657897280004111L, Streams.table(42, "public", "customer"));
    assertEquals(
        -6393305091669055706L, Streams.cells(Streams.table(42, "public", "customer"), "c_last"));
    assertEquals(Seeds.derive(SEED, "orders"), TABLE);
    assertEquals(Seeds.derive(TABLE, "o_note"), COLUMN);
  }

  @Test
  void tablesOfOneNameInTwoSchemasDrawApartAndPublicKeepsTheBareName() {
    long inPublic = Streams.table(SEED, "public", "account");
    long inApp = Streams.table(SEED, "app", "account");
    assertEquals(Seeds.derive(SEED, "account"), inPublic);
    assertEquals(
        3,
        new HashSet<>(List.of(inPublic, inApp, Streams.table(SEED, "billing", "account"))).size());
    // the schema and name are two arguments, not one string: no split or join of them collides
    Set<Long> tables = new HashSet<>();
    for (String name : List.of("app.account", "app\u00ffaccount", "appaccount", "account")) {
      assertTrue(tables.add(Streams.table(SEED, "public", name)), name);
    }
    assertTrue(tables.add(inApp));
    assertTrue(tables.add(Streams.table(SEED, "app.", "account")));
    assertTrue(tables.add(Streams.table(SEED, "app", ".account")));
    assertTrue(tables.add(Streams.table(SEED, "ap", "paccount")));
  }

  @Test
  void purposeStreamsArePinnedToTheirCodes() {
    // pinned: changing a purpose's code or encoding changes the bytes of every fill
    assertEquals(-1991135049230614165L, Streams.partitionLeaf(TABLE));
    assertEquals(2812547639924229416L, Streams.foreignKey(TABLE, "o_d"));
    assertEquals(-6169127840603639557L, Streams.leaf(COLUMN, 1));
    assertEquals(4878379800076478257L, Streams.table(SEED, "app", "orders"));
  }

  @Test
  void noColumnNameReachesAStreamOfItsTablesPurposes() {
    Set<Long> purposes =
        Set.of(
            Streams.partitionLeaf(TABLE),
            Streams.fanout(TABLE),
            Streams.group(TABLE, "g"),
            Streams.foreignKey(TABLE, "x"));
    assertEquals(4, purposes.size());
    for (String name : PURPOSE_LIKE_NAMES) {
      assertFalse(
          purposes.contains(Streams.cells(TABLE, name)),
          () -> "column '" + name + "' draws from a purpose stream of its table");
    }
  }

  @Test
  void noNameDerivedUnderAColumnReachesItsPurposeStreams() {
    Set<Long> purposes = new HashSet<>();
    purposes.add(Streams.nulls(COLUMN));
    purposes.add(Streams.pattern(COLUMN));
    purposes.add(Streams.elementPattern(COLUMN));
    purposes.add(Streams.realisticPool(COLUMN));
    for (int i = 0; i < 16; i++) {
      purposes.add(Streams.leaf(COLUMN, i));
      purposes.add(Streams.arrayElement(COLUMN, i));
    }
    assertEquals(4 + 2 * 16, purposes.size(), "every purpose and index has its own stream");
    assertFalse(purposes.contains(COLUMN), "no purpose stream is the column's cell stream");
    for (String name : PURPOSE_LIKE_NAMES) {
      assertFalse(purposes.contains(Seeds.derive(COLUMN, name)), name);
    }
  }

  @Test
  void aColumnsOwnOrPatternPoolIsNotSeededWithTheColumnsCellStream() {
    for (String column : List.of("c_first", "city", "email", "code")) {
      long cells = Streams.cells(TABLE, column);
      assertTrue(Streams.realisticPool(cells) != cells, column);
      assertTrue(Streams.pattern(cells) != cells, column);
      assertTrue(Streams.elementPattern(cells) != Streams.pattern(cells), column);
    }
  }

  @Test
  void aGroupsPlannerRecordsAndItsRowPicksUseDifferentStreams() {
    assertTrue(Streams.group(TABLE, "person") != Streams.pool(SEED, "records/person"));
  }

  @Test
  void noTableNameReachesAPoolOfTheSeed() {
    for (String name : PURPOSE_LIKE_NAMES) {
      assertTrue(Streams.pool(SEED, name) != Streams.table(SEED, "public", name), name);
    }
    assertTrue(Streams.pool(SEED, "realistic/city/20") != Streams.pool(SEED, "realistic/city/21"));
  }

  @Test
  void thePurposesOfOneParentAndOneArgumentAllDiffer() {
    Map<Long, String> seen = new HashMap<>();
    List<String> collisions = new ArrayList<>();
    for (Purpose p : Purpose.values()) {
      if (p == Purpose.TABLE || p == Purpose.CELLS) {
        continue;
      }
      long stream =
          switch (p.argument()) {
            case NONE -> Streams.tagged(TABLE, p);
            case NAME -> Streams.tagged(TABLE, p, "x");
            case INDEX -> Streams.tagged(TABLE, p, 0);
            case QUALIFIED_NAME -> Streams.tagged(TABLE, p, "x", "y");
          };
      String before = seen.put(stream, p.name());
      if (before != null) {
        collisions.add(before + " = " + p);
      }
    }
    assertEquals(List.of(), collisions);
  }

  @Test
  void indicesAndNamesOfOnePurposeGiveDistinctStreams() {
    Set<Long> streams = new HashSet<>();
    for (int i = 0; i < 10_000; i++) {
      assertTrue(streams.add(Streams.leaf(COLUMN, i)));
      assertTrue(streams.add(Streams.arrayElement(COLUMN, i)));
      assertTrue(streams.add(Streams.foreignKey(TABLE, "fk" + i)));
      assertTrue(streams.add(Streams.group(TABLE, "fk" + i)));
    }
  }

  @Test
  void aPurposeRefusesAnArgumentOfAnotherShape() {
    assertThrows(IllegalArgumentException.class, () -> Streams.tagged(TABLE, Purpose.GROUP));
    assertThrows(IllegalArgumentException.class, () -> Streams.tagged(TABLE, Purpose.LEAF, "0"));
    assertThrows(IllegalArgumentException.class, () -> Streams.tagged(TABLE, Purpose.NULLS, 1));
    assertThrows(
        IllegalArgumentException.class, () -> Streams.tagged(TABLE, Purpose.CELLS, "o_note"));
  }
}
