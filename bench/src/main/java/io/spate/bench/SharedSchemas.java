package io.spate.bench;

import io.spate.coordinator.config.ColumnConfig;
import io.spate.coordinator.config.FillConfig;
import io.spate.coordinator.config.TableConfig;
import io.spate.coordinator.plan.FillSettings;
import io.spate.coordinator.plan.Planner;
import io.spate.protocol.plan.FillPlan;
import io.spate.protocol.schema.Check;
import io.spate.protocol.schema.Column;
import io.spate.protocol.schema.ForeignKey;
import io.spate.protocol.schema.Schema;
import io.spate.protocol.schema.SqlType;
import io.spate.protocol.schema.Table;
import io.spate.protocol.schema.UniqueKey;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;

/**
 * The shared fixture schemas ({@code ../shared/schemas/*.sql}) built in code as the introspector
 * reports them (PostgreSQL's {@code format_type} names, default constraint names, CHECKs as the
 * check parser turns them into {@link Check}s), each with the fill config of its {@code examples/}
 * file. The DDL is mirrored, never parsed: a benchmark must not depend on a database or on SQL
 * parsing, and a change to a fixture shows up here as a diff to review.
 */
final class SharedSchemas {

  /** A schema and the config it is filled with. */
  record Fixture(Schema schema, FillConfig config) {
    FillPlan plan() {
      return Planner.plan(schema, FillSettings.of(config, null, null, null, Map.of()));
    }
  }

  private SharedSchemas() {}

  /** {@code single.sql}: one keyless, all-nullable table; {@code examples/single.yaml}. */
  static Fixture single() {
    Map<String, ColumnConfig> columns =
        Map.of(
            "c_name", length("8..64"),
            "c_desc", length("16..128"),
            "c_amount", range("0.00", "99999.99"),
            "c_score", range("0", "100"));
    return new Fixture(
        new Schema(List.of(bigT("big_t"))), config(Map.of("big_t", rows(1_000_000, columns))));
  }

  /**
   * {@code wide.sql}, its first table only (the other nine are identical); {@code
   * examples/wide.yaml}.
   */
  static Fixture wide() {
    return new Fixture(
        new Schema(List.of(bigT("wide_t01"))), config(Map.of("wide_t01", rows(100_000, Map.of()))));
  }

  private static Table bigT(String name) {
    return new TableBuilder(name, false)
        .col("c_int", Type.INTEGER)
        .col("c_bigint", Type.BIGINT)
        .col("c_name", Type.varchar(64))
        .col("c_desc", Type.varchar(128))
        .col("c_amount", Type.numeric(12, 2))
        .col("c_score", Type.DOUBLE)
        .col("c_flag", Type.BOOLEAN)
        .col("c_ts", Type.TIMESTAMP)
        .build();
  }

  /** {@code trip.sql} with its four CHECKs; {@code examples/trip.yaml}. */
  static Fixture trip() {
    Table trip =
        new TableBuilder("trip", true)
            .col("id", Type.BIGINT)
            .col("trip_duration", Type.INTEGER)
            .cols(Type.TIMESTAMP, "start_time", "stop_time")
            .col("start_station_id", Type.INTEGER)
            .col("start_station_name", Type.varchar(100))
            .cols(Type.DOUBLE, "start_lat", "start_lon")
            .col("end_station_id", Type.INTEGER)
            .col("end_station_name", Type.varchar(100))
            .cols(Type.DOUBLE, "end_lat", "end_lon")
            .col("bike_id", Type.INTEGER)
            .col("user_type", Type.varchar(20))
            .col("gender", Type.character(1))
            .pk("id")
            .check(new Check.CompareLiteral("trip_trip_duration_check", "trip_duration", ">", "0"))
            .check(
                new Check.InList(
                    "trip_user_type_check", "user_type", List.of("Subscriber", "Customer")))
            .check(new Check.InList("trip_gender_check", "gender", List.of("M", "F", "U")))
            .check(new Check.CompareColumns("trip_check", "stop_time", ">", "start_time"))
            .build();
    Map<String, ColumnConfig> columns = new LinkedHashMap<>();
    columns.put("trip_duration", range("60", "7200"));
    columns.put("start_time", range("2016-01-01 00:00:00", "2016-12-31 23:59:59"));
    columns.put("start_station_id", range("1", "800"));
    columns.put("end_station_id", range("1", "800"));
    columns.put("start_station_name", length("10..40"));
    columns.put("end_station_name", length("10..40"));
    columns.put("start_lat", range("40.6", "40.9"));
    columns.put("start_lon", range("-74.05", "-73.9"));
    columns.put("end_lat", range("40.6", "40.9"));
    columns.put("end_lon", range("-74.05", "-73.9"));
    columns.put("bike_id", range("14000", "27000"));
    columns.put("user_type", weighted(List.of("Subscriber", "Customer"), List.of(9.0, 1.0)));
    return new Fixture(new Schema(List.of(trip)), config(Map.of("trip", rows(1_000_000, columns))));
  }

