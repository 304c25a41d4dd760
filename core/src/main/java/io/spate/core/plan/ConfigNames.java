package io.spate.core.plan;

import io.spate.core.config.FillConfig;
import io.spate.core.config.TableConfig;
import io.spate.protocol.error.Problems;
import io.spate.protocol.schema.Schema;
import io.spate.protocol.schema.Table;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;

/**
 * The stage before every other: each table and column the config or {@code --rows} names exists in
 * the schema, and a table sets rows or per, not both. Input: the schema and the settings; output:
 * the settings with every table named by its {@linkplain Table#id() id}, so the later stages look
 * tables up by id alone.
 *
 * <p>A user names a table {@code schema.table} (a part double-quoted when it holds a dot), or by
 * its bare name when only one of the chosen schemas holds a table of that name; a bare name two
 * schemas hold is a problem that lists them, even where one of them is in {@code public}.
 */
final class ConfigNames {

  private ConfigNames() {}

  static FillSettings resolve(Schema schema, FillSettings settings, Problems problems) {
    FillConfig config = settings.config();
    Map<String, TableConfig> tables = new LinkedHashMap<>();
    Map<String, String> namedAs = new LinkedHashMap<>();
    config
        .tables()
        .forEach(
            (name, tc) -> {
              Table t = table(schema, name, "config names table '" + name + "'", problems);
              if (t == null || !once(namedAs, t.id(), name, "config", problems)) {
                return;
              }
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
              String per = null;
              if (tc.per() != null) {
                Table parent =
                    table(
                        schema,
                        tc.per(),
                        "table '" + name + "' is filled per '" + tc.per() + "'",
                        problems);
                per = parent == null ? null : parent.id();
              }
              if (tc.per() != null && tc.rows() != null) {
                problems.add(
                    "table '" + name + "' sets both rows and per: use rows, or per with count");
              }
              tables.put(
                  t.id(),
                  new TableConfig(
                      tc.rows(), per, tc.count(), tc.breakCycleAt(), tc.indexes(), tc.columns()));
            });
    Map<String, Long> rows = new LinkedHashMap<>();
    Map<String, String> rowsNamedAs = new LinkedHashMap<>();
    settings
        .rowOverrides()
        .forEach(
            (name, n) -> {
              Table t = table(schema, name, "--rows names table '" + name + "'", problems);
              if (t != null && once(rowsNamedAs, t.id(), name, "--rows", problems)) {
                rows.put(t.id(), n);
              }
            });
    return new FillSettings(
        new FillConfig(
            config.seed(),
            config.defaultRows(),
            config.taskRows(),
            config.nullRatio(),
            config.realisticValues(),
            tables),
        settings.seed(),
        settings.defaultRows(),
        settings.taskRows(),
        settings.nullRatio(),
        rows,
        settings.triggersOff());
  }

  /**
   * The table {@code name} names, or null after adding a problem that starts with {@code subject}:
   * none, or a bare name several schemas hold.
   */
  private static Table table(Schema schema, String name, String subject, Problems problems) {
    List<String> parts = parts(name);
    if (parts.size() == 2) {
      Optional<Table> qualified =
          schema.tables().stream()
              .filter(t -> t.schema().equals(parts.get(0)) && t.name().equals(parts.get(1)))
              .findFirst();
      if (qualified.isPresent()) {
        return qualified.get();
      }
    }
    String bare = parts.size() == 1 ? parts.get(0) : name; // a public table may hold a dot
    List<Table> named = schema.tables().stream().filter(t -> t.name().equals(bare)).toList();
    if (named.size() == 1) {
      return named.get(0);
    }
    problems.add(
        named.isEmpty()
            ? subject
                + ", which is not in the schema (tables: "
                + schema.tables().stream().map(Table::id).toList()
                + ")"
            : subject
                + ", which several schemas hold: "
                + named.stream().map(ConfigNames::qualified).sorted().toList()
                + "; name one as schema.table");
    return null;
  }

  /** {@code schema.table}, for a table of {@code public} too. */
  private static String qualified(Table t) {
    return t.schema().equals(Table.DEFAULT_SCHEMA) ? t.schema() + "." + t.id() : t.id();
  }

  /** Whether table {@code id} was not named before; a second name for it is a problem. */
  private static boolean once(
      Map<String, String> namedAs, String id, String name, String where, Problems problems) {
    String before = namedAs.putIfAbsent(id, name);
    if (before != null) {
      problems.add(where + " names table " + id + " twice, as '" + before + "' and '" + name + "'");
    }
    return before == null;
  }

  /**
   * {@code text} split at its first dot outside double quotes, each part unquoted ({@code ""}
   * inside quotes is one {@code "}): one part when there is no such dot.
   */
  static List<String> parts(String text) {
    List<String> parts = new ArrayList<>();
    StringBuilder part = new StringBuilder();
    boolean quoted = false;
    for (int i = 0; i < text.length(); i++) {
      char ch = text.charAt(i);
      if (ch == '"' && quoted && i + 1 < text.length() && text.charAt(i + 1) == '"') {
        part.append('"');
        i++;
      } else if (ch == '"') {
        quoted = !quoted;
      } else if (ch == '.' && !quoted && parts.isEmpty()) {
        parts.add(part.toString());
        part.setLength(0);
      } else {
        part.append(ch);
      }
    }
    parts.add(part.toString());
    return parts;
  }
}
