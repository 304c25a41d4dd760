package io.spate.coordinator.plan;

import io.spate.protocol.error.Problems;
import io.spate.protocol.schema.Schema;
import io.spate.protocol.schema.Table;
import java.util.List;

/**
 * The check that comes before every stage: each table and column the config or {@code --rows} names
 * exists in the schema, and a table sets rows or per, not both. Input: the schema and the settings;
 * output: nothing but problems.
 */
final class ConfigNames {

  private ConfigNames() {}

  static void check(Schema schema, FillSettings settings, Problems problems) {
    List<String> tableNames = schema.tables().stream().map(Table::name).toList();
    settings
        .config()
        .tables()
        .forEach(
            (name, tc) -> {
              if (schema.table(name).isEmpty()) {
                problems.add(
                    "config names table '"
                        + name
                        + "', which is not in the schema (tables: "
                        + tableNames
                        + ")");
                return;
              }
              Table t = schema.table(name).orElseThrow();
              tc.columns().keySet().stream()
                  .filter(c -> t.column(c).isEmpty())
                  .forEach(
                      c ->
                          problems.add(
                              "config names column '"
                                  + name
                                  + "."
                                  + c
                                  + "', which does not exist"));
              if (tc.per() != null && schema.table(tc.per()).isEmpty()) {
                problems.add(
                    "table '"
                        + name
                        + "' is filled per '"
                        + tc.per()
                        + "', which is not in the schema");
              }
              if (tc.per() != null && tc.rows() != null) {
                problems.add(
                    "table '" + name + "' sets both rows and per: use rows, or per with count");
              }
            });
    settings.rowOverrides().keySet().stream()
        .filter(name -> schema.table(name).isEmpty())
        .forEach(
            name ->
                problems.add(
                    "--rows names table '"
                        + name
                        + "', which is not in the schema (tables: "
                        + tableNames
                        + ")"));
  }
}
