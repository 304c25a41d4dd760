package io.spate.coordinator.plan;

import io.spate.coordinator.config.FillConfig;
import io.spate.coordinator.config.TableConfig;
import io.spate.protocol.schema.Check;
import io.spate.protocol.schema.Column;
import io.spate.protocol.schema.ForeignKey;
import io.spate.protocol.schema.Schema;
import io.spate.protocol.schema.SqlType;
import io.spate.protocol.schema.Table;
import io.spate.protocol.schema.UniqueKey;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;

/** The nine TPC-C tables with their keys, built by hand as introspection would report them. */
public final class TpccSchema {

  private TpccSchema() {}

  public static Schema schema() {
    return new Schema(
        List.of(
            table(
                "warehouse",
                List.of(
                    integer("w_id"),
                    varchar("w_name", 10),
                    numeric("w_tax", 4, 4),
                    numeric("w_ytd", 12, 2)),
                List.of("w_id"),
                List.of()),
            table(
                "district",
                List.of(
                    integer("d_id"),
                    integer("d_w_id"),
                    varchar("d_name", 10),
                    integer("d_next_o_id")),
                List.of("d_w_id", "d_id"),
                List.of(
                    fk("fk_district_warehouse", List.of("d_w_id"), "warehouse", List.of("w_id")))),
            table(
                "customer",
                List.of(
                    integer("c_id"),
                    integer("c_d_id"),
                    integer("c_w_id"),
                    varchar("c_last", 16),
                    character("c_credit", 2),
                    numeric("c_balance", 12, 2)),
                List.of("c_w_id", "c_d_id", "c_id"),
                List.of(
                    fk(
                        "fk_customer_district",
                        List.of("c_w_id", "c_d_id"),
                        "district",
                        List.of("d_w_id", "d_id"))),
                new Check.InList("customer_c_credit_check", "c_credit", List.of("GC", "BC"))),
            table(
                "history",
                List.of(
                    integer("h_c_id"),
                    integer("h_c_d_id"),
                    integer("h_c_w_id"),
                    integer("h_d_id"),
                    integer("h_w_id"),
                    column("h_date", SqlType.TIMESTAMP),
                    numeric("h_amount", 6, 2)),
                null,
                List.of(
                    fk(
                        "fk_history_customer",
                        List.of("h_c_w_id", "h_c_d_id", "h_c_id"),
                        "customer",
                        List.of("c_w_id", "c_d_id", "c_id")),
                    fk(
                        "fk_history_district",
                        List.of("h_w_id", "h_d_id"),
                        "district",
                        List.of("d_w_id", "d_id")))),
            table(
                "orders",
                List.of(
                    integer("o_id"),
                    integer("o_d_id"),
                    integer("o_w_id"),
                    integer("o_c_id"),
                    column("o_entry_d", SqlType.TIMESTAMP),
                    nullable("o_carrier_id", SqlType.INTEGER),
                    integer("o_ol_cnt")),
                List.of("o_w_id", "o_d_id", "o_id"),
                List.of(
                    fk(
                        "fk_orders_customer",
                        List.of("o_w_id", "o_d_id", "o_c_id"),
                        "customer",
                        List.of("c_w_id", "c_d_id", "c_id")))),
            table(
                "new_order",
                List.of(integer("no_o_id"), integer("no_d_id"), integer("no_w_id")),
                List.of("no_w_id", "no_d_id", "no_o_id"),
                List.of(
                    fk(
                        "fk_new_order_orders",
                        List.of("no_w_id", "no_d_id", "no_o_id"),
                        "orders",
                        List.of("o_w_id", "o_d_id", "o_id")))),
            table(
                "item",
                List.of(
                    integer("i_id"),
                    integer("i_im_id"),
                    varchar("i_name", 24),
                    numeric("i_price", 5, 2),
                    varchar("i_data", 50)),
                List.of("i_id"),
                List.of()),
            table(
                "stock",
                List.of(
                    integer("s_i_id"),
                    integer("s_w_id"),
                    integer("s_quantity"),
                    varchar("s_data", 50)),
                List.of("s_w_id", "s_i_id"),
                List.of(
                    fk("fk_stock_item", List.of("s_i_id"), "item", List.of("i_id")),
                    fk("fk_stock_warehouse", List.of("s_w_id"), "warehouse", List.of("w_id")))),
            table(
                "order_line",
                List.of(
                    integer("ol_o_id"),
                    integer("ol_d_id"),
                    integer("ol_w_id"),
                    integer("ol_number"),
                    integer("ol_i_id"),
                    integer("ol_supply_w_id"),
                    nullable("ol_delivery_d", SqlType.TIMESTAMP),
                    integer("ol_quantity"),
                    numeric("ol_amount", 6, 2)),
                List.of("ol_w_id", "ol_d_id", "ol_o_id", "ol_number"),
                List.of(
                    fk(
                        "fk_order_line_orders",
                        List.of("ol_w_id", "ol_d_id", "ol_o_id"),
                        "orders",
                        List.of("o_w_id", "o_d_id", "o_id")),
                    fk(
                        "fk_order_line_stock",
                        List.of("ol_supply_w_id", "ol_i_id"),
                        "stock",
                        List.of("s_w_id", "s_i_id"))))));
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
