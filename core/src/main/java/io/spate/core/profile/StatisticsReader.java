package io.spate.core.profile;

import io.spate.core.profile.Profile.ColumnStats;
import io.spate.core.profile.Profile.ExtendedStats;
import io.spate.core.profile.Profile.Frequent;
import io.spate.core.profile.Profile.FrequentCombination;
import io.spate.core.profile.Profile.TableStats;
import io.spate.protocol.error.SpateException;
import io.spate.protocol.schema.Table;
import java.sql.Array;
import java.sql.Connection;
import java.sql.PreparedStatement;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.HashMap;
import java.util.HashSet;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * Reads a {@link Profile} from the catalog and the planner's statistics. Every query reads {@code
 * pg_catalog} alone ({@code pg_class}, {@code pg_attribute}, {@code pg_type}, the {@code pg_stats}
 * and {@code pg_stats_ext} views): never a row of a user table, and no lock on one.
 *
 * <p>{@code pg_stats} shows a column's statistics only to a role that may SELECT the column (the
 * server's rule, whatever else the role holds), so such a table is refused naming the grant, as is
 * a table never analyzed: its statistics would be empty, not zero.
 */
public final class StatisticsReader {

  private StatisticsReader() {}

  /** Type categories ({@code pg_type.typcategory}) whose values a profile always keeps. */
  private static final Set<String> KEPT =
      Set.of("N", "D", "T", "B", "E"); // numeric, date/time, timespan, boolean, enum labels

  /**
   * The tables and their row counts: a partitioned table's is the sum of its leaf partitions',
   * found through {@code pg_inherits} ({@code pg_partition_tree} would lock the tables).
   */
  private static final String TABLES_SQL =
      """
      WITH RECURSIVE tree(root, relid) AS (
        SELECT c.oid, c.oid FROM pg_class c WHERE c.relkind IN ('r', 'p')
        UNION ALL
        SELECT t.root, i.inhrelid FROM tree t
        JOIN pg_class p ON p.oid = t.relid AND p.relkind = 'p'
        JOIN pg_inherits i ON i.inhparent = t.relid)
      SELECT c.oid, n.nspname, c.relname, c.relkind = 'p' AS partitioned,
             has_any_column_privilege(c.oid, 'SELECT') AS visible,
             coalesce(sum(greatest(l.reltuples, 0)), 0) AS rows,
             coalesce(bool_or(l.reltuples < 0), false) AS never_analyzed,
             EXISTS (SELECT 1 FROM pg_stats s
                     WHERE s.schemaname = n.nspname AND s.tablename = c.relname
                       AND s.inherited = (c.relkind = 'p')) AS has_stats
      FROM pg_class c
      JOIN pg_namespace n ON n.oid = c.relnamespace
      JOIN tree t ON t.root = c.oid
      LEFT JOIN pg_class l ON l.oid = t.relid AND l.relkind <> 'p'
      WHERE n.nspname = ANY (?) AND c.relkind IN ('r', 'p') AND NOT c.relispartition
      GROUP BY c.oid, n.nspname, c.relname, c.relkind
      """;

  private static final String COLUMNS_SQL =
      """
      SELECT a.attname, format_type(a.atttypid, a.atttypmod) AS type,
             t.typcategory, coalesce(e.typcategory, '') AS elemcategory,
             s.null_frac, s.avg_width, s.n_distinct, s.correlation,
             s.most_common_vals::text::text[] AS mcv, s.most_common_freqs,
             s.histogram_bounds::text::text[] AS histogram,
             s.most_common_elems::text::text[] AS mce, s.most_common_elem_freqs
      FROM pg_attribute a
      JOIN pg_type t ON t.oid = a.atttypid
      LEFT JOIN pg_type e ON e.oid = t.typelem AND t.typcategory = 'A'
      LEFT JOIN pg_stats s ON s.schemaname = ? AND s.tablename = ? AND s.attname = a.attname
                          AND s.inherited = ?
      WHERE a.attrelid = ? AND a.attnum > 0 AND NOT a.attisdropped
      ORDER BY a.attnum
      """;

  /** Extended statistics on plain columns (those on expressions are left out). */
  private static final String EXTENDED_SQL =
      """
      SELECT x.statistics_name, x.attnames::text[] AS attnames,
             ARRAY(SELECT a.attnum::int FROM unnest(x.attnames) WITH ORDINALITY u(name, i)
                   JOIN pg_attribute a ON a.attname = u.name
                    AND a.attrelid = (quote_ident(x.schemaname) || '.'
                                      || quote_ident(x.tablename))::regclass
                   ORDER BY u.i) AS attnums,
             x.n_distinct::text AS n_distinct, x.dependencies::text AS dependencies,
             x.most_common_vals, x.most_common_freqs
      FROM pg_stats_ext x
      WHERE x.schemaname = ? AND x.tablename = ? AND x.inherited = ? AND x.exprs IS NULL
      ORDER BY x.statistics_name
      """;

