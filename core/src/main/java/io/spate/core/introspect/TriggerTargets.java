package io.spate.core.introspect;

import io.spate.protocol.schema.Table;
import io.spate.protocol.schema.TriggerWrite;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.function.UnaryOperator;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * Which tables an insert trigger's body writes into, read from the body's {@code INSERT} and {@code
 * REPLACE} statements (PL/pgSQL or MariaDB/MySQL), for both introspectors.
 *
 * <p>Invariant: a target is recorded only on an introspected table other than the trigger's own; an
 * unqualified name is looked up in the trigger's schema, then in {@link Table#DEFAULT_SCHEMA}; an
 * unquoted name matches as written, else in lower case (PostgreSQL folds it). Anything the pattern
 * does not read (dynamic SQL, a called function) is not seen.
 */
public final class TriggerTargets {

  private static final String NAME =
      "(`(?:[^`]|``)+`|\"(?:[^\"]|\"\")+\"|[\\p{L}_][\\p{L}\\p{N}_$]*)";

  private static final Pattern INSERT =
      Pattern.compile(
          "(?i)\\b(?:insert|replace)\\s+(?:(?:low_priority|delayed|high_priority|ignore)\\s+)*"
              + "(?:into\\s+)?"
              + NAME
              + "(?:\\s*\\.\\s*"
              + NAME
              + ")?");

  private TriggerTargets() {}

  /** The introspected tables by {@link Table#id(String, String)}. */
  public static Map<String, TableParts> byId(Iterable<TableParts> tables) {
    Map<String, TableParts> byId = new HashMap<>();
    for (TableParts t : tables) {
      byId.put(Table.id(t.schema, t.name), t);
    }
    return byId;
  }

  /** A table named in a trigger's body: {@code schema} null when the name is not qualified. */
  public record Target(String schema, String name) {}

  /** The tables {@code body} inserts into, in order of appearance. */
  public static List<Target> of(String body) {
    List<Target> targets = new ArrayList<>();
    Matcher m = INSERT.matcher(body);
    while (m.find()) {
      targets.add(
          m.group(2) == null
              ? new Target(null, unquote(m.group(1)))
              : new Target(unquote(m.group(1)), unquote(m.group(2))));
    }
    return targets;
  }

  /**
   * Records on each introspected table {@code body} inserts into that trigger {@code trigger} of
   * table {@code schema.table} writes it.
   *
   * @param tables the introspected tables by {@link Table#id(String, String)}
   * @param schemaOf the schema a qualifier in the body names (MariaDB reports the current database
   *     as {@link Table#DEFAULT_SCHEMA})
   */
  public static void record(
      String trigger,
      String schema,
      String table,
      String body,
      Map<String, TableParts> tables,
      UnaryOperator<String> schemaOf) {
    String source = Table.id(schema, table);
    for (Target target : of(body)) {
      TableParts written =
          target.schema() != null
              ? find(tables, schemaOf.apply(target.schema()), target.name())
              : first(
                  find(tables, schema, target.name()),
                  find(tables, Table.DEFAULT_SCHEMA, target.name()));
      if (written == null || Table.id(written.schema, written.name).equals(source)) {
        continue;
      }
      TriggerWrite write = new TriggerWrite(trigger, source);
      if (!written.writtenBy.contains(write)) {
        written.writtenBy.add(write);
      }
    }
  }

  private static TableParts find(Map<String, TableParts> tables, String schema, String name) {
    TableParts exact = tables.get(Table.id(schema, name));
    return exact != null
        ? exact
        : tables.get(Table.id(schema.toLowerCase(Locale.ROOT), name.toLowerCase(Locale.ROOT)));
  }

  private static TableParts first(TableParts a, TableParts b) {
    return a != null ? a : b;
  }

  /** The identifier without its back quotes or double quotes (doubled ones undoubled). */
  private static String unquote(String part) {
    if (part.startsWith("`")) {
      return part.substring(1, part.length() - 1).replace("``", "`");
    }
    if (part.startsWith("\"")) {
      return part.substring(1, part.length() - 1).replace("\"\"", "\"");
    }
    return part;
  }
}
