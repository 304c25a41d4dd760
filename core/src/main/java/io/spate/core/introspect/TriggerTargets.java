package io.spate.core.introspect;

import io.spate.protocol.schema.Table;
import io.spate.protocol.schema.TriggerWrite;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.function.UnaryOperator;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * Which tables an insert trigger's body writes into, read from the body's {@code INSERT} and {@code
 * REPLACE} statements (PL/pgSQL or MariaDB/MySQL), for both introspectors, and which columns of the
 * source row the written row copies.
 *
 * <p>Invariant: a target is recorded only on an introspected table other than the trigger's own; an
 * unqualified name is looked up in the trigger's schema, then in {@link Table#DEFAULT_SCHEMA}; an
 * unquoted name matches as written, else in lower case (PostgreSQL folds it). Anything the pattern
 * does not read (dynamic SQL, a called function) is not seen.
 *
 * <p>A write records {@linkplain TriggerWrite#copies() copies} only when it is certainly one row
 * per source row: the trigger fires for every row, the body's one insert into that table names its
 * columns and gives one {@code VALUES} tuple, nothing follows the tuple but the statement's end,
 * the insert does not {@code IGNORE} failures, no statement of the body updates or deletes that
 * table, and the body holds no word that may guard or skip it ({@code IF}, {@code CASE}, {@code
 * WHEN}, a loop, an exception handler, dynamic SQL, or a {@code RETURN} before it). A value copies
 * a column when it is exactly {@code NEW.<column>}.
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

  /** A word that may guard, repeat or skip a statement of the body, or hide one (dynamic SQL). */
  private static final Pattern GUARD =
      Pattern.compile(
          "(?i)\\b(?:if|case|when|loop|while|for|foreach|repeat|exception|handler|leave|exit"
              + "|iterate|continue|goto|signal|resignal|execute)\\b");

  private static final Pattern RETURN = Pattern.compile("(?i)\\breturn\\b");

  /** A statement that may change or remove rows of a table after the insert wrote them. */
  private static final Pattern UNDO =
      Pattern.compile(
          "(?i)\\b(?:update|delete\\s+from|delete|truncate(?:\\s+table)?)\\s+(?:only\\s+)?"
              + NAME
              + "(?:\\s*\\.\\s*"
              + NAME
              + ")?");

  /** What follows the target's name in the copying form: its column list and VALUES. */
  private static final Pattern COLUMNS_THEN_VALUES =
      Pattern.compile("(?i)\\s*\\(([^()]*)\\)\\s*values?\\s*\\(");

  private static final Pattern NEW_COLUMN =
      Pattern.compile("(?i)\\s*new\\s*\\.\\s*" + NAME + "\\s*");

  private static final Pattern STATEMENT_END = Pattern.compile("\\s*(?:;|$)");

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

  /**
   * An insert of a body: its target, and the columns its one row copies from the source row (as
   * written, target column to source column), empty unless the insert alone certainly writes that
   * row (see the class comment; the trigger's firing and the body's other inserts are checked by
   * {@link #record}).
   */
  public record Insert(Target target, List<TriggerWrite.Copy> copies) {}

  /** The tables {@code body} inserts into, in order of appearance. */
  public static List<Target> of(String body) {
    return inserts(body).stream().map(Insert::target).toList();
  }

  /** The inserts of {@code body}, in order of appearance. */
  public static List<Insert> inserts(String body) {
    List<Insert> inserts = new ArrayList<>();
    boolean guarded = GUARD.matcher(body).find();
    Matcher m = INSERT.matcher(body);
    while (m.find()) {
      Target target =
          m.group(2) == null
              ? new Target(null, unquote(m.group(1)))
              : new Target(unquote(m.group(1)), unquote(m.group(2)));
      boolean certain =
          !guarded
              && !RETURN.matcher(body.substring(0, m.start())).find()
              && !body.substring(m.start(), m.start(1)).toLowerCase(Locale.ROOT).contains("ignore")
              && !undone(body, target.name());
      inserts.add(new Insert(target, certain ? copies(body, m.end()) : List.of()));
    }
    return inserts;
  }

  /** Whether a statement of {@code body} updates or deletes rows of a table named {@code name}. */
  private static boolean undone(String body, String name) {
    Matcher m = UNDO.matcher(body);
    while (m.find()) {
      String last = unquote(m.group(2) == null ? m.group(1) : m.group(2));
      if (last.equalsIgnoreCase(name)) {
        return true;
      }
    }
    return false;
  }

  /**
   * The copies of the insert whose target's name ends at {@code from}: its listed columns paired
   * with its one tuple's values, those that are exactly {@code NEW.<column>}; empty for any other
   * form.
   */
  private static List<TriggerWrite.Copy> copies(String body, int from) {
    Matcher head = COLUMNS_THEN_VALUES.matcher(body).region(from, body.length());
    if (!head.lookingAt()) {
      return List.of();
    }
    List<String> values = new ArrayList<>();
    int end = tuple(body, head.end(), values);
    List<String> columns = List.of(head.group(1).split(",", -1));
    if (end < 0
        || columns.size() != values.size()
        || !STATEMENT_END.matcher(body).region(end, body.length()).lookingAt()) {
      return List.of();
    }
    List<TriggerWrite.Copy> copies = new ArrayList<>();
    for (int i = 0; i < columns.size(); i++) {
      Matcher value = NEW_COLUMN.matcher(values.get(i));
      if (value.matches()) {
        copies.add(new TriggerWrite.Copy(unquote(columns.get(i).strip()), unquote(value.group(1))));
      }
    }
    return copies;
  }

  /**
   * Splits the tuple whose first value starts at {@code from} at its top-level commas into {@code
   * values}; returns the index after its closing parenthesis, or -1 when it does not close.
   */
  private static int tuple(String body, int from, List<String> values) {
    int depth = 0;
    int start = from;
    char quote = 0;
    for (int i = from; i < body.length(); i++) {
      char c = body.charAt(i);
      if (quote != 0) {
        quote = c == quote ? 0 : quote; // a doubled quote closes and reopens: the same split
      } else if (c == '\'' || c == '"' || c == '`') {
        quote = c;
      } else if (c == '(') {
        depth++;
      } else if (c == ')' && depth > 0) {
        depth--;
      } else if (c == ',' && depth == 0) {
        values.add(body.substring(start, i));
        start = i + 1;
      } else if (c == ')') {
        values.add(body.substring(start, i));
        return i + 1;
      }
    }
    return -1;
  }

  /**
   * Records on each introspected table {@code body} inserts into that trigger {@code trigger} of
   * table {@code schema.table} writes it, with the columns it copies when {@code everyRow} (the
   * trigger fires for each inserted row, with no condition of its own) and the body's one insert
   * into that table copies them.
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
      boolean everyRow,
      Map<String, TableParts> tables,
      UnaryOperator<String> schemaOf) {
    String source = Table.id(schema, table);
    Map<TableParts, List<Insert>> byWritten = new LinkedHashMap<>();
    for (Insert insert : inserts(body)) {
      Target target = insert.target();
      TableParts written =
          target.schema() != null
              ? find(tables, schemaOf.apply(target.schema()), target.name())
              : first(
                  find(tables, schema, target.name()),
                  find(tables, Table.DEFAULT_SCHEMA, target.name()));
      if (written != null && !Table.id(written.schema, written.name).equals(source)) {
        byWritten.computeIfAbsent(written, w -> new ArrayList<>()).add(insert);
      }
    }
    TableParts from = tables.get(source);
    byWritten.forEach(
        (written, inserts) -> {
          List<TriggerWrite.Copy> copies = new ArrayList<>();
          if (everyRow && inserts.size() == 1 && from != null) {
            for (TriggerWrite.Copy copy : inserts.getFirst().copies()) {
              String column = column(written, copy.column());
              String copied = column(from, copy.source());
              if (column != null && copied != null) {
                copies.add(new TriggerWrite.Copy(column, copied));
              }
            }
          }
          TriggerWrite write = new TriggerWrite(trigger, source, copies);
          if (!written.writtenBy.contains(write)) {
            written.writtenBy.add(write);
          }
        });
  }

  /** The column of {@code t} a name in the body means (as written, else in lower case), or null. */
  private static String column(TableParts t, String name) {
    for (String candidate : List.of(name, name.toLowerCase(Locale.ROOT))) {
      if (t.columns.stream().anyMatch(c -> c.name().equals(candidate))) {
        return candidate;
      }
    }
    return null;
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