  /**
   * {@code tpcc.sql}, all nine tables; {@code examples/tpcc.yaml} (one warehouse, full
   * cardinalities).
   */
  static Fixture tpcc() {
    List<Table> tables =
        List.of(
            new TableBuilder("warehouse", true)
                .col("w_id", Type.INTEGER)
                .col("w_name", Type.varchar(10))
                .address("w_")
                .col("w_tax", Type.numeric(4, 4))
                .col("w_ytd", Type.numeric(12, 2))
                .pk("w_id")
                .build(),
            new TableBuilder("item", true)
                .cols(Type.INTEGER, "i_id", "i_im_id")
                .col("i_name", Type.varchar(24))
                .col("i_price", Type.numeric(5, 2))
                .col("i_data", Type.varchar(50))
                .pk("i_id")
                .build(),
            new TableBuilder("stock", true)
                .cols(Type.INTEGER, "s_i_id", "s_w_id", "s_quantity")
                .cols(
                    Type.character(24),
                    "s_dist_01",
                    "s_dist_02",
                    "s_dist_03",
                    "s_dist_04",
                    "s_dist_05",
                    "s_dist_06",
                    "s_dist_07",
                    "s_dist_08",
                    "s_dist_09",
                    "s_dist_10")
                .col("s_ytd", Type.numeric(8, 0))
                .cols(Type.INTEGER, "s_order_cnt", "s_remote_cnt")
                .col("s_data", Type.varchar(50))
                .pk("s_w_id", "s_i_id")
                .fk(List.of("s_i_id"), "item", List.of("i_id"))
                .fk(List.of("s_w_id"), "warehouse", List.of("w_id"))
                .build(),
            new TableBuilder("district", true)
                .cols(Type.INTEGER, "d_id", "d_w_id")
                .col("d_name", Type.varchar(10))
                .address("d_")
                .col("d_tax", Type.numeric(4, 4))
                .col("d_ytd", Type.numeric(12, 2))
                .col("d_next_o_id", Type.INTEGER)
                .pk("d_w_id", "d_id")
                .fk(List.of("d_w_id"), "warehouse", List.of("w_id"))
                .build(),
            new TableBuilder("customer", true)
                .cols(Type.INTEGER, "c_id", "c_d_id", "c_w_id")
                .col("c_first", Type.varchar(16))
                .col("c_middle", Type.character(2))
                .col("c_last", Type.varchar(16))
                .address("c_")
                .col("c_phone", Type.character(16))
                .col("c_since", Type.TIMESTAMP)
                .col("c_credit", Type.character(2))
                .col("c_credit_lim", Type.numeric(12, 2))
                .col("c_discount", Type.numeric(4, 4))
                .cols(Type.numeric(12, 2), "c_balance", "c_ytd_payment")
                .cols(Type.INTEGER, "c_payment_cnt", "c_delivery_cnt")
                .col("c_data", Type.varchar(500))
                .pk("c_w_id", "c_d_id", "c_id")
                .fk(List.of("c_w_id", "c_d_id"), "district", List.of("d_w_id", "d_id"))
                .check(new Check.InList("customer_c_credit_check", "c_credit", List.of("GC", "BC")))
                .build(),
            new TableBuilder("history", true)
                .cols(Type.INTEGER, "h_c_id", "h_c_d_id", "h_c_w_id", "h_d_id", "h_w_id")
                .col("h_date", Type.TIMESTAMP)
                .col("h_amount", Type.numeric(6, 2))
                .col("h_data", Type.varchar(24))
                .fk(
                    List.of("h_c_w_id", "h_c_d_id", "h_c_id"),
                    "customer",
                    List.of("c_w_id", "c_d_id", "c_id"))
                .fk(List.of("h_w_id", "h_d_id"), "district", List.of("d_w_id", "d_id"))
                .build(),
            new TableBuilder("orders", true)
                .cols(Type.INTEGER, "o_id", "o_d_id", "o_w_id", "o_c_id")
                .col("o_entry_d", Type.TIMESTAMP)
                .cols(Type.INTEGER, "o_carrier_id", "o_ol_cnt", "o_all_local")
                .nullable("o_carrier_id")
                .pk("o_w_id", "o_d_id", "o_id")
                .fk(
                    List.of("o_w_id", "o_d_id", "o_c_id"),
                    "customer",
                    List.of("c_w_id", "c_d_id", "c_id"))
                // BETWEEN 5 AND 15, as PostgreSQL prints it: ((o_ol_cnt >= 5) AND (o_ol_cnt <= 15))
                .check(new Check.CompareLiteral("orders_o_ol_cnt_check", "o_ol_cnt", ">=", "5"))
                .check(new Check.CompareLiteral("orders_o_ol_cnt_check", "o_ol_cnt", "<=", "15"))
                .build(),
            new TableBuilder("new_order", true)
                .cols(Type.INTEGER, "no_o_id", "no_d_id", "no_w_id")
                .pk("no_w_id", "no_d_id", "no_o_id")
                .fk(
                    List.of("no_w_id", "no_d_id", "no_o_id"),
                    "orders",
                    List.of("o_w_id", "o_d_id", "o_id"))
                .build(),
            new TableBuilder("order_line", true)
                .cols(
                    Type.INTEGER,
                    "ol_o_id",
                    "ol_d_id",
                    "ol_w_id",
                    "ol_number",
                    "ol_i_id",
                    "ol_supply_w_id")
                .col("ol_delivery_d", Type.TIMESTAMP)
                .col("ol_quantity", Type.INTEGER)
                .col("ol_amount", Type.numeric(6, 2))
                .col("ol_dist_info", Type.character(24))
                .nullable("ol_delivery_d")
                .pk("ol_w_id", "ol_d_id", "ol_o_id", "ol_number")
                .fk(
                    List.of("ol_w_id", "ol_d_id", "ol_o_id"),
                    "orders",
                    List.of("o_w_id", "o_d_id", "o_id"))
                .fk(List.of("ol_supply_w_id", "ol_i_id"), "stock", List.of("s_w_id", "s_i_id"))
                .build());

    Map<String, TableConfig> config = new LinkedHashMap<>();
    config.put("warehouse", rows(1, Map.of()));
    config.put("item", rows(100_000, Map.of()));
    config.put("stock", per("warehouse", "100000", Map.of()));
    config.put("district", per("warehouse", "10", Map.of()));
    Map<String, ColumnConfig> customer = new LinkedHashMap<>();
    customer.put("c_credit", weighted(List.of("GC", "BC"), List.of(9.0, 1.0)));
    customer.put("c_middle", value("OE"));
    customer.put("c_discount", range("0.0000", "0.5000"));
    customer.put("c_credit_lim", value("50000.00"));
    customer.put("c_balance", value("-10.00"));
    customer.put("c_ytd_payment", value("10.00"));
    customer.put("c_payment_cnt", value("1"));
    customer.put("c_delivery_cnt", value("0"));
    customer.put("c_data", length("300..500"));
    config.put("customer", per("district", "3000", customer));
    config.put("history", per("customer", "1", Map.of("h_amount", value("10.00"))));
    config.put(
        "orders",
        per(
            "customer",
            "1",
            Map.of(
                "o_carrier_id",
                range("1", "10"),
                "o_ol_cnt",
                range("5", "15"),
                "o_all_local",
                value("1"))));
    config.put("new_order", per("district", "900", Map.of()));
    config.put(
        "order_line",
        per(
            "orders",
            "5..15",
            Map.of("ol_quantity", value("5"), "ol_amount", range("0.01", "9999.99"))));
    return new Fixture(new Schema(tables), config(config));
  }

