package io.spate.db.mariadb;

import io.spate.core.introspect.Partitions;
import io.spate.protocol.error.SpateException;
import io.spate.protocol.schema.Partition;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * Maps the rows {@code information_schema.PARTITIONS} holds for one MariaDB or MySQL table onto the
 * protocol's leaf {@link Partition}s, without a database.
 *
 * <p>Scope: {@code RANGE}, {@code RANGE COLUMNS}, {@code LIST} and {@code LIST COLUMNS} on one
 * plain column, and {@code HASH}/{@code KEY} (which ask nothing of the values), each optionally
 * subpartitioned (MySQL subpartitions are hash or key: the leaves keep their partition's bound). A
 * range partition holds {@code [previous bound, its own bound)}, {@code MAXVALUE} unbounded.
 * Invariant: a partitioning the model cannot say (an expression such as {@code YEAR(d)}, several
 * columns) throws a {@link SpateException} naming the table, never a partial mapping.
 */
final class MariaDbPartitions {

  private static final Pattern ONE_COLUMN = Pattern.compile("`((?:[^`]|``)+)`");

  private MariaDbPartitions() {}

  /**
   * One row of {@code information_schema.PARTITIONS}, in partition then subpartition order.
   *
   * @param method {@code PARTITION_METHOD}: {@code RANGE}, {@code LIST COLUMNS}, {@code HASH}, ...
   * @param expression {@code PARTITION_EXPRESSION}, e.g. {@code `d`}
   * @param description {@code PARTITION_DESCRIPTION}: a range's upper bound or a list's values
   */
  record Row(
      String partition,
      String subpartition,
      String method,
      String expression,
      String description) {}

  static List<Partition> leaves(String table, List<Row> rows) {
    List<Partition> leaves = new ArrayList<>();
    String previousPartition = null;
    String from = null; // the lower bound of the current range partition
    String to = null;
    for (Row r : rows) {
      String method = r.method().toUpperCase(Locale.ROOT);
      List<Partition.Bound> bounds = new ArrayList<>();
      if (!method.contains("HASH") && !method.contains("KEY")) {
        String column = column(table, method, r.expression());
        if (method.startsWith("RANGE")) {
          if (!r.partition().equals(previousPartition)) {
            from = to;
            to =
                single(
                    table,
                    r,
                    r.description().equalsIgnoreCase("MAXVALUE") ? null : r.description());
          }
          bounds.add(new Partition.Bound(column, List.of(), from, to));
        } else {
          List<String> values =
              Partitions.literals(r.description()).stream()
                  .filter(v -> !v.equalsIgnoreCase("NULL"))
                  .toList();
          if (values.isEmpty()) {
            previousPartition = r.partition();
            continue; // holds only NULL keys: Spate writes none there
          }
          bounds.add(new Partition.Bound(column, values, null, null));
        }
      }
      previousPartition = r.partition();
      leaves.add(
          new Partition(r.subpartition() == null ? r.partition() : r.subpartition(), bounds));
    }
    return leaves;
  }

  private static String column(String table, String method, String expression) {
    Matcher m = ONE_COLUMN.matcher(expression == null ? "" : expression.strip());
    if (!m.matches()) {
      throw new SpateException(
          "table '"
              + table
              + "' is partitioned by "
              + method
              + " ("
              + expression
              + "): Spate fills MariaDB and MySQL tables partitioned by RANGE, LIST (with or without COLUMNS) on one plain column, or by HASH or KEY");
    }
    return m.group(1).replace("``", "`");
  }

  /** The one literal of a range bound, unquoted; null stays null (MAXVALUE). */
  private static String single(String table, Row r, String description) {
    if (description == null) {
      return null;
    }
    List<String> values = Partitions.literals(description);
    if (values.size() != 1) {
      throw new SpateException(
          "partition '"
              + r.partition()
              + "' of '"
              + table
              + "' has a multi-column bound "
              + description
              + ", which Spate does not support");
    }
    return values.getFirst().equalsIgnoreCase("MAXVALUE") ? null : values.getFirst();
  }
}
