package io.spate.core.plan;

import io.spate.core.config.FillConfig;
import io.spate.core.config.TableConfig;
import io.spate.protocol.schema.Check;
import io.spate.protocol.schema.Column;
import io.spate.protocol.schema.ForeignKey;
import io.spate.protocol.schema.Schema;
import io.spate.protocol.schema.SqlType;
import io.spate.protocol.schema.Table;
import io.spate.protocol.schema.UniqueKey;
import io.spate.worker.testing.Fixtures;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;

/**
 * TPC-C for planner tests without a database: the introspected fixture schema, configs of its shape
 * built in code, and builders for the small hand-made schemas other tests plan.
 */
public final class TpccSchema {

  private TpccSchema() {}

  /**
   * The nine TPC-C tables of {@code examples/schemas/tpcc.sql} as the introspector reports them:
   * its checked snapshot, {@code tpcc.schema.json} (see {@code SchemaSnapshotsIT}).
   */
  public static Schema schema() {
    return Fixtures.snapshot("tpcc");
  }

  /**
   * TPC-C's shape: per warehouse 10 districts and the stock of every item, 3000 customers per
   * district.
   */
  public static FillConfig config(
      long warehouses, long items, int customersPerDistrict, int newOrdersPerDistrict) {
    Map<String, TableConfig> tables = new LinkedHashMap<>();
    tables.put("warehouse", rows(warehouses));
    tables.put("item", rows(items));
    tables.put("stock", per("warehouse", String.valueOf(items)));
    tables.put("district", per("warehouse", "10"));
    tables.put("customer", per("district", String.valueOf(customersPerDistrict)));
    tables.put("history", per("customer", "1"));
    tables.put("orders", per("customer", "1"));
    tables.put("new_order", per("district", String.valueOf(newOrdersPerDistrict)));
    tables.put("order_line", per("orders", "5..15"));
    return new FillConfig(null, null, null, null, tables);
  }

  static FillConfig specConfig() {
    return config(2, 1000, 3000, 900);
  }

  static TableConfig rows(long rows) {
    return new TableConfig(rows, null, null, null);
  }

  static TableConfig per(String parent, String count) {
    return new TableConfig(null, parent, count, null);
  }

  static Table table(
      String name,
      List<Column> columns,
      List<String> primaryKey,
      List<ForeignKey> fks,
      Check... checks) {
    UniqueKey pk = primaryKey == null ? null : new UniqueKey(name + "_pkey", primaryKey, true);
    return new Table("public", name, columns, pk, List.of(), fks, List.of(checks));
  }

  static ForeignKey fk(
      String name, List<String> columns, String refTable, List<String> refColumns) {
    return new ForeignKey(name, columns, refTable, refColumns);
  }

  static Column integer(String name) {
    return column(name, SqlType.INTEGER);
  }

  /** NOT NULL, as TPC-C declares nearly every column. */
  static Column column(String name, SqlType type) {
    return new Column(
        name, type, type.name().toLowerCase(Locale.ROOT), -1, -1, -1, false, false, false, null);
  }

  static Column nullable(String name, SqlType type) {
    return new Column(
        name, type, type.name().toLowerCase(Locale.ROOT), -1, -1, -1, true, false, false, null);
  }

  static Column varchar(String name, int length) {
    return new Column(
        name,
        SqlType.VARCHAR,
        "character varying(" + length + ")",
        length,
        -1,
        -1,
        false,
        false,
        false,
        null);
  }

  static Column character(String name, int length) {
    return new Column(
        name, SqlType.CHAR, "character(" + length + ")", length, -1, -1, false, false, false, null);
  }

  static Column numeric(String name, int precision, int scale) {
    return new Column(
        name,
        SqlType.NUMERIC,
        "numeric(" + precision + "," + scale + ")",
        -1,
        precision,
        scale,
        false,
        false,
        false,
        null);
  }
}