  // ---- config helpers ------------------------------------------------------------------------

  private static FillConfig config(Map<String, TableConfig> tables) {
    return new FillConfig(42L, null, null, null, tables);
  }

  private static TableConfig rows(long rows, Map<String, ColumnConfig> columns) {
    return new TableConfig(rows, null, null, columns);
  }

  private static TableConfig per(String parent, String count, Map<String, ColumnConfig> columns) {
    return new TableConfig(null, parent, count, columns);
  }

  static ColumnConfig value(String value) {
    return new ColumnConfig(value, null, null, null, null, null, null, null, null);
  }

  static ColumnConfig weighted(List<String> values, List<Double> weights) {
    return new ColumnConfig(null, values, weights, null, null, null, null, null, null);
  }

  static ColumnConfig range(String min, String max) {
    return new ColumnConfig(null, null, null, min, max, null, null, null, null);
  }

  static ColumnConfig length(String length) {
    return new ColumnConfig(null, null, null, null, null, length, null, null, null);
  }

  // ---- schema helpers ------------------------------------------------------------------------

  /**
   * A column type as introspection reports it: {@code typeName} is PostgreSQL's {@code
   * format_type}.
   */
  record Type(SqlType type, String typeName, int length, int precision, int scale) {
    static final Type INTEGER = simple(SqlType.INTEGER, "integer");
    static final Type BIGINT = simple(SqlType.BIGINT, "bigint");
    static final Type DOUBLE = simple(SqlType.DOUBLE, "double precision");
    static final Type BOOLEAN = simple(SqlType.BOOLEAN, "boolean");
    static final Type TIMESTAMP = simple(SqlType.TIMESTAMP, "timestamp without time zone");
    static final Type TEXT = simple(SqlType.TEXT, "text");
    static final Type UUID = simple(SqlType.UUID, "uuid");
    static final Type JSONB = simple(SqlType.JSONB, "jsonb");

