package io.spate.core.plan;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.spate.core.config.FillConfig;
import io.spate.engine.encode.CopyBinaryWriter;
import io.spate.engine.generate.Engine;
import io.spate.engine.generate.SlotCursor;
import io.spate.engine.generate.TableEngine;
import io.spate.protocol.plan.FillPlan;
import io.spate.protocol.plan.TablePlan;
import io.spate.protocol.schema.ForeignKey;
import io.spate.protocol.schema.UniqueKey;
import java.nio.ByteBuffer;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.HashSet;
import java.util.HexFormat;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.TreeSet;
import java.util.stream.Collectors;
import org.junit.jupiter.api.Test;

/**
 * Plans TPC-C and runs the engine over every slot, without a database: the keys the planner's rules
 * produce are unique and every foreign key names a row its parent table wrote. Rows are read back
 * from the binary COPY tuples; values are compared as their encoded bytes.
 */
class PlannedFillTest {

  /** TPC-C's shape at a size that fills in well under a second. */
  private static final FillConfig SMALL_TPCC = TpccSchema.config(2, 100, 30, 9);

  @Test
  void aPlanWithoutConfigWritesUniqueKeysAndValidReferences() {
    assertKeysUniqueAndReferencesValid(
        Planner.plan(
            TpccSchema.schema(), FillSettings.of(FillConfig.EMPTY, null, null, null, Map.of())));
  }

  @Test
  void aTpccShapedPlanWritesUniqueKeysAndValidReferences() {
    assertKeysUniqueAndReferencesValid(plan(SMALL_TPCC));
  }

  @Test
  void aTpccShapedPlanWritesAsManyRowsAsItPlanned() {
    FillPlan plan = plan(SMALL_TPCC);
    Engine engine = new Engine(plan);
    for (TablePlan t : plan.tables()) {
      assertEquals(t.rows(), rows(engine, t.name()).size(), t.name());
    }
  }

  @Test
  void newOrdersNameTheLastOrdersOfTheirDistrict() {
    FillPlan plan = plan(SMALL_TPCC);
    Map<String, Set<Integer>> byDistrict = new HashMap<>();
    for (Map<String, byte[]> row : rows(new Engine(plan), "new_order")) {
      String district = int4(row.get("no_w_id")) + "/" + int4(row.get("no_d_id"));
      byDistrict.computeIfAbsent(district, d -> new TreeSet<>()).add(int4(row.get("no_o_id")));
    }
    assertEquals(20, byDistrict.size());
    Set<Integer> lastNine = new TreeSet<>(List.of(22, 23, 24, 25, 26, 27, 28, 29, 30));
    byDistrict.forEach(
        (district, orders) -> assertEquals(lastNine, orders, "district " + district));
  }

  @Test
  void districtsAndCustomersCountFromOneWithinTheirParent() {
    FillPlan plan = plan(SMALL_TPCC);
    Engine engine = new Engine(plan);
    List<Map<String, byte[]>> districts = rows(engine, "district");
    for (int k = 0; k < districts.size(); k++) {
      assertEquals(1 + k / 10, int4(districts.get(k).get("d_w_id")));
      assertEquals(1 + k % 10, int4(districts.get(k).get("d_id")));
    }
    List<Map<String, byte[]>> customers = rows(engine, "customer");
    for (int k = 0; k < customers.size(); k++) {
      assertEquals(1 + k % 30, int4(customers.get(k).get("c_id")));
      assertEquals(1 + k / 30 % 10, int4(customers.get(k).get("c_d_id")));
      assertEquals(1 + k / 300, int4(customers.get(k).get("c_w_id")));
    }
  }

  private static FillPlan plan(FillConfig config) {
    return Planner.plan(TpccSchema.schema(), FillSettings.of(config, null, null, null, Map.of()));
  }

  private static void assertKeysUniqueAndReferencesValid(FillPlan plan) {
    Engine engine = new Engine(plan);
    Map<String, List<Map<String, byte[]>>> tables = new HashMap<>();
    for (TablePlan t : plan.tables()) {
      tables.put(t.name(), rows(engine, t.name()));
    }
    for (TablePlan t : plan.tables()) {
      for (UniqueKey key : t.table().keys()) {
        Set<String> seen = new HashSet<>();
        for (Map<String, byte[]> row : tables.get(t.name())) {
          assertTrue(
              seen.add(key(row, key.columns())),
              t.name() + " repeats " + key.columns() + " = " + key(row, key.columns()));
        }
      }
      for (ForeignKey fk : t.table().foreignKeys()) {
        Set<String> parents =
            tables.get(fk.refTable()).stream()
                .map(r -> key(r, fk.refColumns()))
                .collect(Collectors.toSet());
        for (Map<String, byte[]> row : tables.get(t.name())) {
          assertTrue(
              parents.contains(key(row, fk.columns())),
              t.name()
                  + " "
                  + fk.name()
                  + " names a missing "
                  + fk.refTable()
                  + " row "
                  + key(row, fk.columns()));
        }
      }
    }
  }

  private static List<Map<String, byte[]>> rows(Engine engine, String table) {
    TableEngine tableEngine = engine.table(table);
    List<String> names = tableEngine.columnNames();
    CopyBinaryWriter out = new CopyBinaryWriter(1 << 16);
    SlotCursor cursor = new SlotCursor(0, engine.plan().table(table).slots());
    while (!cursor.done()) {
      tableEngine.fill(cursor, out, Integer.MAX_VALUE);
    }
    ByteBuffer in = ByteBuffer.wrap(out.array(), 0, out.size());
    List<Map<String, byte[]>> rows = new ArrayList<>();
    while (in.hasRemaining()) {
      int fields = in.getShort();
      assertEquals(names.size(), fields, table);
      Map<String, byte[]> row = new HashMap<>();
      for (String name : names) {
        int length = in.getInt();
        byte[] value = null;
        if (length >= 0) {
          value = new byte[length];
          in.get(value);
        }
        row.put(name, value);
      }
      rows.add(row);
    }
    return rows;
  }

  private static String key(Map<String, byte[]> row, List<String> columns) {
    return columns.stream()
        .map(c -> row.get(c) == null ? "NULL" : HexFormat.of().formatHex(row.get(c)))
        .collect(Collectors.joining("|"));
  }

  private static int int4(byte[] field) {
    assertEquals(4, field.length);
    return ByteBuffer.wrap(field).getInt();
  }
}