  private record Source(
      long oid,
      String schema,
      String name,
      boolean partitioned,
      boolean visible,
      long rows,
      boolean neverAnalyzed,
      boolean hasStats) {
    String id() {
      return Table.id(schema, name);
    }
  }

  /**
   * The profile of the tables of {@code schemas}.
   *
   * @param includeValues keep the source's text values; else they are {@linkplain Synthetic
   *     synthetic}
   * @throws SpateException naming every table whose statistics are hidden from the role or were
   *     never gathered, with the fix
   */
  public static Profile read(Connection conn, List<String> schemas, boolean includeValues) {
    try {
      List<Source> sources = tables(conn, schemas);
      refuseMissing(sources);
      Map<String, TableStats> tables = new LinkedHashMap<>();
      for (Source s : sources) {
        Set<String> kept = new HashSet<>();
        Map<String, ColumnStats> columns = columns(conn, s, includeValues, kept);
        List<ExtendedStats> extended = extended(conn, s, kept);
        tables.put(s.id(), new TableStats(s.rows(), columns, extended.isEmpty() ? null : extended));
      }
      return new Profile(List.copyOf(schemas), includeValues, tables);
    } catch (SQLException e) {
      throw new SpateException("cannot read the statistics from pg_catalog: " + e.getMessage(), e);
    }
  }

  private static List<Source> tables(Connection conn, List<String> schemas) throws SQLException {
    List<Source> sources = new ArrayList<>();
    try (PreparedStatement ps = conn.prepareStatement(TABLES_SQL)) {
      ps.setArray(1, conn.createArrayOf("text", schemas.toArray()));
      try (ResultSet rs = ps.executeQuery()) {
        while (rs.next()) {
          sources.add(
              new Source(
                  rs.getLong("oid"),
                  rs.getString("nspname"),
                  rs.getString("relname"),
                  rs.getBoolean("partitioned"),
                  rs.getBoolean("visible"),
                  Math.round(rs.getDouble("rows")),
                  rs.getBoolean("never_analyzed"),
                  rs.getBoolean("has_stats")));
        }
      }
    }
    sources.sort(java.util.Comparator.comparing(Source::id));
    return sources;
  }

  private static void refuseMissing(List<Source> sources) {
    List<String> hidden = new ArrayList<>();
    List<String> unanalyzed = new ArrayList<>();
    for (Source s : sources) {
      if (!s.visible()) {
        hidden.add(s.id());
      } else if (s.neverAnalyzed() || (s.rows() > 0 && !s.hasStats())) {
        unanalyzed.add(s.id());
      }
    }
    List<String> problems = new ArrayList<>();
    if (!hidden.isEmpty()) {
      problems.add(
          "the statistics of "
              + String.join(", ", hidden)
              + " are hidden from this role: pg_stats shows a column's statistics only to a role"
              + " that may SELECT it (GRANT SELECT ON those tables, or profile as their owner);"
              + " spate profile still reads no row");
    }
    if (!unanalyzed.isEmpty()) {
      problems.add(
          "no statistics for "
              + String.join(", ", unanalyzed)
              + ": never analyzed; run ANALYZE on "
              + (unanalyzed.size() == 1 ? "it" : "them")
              + " (a partitioned table itself, too: autovacuum analyzes only its partitions)");
    }
    if (!problems.isEmpty()) {
      throw new SpateException("cannot profile: " + String.join("; ", problems));
    }
  }

  /**
   * The columns' statistics.
   *
   * @param kept receives the names of the columns whose values are written as the source's
   */
  private static Map<String, ColumnStats> columns(
      Connection conn, Source s, boolean includeValues, Set<String> kept) throws SQLException {
    Map<String, ColumnStats> columns = new LinkedHashMap<>();
    try (PreparedStatement ps = conn.prepareStatement(COLUMNS_SQL)) {
      ps.setString(1, s.schema());
      ps.setString(2, s.name());
      ps.setBoolean(3, s.partitioned());
      ps.setLong(4, s.oid());
      try (ResultSet rs = ps.executeQuery()) {
        while (rs.next()) {
          if (rs.getObject("null_frac") == null) {
            continue; // no statistics: the table is empty, or ANALYZE skipped the column
          }
          boolean keep = includeValues || KEPT.contains(rs.getString("typcategory"));
          if (keep) {
            kept.add(rs.getString("attname"));
          }
          boolean keepElements = includeValues || KEPT.contains(rs.getString("elemcategory"));
          double nDistinct = rs.getDouble("n_distinct");
          double correlation = rs.getDouble("correlation");
          Double ordered = rs.wasNull() ? null : correlation;
          columns.put(
              rs.getString("attname"),
              new ColumnStats(
                  rs.getString("type"),
                  rs.getDouble("null_frac"),
                  nDistinct,
                  nDistinct >= 0 ? Math.round(nDistinct) : Math.round(-nDistinct * s.rows()),
                  rs.getInt("avg_width"),
                  ordered,
                  frequent(texts(rs, "mcv", keep), floats(rs, "most_common_freqs")),
                  texts(rs, "histogram", keep),
                  frequent(texts(rs, "mce", keepElements), floats(rs, "most_common_elem_freqs"))));
        }
      }
    }
    return columns;
  }