    static Type simple(SqlType type, String typeName) {
      return new Type(type, typeName, -1, -1, -1);
    }

    static Type varchar(int length) {
      return new Type(SqlType.VARCHAR, "character varying(" + length + ")", length, -1, -1);
    }

    static Type character(int length) {
      return new Type(SqlType.CHAR, "character(" + length + ")", length, -1, -1);
    }

    static Type numeric(int precision, int scale) {
      return new Type(
          SqlType.NUMERIC, "numeric(" + precision + "," + scale + ")", -1, precision, scale);
    }

    Column column(String name, boolean nullable) {
      return new Column(
          name, type, typeName, length, precision, scale, nullable, false, false, null);
    }
  }

  /**
   * Builds a {@link Table} in column order. Columns are NOT NULL or nullable by the table's default
   * ({@code notNull}), with {@link #nullable} for the exceptions; constraint names follow
   * PostgreSQL's defaults ({@code <table>_pkey}, {@code <table>_<columns>_fkey}).
   */
  static final class TableBuilder {
    private final String name;
    private final boolean notNull;
    private final List<String> columnNames = new ArrayList<>();
    private final List<Type> types = new ArrayList<>();
    private final List<String> nullable = new ArrayList<>();
    private final List<ForeignKey> foreignKeys = new ArrayList<>();
    private final List<Check> checks = new ArrayList<>();
    private UniqueKey primaryKey;

    TableBuilder(String name, boolean notNull) {
      this.name = name;
      this.notNull = notNull;
    }

    TableBuilder col(String column, Type type) {
      columnNames.add(column);
      types.add(type);
      return this;
    }

    TableBuilder cols(Type type, String... columns) {
      for (String column : columns) {
        col(column, type);
      }
      return this;
    }

    /** TPC-C's street, city, state and zip columns, under a table's prefix. */
    TableBuilder address(String prefix) {
      return cols(Type.varchar(20), prefix + "street_1", prefix + "street_2", prefix + "city")
          .col(prefix + "state", Type.character(2))
          .col(prefix + "zip", Type.character(9));
    }

    TableBuilder nullable(String... columns) {
      nullable.addAll(Arrays.asList(columns));
      return this;
    }

    TableBuilder pk(String... columns) {
      primaryKey = new UniqueKey(name + "_pkey", List.of(columns), true);
      return this;
    }

    TableBuilder fk(List<String> columns, String refTable, List<String> refColumns) {
      foreignKeys.add(
          new ForeignKey(
              name + "_" + String.join("_", columns) + "_fkey", columns, refTable, refColumns));
      return this;
    }

    TableBuilder check(Check check) {
      checks.add(check);
      return this;
    }

    Table build() {
      Set<String> keyColumns = primaryKey == null ? Set.of() : Set.copyOf(primaryKey.columns());
      List<Column> columns = new ArrayList<>();
      for (int i = 0; i < columnNames.size(); i++) {
        String column = columnNames.get(i);
        boolean isNullable =
            !keyColumns.contains(column) && (nullable.contains(column) || !notNull);
        columns.add(types.get(i).column(column, isNullable));
      }
      return new Table("public", name, columns, primaryKey, List.of(), foreignKeys, checks);
    }
  }
}
