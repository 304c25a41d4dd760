package io.spate.core.introspect;

import io.spate.protocol.error.SpateException;
import io.spate.protocol.schema.Partition;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * Flattens a partition tree into its leaves, each with the bounds of every level above it, read
 * from {@code pg_get_partkeydef} ({@code RANGE (d)}) and {@code pg_get_expr(relpartbound)} ({@code
 * FOR VALUES FROM ('2024-01-01') TO ('2025-01-01')}).
 *
 * <p>Scope: one key column per level (range, list or hash). Two range levels on the same column
 * intersect, assuming the inner bounds nest in the outer ones. A default partition is used only
 * when it is its parent's only partition (rows land in the declared ones otherwise). Hash levels
 * constrain nothing but must give every remainder a partition.
 */
public final class Partitions {

  private static final Pattern KEY =
      Pattern.compile("(RANGE|LIST|HASH) \\((\"(?:[^\"]|\"\")+\"|[a-z_][a-z0-9_$]*)\\)");
  private static final Pattern RANGE = Pattern.compile("FOR VALUES FROM \\((.*)\\) TO \\((.*)\\)");
  private static final Pattern LIST = Pattern.compile("FOR VALUES IN \\((.*)\\)");
  private static final Pattern HASH =
      Pattern.compile("FOR VALUES WITH \\(modulus (\\d+), remainder (\\d+)\\)");

  private Partitions() {}

  /** One partition below a partitioned table, as the catalog describes it. */
  public record Node(
      long root,
      String name,
      long parent,
      boolean partitioned,
      String bound,
      String partitionKey) {}

  private record Key(String strategy, String column) {}

  /** The leaves below the partitioned table {@code rootOid}, in name order within each level. */
  public static List<Partition> leaves(
      String table, String partitionKey, long rootOid, Map<Long, Node> nodes) {
    Map<Long, List<Map.Entry<Long, Node>>> children = new LinkedHashMap<>();
    nodes.entrySet().stream()
        .filter(e -> e.getValue().root() == rootOid)
        .forEach(
            e -> children.computeIfAbsent(e.getValue().parent(), p -> new ArrayList<>()).add(e));
    List<Partition> leaves = new ArrayList<>();
    walk(table, rootOid, key(table, partitionKey), new LinkedHashMap<>(), children, leaves);
    if (leaves.isEmpty()) {
      throw new SpateException(
          "table '"
              + table
              + "' is partitioned by "
              + partitionKey
              + " but has no partition a row could land in: create one (CREATE TABLE ... PARTITION OF "
              + table
              + " ...)");
    }
    return leaves;
  }

  private static void walk(
      String table,
      long oid,
      Key key,
      Map<String, Partition.Bound> above,
      Map<Long, List<Map.Entry<Long, Node>>> children,
      List<Partition> leaves) {
    List<Map.Entry<Long, Node>> kids = children.getOrDefault(oid, List.of());
    if (key.strategy().equals("HASH")) {
      checkEveryRemainder(table, kids);
    }
    boolean declared = kids.stream().anyMatch(k -> !k.getValue().bound().equals("DEFAULT"));
    for (Map.Entry<Long, Node> kid : kids) {
      Node node = kid.getValue();
      if (node.bound().equals("DEFAULT") && declared) {
        continue;
      }
      Map<String, Partition.Bound> bounds = new LinkedHashMap<>(above);
      Partition.Bound outer = above.get(key.column());
      Matcher range = RANGE.matcher(node.bound());
      Matcher list = LIST.matcher(node.bound());
      if (key.strategy().equals("RANGE") && range.matches()) {
        String from = single(table, node, literals(range.group(1)));
        String to = single(table, node, literals(range.group(2)));
        from = from.equals("MINVALUE") ? (outer == null ? null : outer.from()) : from;
        to = to.equals("MAXVALUE") ? (outer == null ? null : outer.to()) : to;
        bounds.put(
            key.column(),
            new Partition.Bound(
                key.column(), outer == null ? List.of() : outer.values(), from, to));
      } else if (key.strategy().equals("LIST") && list.matches()) {
        List<String> values =
            literals(list.group(1)).stream().filter(v -> !v.equals("NULL")).toList();
        if (values.isEmpty()) {
          continue; // holds only NULL keys: Spate writes none
        }
        bounds.put(key.column(), new Partition.Bound(key.column(), values, null, null));
      }
      if (node.partitioned()) {
        walk(
            node.name(),
            kid.getKey(),
            key(node.name(), node.partitionKey()),
            bounds,
            children,
            leaves);
      } else {
        leaves.add(new Partition(node.name(), List.copyOf(bounds.values())));
      }
    }
  }

  private static Key key(String table, String partitionKey) {
    Matcher m = KEY.matcher(partitionKey);
    if (!m.matches()) {
      throw new SpateException(
          "table '"
              + table
              + "' is partitioned by "
              + partitionKey
              + ": Spate fills partitioned tables whose every level has one plain key column (RANGE (col), LIST (col) or HASH (col))");
    }
    String column = m.group(2);
    return new Key(
        m.group(1),
        column.startsWith("\"")
            ? column.substring(1, column.length() - 1).replace("\"\"", "\"")
            : column);
  }

  private static String single(String table, Node node, List<String> values) {
    if (values.size() != 1) {
      throw new SpateException(
          "partition '"
              + node.name()
              + "' of '"
              + table
              + "' has a multi-column bound "
              + node.bound()
              + ", which Spate does not support");
    }
    return values.getFirst();
  }

  /**
   * Hash moduli divide one another, so the partitions cover every hash when their shares sum to 1.
   */
  private static void checkEveryRemainder(String table, List<Map.Entry<Long, Node>> kids) {
    long largest = 1;
    List<Long> moduli = new ArrayList<>();
    for (Map.Entry<Long, Node> kid : kids) {
      Matcher m = HASH.matcher(kid.getValue().bound());
      if (m.matches()) {
        moduli.add(Long.parseLong(m.group(1)));
        largest = Math.max(largest, moduli.getLast());
      } else if (kid.getValue().bound().equals("DEFAULT")) {
        return;
      }
    }
    long covered = 0;
    for (long modulus : moduli) {
      covered += largest / modulus;
    }
    if (covered != largest) {
      throw new SpateException(
          "table '"
              + table
              + "' is hash-partitioned but its partitions cover "
              + covered
              + " of "
              + largest
              + " remainders: a row whose hash falls in a missing one could not be stored; add the missing partitions");
    }
  }

  /**
   * The comma-separated literals of a bound, unquoted: {@code 'a''b', 10, MINVALUE} gives {@code
   * a'b}, {@code 10}, {@code MINVALUE}.
   */
  public static List<String> literals(String text) {
    List<String> values = new ArrayList<>();
    int i = 0;
    while (i < text.length()) {
      while (i < text.length() && (text.charAt(i) == ' ' || text.charAt(i) == ',')) {
        i++;
      }
      if (i >= text.length()) {
        break;
      }
      StringBuilder value = new StringBuilder();
      if (text.charAt(i) == '\'') {
        for (i++; i < text.length(); i++) {
          if (text.charAt(i) == '\'') {
            if (i + 1 < text.length() && text.charAt(i + 1) == '\'') {
              value.append('\'');
              i++;
            } else {
              i++;
              break;
            }
          } else {
            value.append(text.charAt(i));
          }
        }
      } else {
        while (i < text.length() && text.charAt(i) != ',') {
          value.append(text.charAt(i++));
        }
      }
      values.add(value.toString().strip());
    }
    return values;
  }
}