  /**
   * The table's extended statistics; the values of a column not {@code kept} in its frequent
   * combinations are {@linkplain Synthetic#byValue synthetic}.
   */
  private static List<ExtendedStats> extended(Connection conn, Source s, Set<String> kept)
      throws SQLException {
    List<ExtendedStats> all = new ArrayList<>();
    try (PreparedStatement ps = conn.prepareStatement(EXTENDED_SQL)) {
      ps.setString(1, s.schema());
      ps.setString(2, s.name());
      ps.setBoolean(3, s.partitioned());
      try (ResultSet rs = ps.executeQuery()) {
        while (rs.next()) {
          List<String> names = Arrays.asList((String[]) rs.getArray("attnames").getArray());
          all.add(
              new ExtendedStats(
                  rs.getString("statistics_name"),
                  names,
                  named(
                      rs.getString("n_distinct"),
                      names,
                      Arrays.asList((Integer[]) rs.getArray("attnums").getArray())),
                  named(
                      rs.getString("dependencies"),
                      names,
                      Arrays.asList((Integer[]) rs.getArray("attnums").getArray())),
                  combinations(rs, names, kept)));
        }
      }
    }
    return all;
  }

  /**
   * A key of the server's print of functional dependencies ({@code "1, 2 => 3"}) or distinct counts
   * ({@code "1, 2"}).
   */
  private static final Pattern DEPENDENCY = Pattern.compile("\"([0-9, =>]+)\"");

  private static final Pattern ATTNUM = Pattern.compile("[0-9]+");

  /**
   * Functional dependencies or distinct counts of column combinations as the server prints them,
   * each attribute number replaced by its column's name ({@code {"region_code => region_name":
   * 1.000000}}), so the profile reads without the catalog; null when not gathered.
   *
   * @param attnums the attribute numbers of {@code names}, in their order
   */
  static String named(String print, List<String> names, List<Integer> attnums) {
    if (print == null) {
      return null;
    }
    Map<String, String> byNumber = new HashMap<>();
    for (int i = 0; i < names.size(); i++) {
      byNumber.put(
          attnums.get(i).toString(), names.get(i).replace("\\", "\\\\").replace("\"", "\\\""));
    }
    return DEPENDENCY
        .matcher(print)
        .replaceAll(
            key ->
                Matcher.quoteReplacement(
                    '"'
                        + ATTNUM
                            .matcher(key.group(1))
                            .replaceAll(
                                n ->
                                    Matcher.quoteReplacement(
                                        byNumber.getOrDefault(n.group(), n.group())))
                        + '"'));
  }

  private static List<FrequentCombination> combinations(
      ResultSet rs, List<String> names, Set<String> kept) throws SQLException {
    Array vals = rs.getArray("most_common_vals");
    List<Double> freqs = doubles(rs, "most_common_freqs");
    if (vals == null || freqs == null) {
      return null;
    }
    String[][] rows = (String[][]) vals.getArray();
    List<List<String>> byColumn = new ArrayList<>();
    for (int j = 0; j < names.size(); j++) {
      List<String> column = new ArrayList<>();
      for (String[] row : rows) {
        column.add(row[j]);
      }
      byColumn.add(kept.contains(names.get(j)) ? column : Synthetic.byValue(column));
    }
    List<FrequentCombination> out = new ArrayList<>(rows.length);
    for (int i = 0; i < rows.length; i++) {
      List<String> values = new ArrayList<>(names.size());
      for (List<String> column : byColumn) {
        values.add(column.get(i));
      }
      out.add(new FrequentCombination(values, freqs.get(i)));
    }
    return out;
  }

  private static List<Double> doubles(ResultSet rs, String column) throws SQLException {
    Array array = rs.getArray(column);
    return array == null ? null : Arrays.asList((Double[]) array.getArray());
  }

  /** An array column of text, synthetic unless {@code keep}; null when the statistic is absent. */
  private static List<String> texts(ResultSet rs, String column, boolean keep) throws SQLException {
    Array array = rs.getArray(column);
    if (array == null) {
      return null;
    }
    List<String> values = Arrays.asList((String[]) array.getArray());
    return keep ? values : Synthetic.of(values);
  }

  private static List<Float> floats(ResultSet rs, String column) throws SQLException {
    Array array = rs.getArray(column);
    return array == null ? null : Arrays.asList((Float[]) array.getArray());
  }

  /**
   * Values paired with their frequencies; element frequencies carry three more (least and most
   * frequent element, null share), left out.
   */
  private static List<Frequent> frequent(List<String> values, List<Float> freqs) {
    if (values == null || freqs == null) {
      return null;
    }
    List<Frequent> out = new ArrayList<>(values.size());
    for (int i = 0; i < values.size(); i++) {
      // as the server prints the real, not as its nearest double
      out.add(new Frequent(values.get(i), Double.parseDouble(freqs.get(i).toString())));
    }
    return out;
  }
}
