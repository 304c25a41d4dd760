package io.spate.core.profile;

import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.core.type.TypeReference;
import com.fasterxml.jackson.databind.json.JsonMapper;
import io.spate.core.config.ColumnConfig;
import io.spate.core.config.FillConfig;
import io.spate.core.profile.Profile.ColumnStats;
import io.spate.core.profile.Profile.Frequent;
import io.spate.core.profile.Profile.TableStats;
import io.spate.engine.generate.Engine;
import io.spate.protocol.error.Problems;
import io.spate.protocol.error.SpateException;
import io.spate.protocol.plan.ColumnPlan;
import io.spate.protocol.plan.FillPlan;
import io.spate.protocol.plan.ReferencePlan;
import io.spate.protocol.plan.TablePlan;
import io.spate.protocol.plan.ValueProfile;
import io.spate.protocol.schema.Check;
import io.spate.protocol.schema.Column;
import io.spate.protocol.schema.ForeignKey;
import io.spate.protocol.schema.SqlType;
import io.spate.protocol.schema.Table;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;

/**
 * Fits a plan to a source's {@link Profile} ({@code spate local --profile}): row counts are the
 * source's times the scale ({@link #rows}, given to the planner as row overrides, so tasks are cut
 * for them), then each column the config leaves open is drawn by its statistics ({@link #apply}):
 * value columns become {@link ColumnPlan.Profiled}, and a random foreign-key pick takes the child's
 * frequent parent keys as hot parent slots ({@link ReferencePlan#profile()}); functional
 * dependencies of the extended statistics are kept ({@link #dependencies}), and a default profile's
 * made-up frequent text takes the planner's values for the column ({@link #pool}). Keys, columns
 * derived by a CHECK, columns under a CHECK other than a bound, and everything the config sets keep
 * the planner's rule. The profile goes into the plan; workers never read it.
 */
public final class ProfiledPlan {

  private ProfiledPlan() {}

  /** Sources' correlation past which the copy keeps the physical order of the values. */
  private static final double ORDERED = 0.9;

  /**
   * The rows of every profiled root table the config and the command line leave open: the source's
   * {@code reltuples} times {@code scale}, at least 1 where the source has rows. A table filled
   * {@code per} a parent keeps its fan-out and so scales with the parent.
   */
  public static Map<String, Long> rows(
      Profile profile, FillConfig config, Map<String, Long> given, double scale) {
    Map<String, Long> rows = new LinkedHashMap<>(given);
    profile
        .tables()
        .forEach(
            (table, stats) -> {
              var tc = config.table(table);
              if (tc.rows() == null && tc.per() == null && !given.containsKey(table)) {
                long scaled = Math.round(stats.rows() * scale);
                rows.put(table, stats.rows() > 0 ? Math.max(1, scaled) : 0);
              }
            });
    return rows;
  }

  /** The plan with its open columns and random foreign-key picks drawn by the profile. */
  public static FillPlan apply(
      FillPlan plan, Profile profile, FillConfig config, Problems problems) {
    List<String> unprofiled = new ArrayList<>();
    List<TablePlan> tables = new ArrayList<>();
    for (TablePlan t : plan.tables()) {
      TableStats stats = profile.tables().get(t.table().id());
      if (stats == null || t.secondPass() || t.rows() == 0) {
        if (stats == null && !t.secondPass()) {
          unprofiled.add(t.table().id());
        }
        tables.add(t);
        continue;
      }
      tables.add(table(plan, t, stats, profile, config, problems));
    }
    if (!unprofiled.isEmpty()) {
      problems.add(
          "the profile holds no statistics of "
              + String.join(", ", unprofiled)
              + ": profile the source again (spate profile) with these tables, or leave them out"
              + " of --schema");
    }
    return new FillPlan(
        plan.generationVersion(), plan.seed(), tables, plan.levels(), plan.taskRuns());
  }

  private static TablePlan table(
      FillPlan plan,
      TablePlan t,
      TableStats stats,
      Profile profile,
      FillConfig config,
      Problems problems) {
    Table table = t.table();
    Map<String, ColumnConfig> configured = config.table(table.id()).columns();
    List<ColumnPlan> columns = new ArrayList<>();
    Map<String, List<String>> pools = new HashMap<>();
    for (ColumnPlan rule : t.columns()) {
      ColumnStats cs = stats.columns().get(rule.column());
      Column column = table.column(rule.column()).orElseThrow();
      List<String> pool = profile.includesValues() ? null : pool(rule, column);
      if (pool != null) {
        pools.put(rule.column(), pool);
      }
      boolean open =
          cs != null
              && (configured.get(rule.column()) == null
                  || configured.get(rule.column()).settings().isEmpty())
              && (rule instanceof ColumnPlan.Values v && !v.spec().binary()
                  || rule instanceof ColumnPlan.Partitioned && rangePartitionedBy(table, column));
      ValueProfile vp = open ? values(column, cs, stats.rows(), t.rows(), pool) : null;
      if (vp != null && !checksKept(table, column, vp)) {
        vp = null;
      }
      columns.add(
          vp == null
              ? rule
              : new ColumnPlan.Profiled(
                  rule.column(), column.nullable() ? cs.nullFraction() : 0, vp));
    }
    combinations(columns, stats, table, pools);
    dependencies(columns, stats);
    Map<String, ReferencePlan> picks = new HashMap<>();
    for (ReferencePlan r : t.references()) {
      picks.put(r.foreignKey(), reference(plan, t, r, stats, profile, configured));
    }
    return t.with(columns, t.references().stream().map(r -> picks.get(r.foreignKey())).toList());
  }

  /**
   * Columns whose extended statistics list frequent combinations covering every row (columns with
   * no NULL and no histogram, such as a code and its name) are drawn as those combinations: one
   * quantile per row for all of them, the i-th value of each, so a dependency between them holds as
   * in the source.
   */
  private static void combinations(
      List<ColumnPlan> columns, TableStats stats, Table table, Map<String, List<String>> pools) {
    for (Profile.ExtendedStats x :
        stats.extended() == null ? List.<Profile.ExtendedStats>of() : stats.extended()) {
      List<Profile.FrequentCombination> combos = x.frequentValues();
      if (combos == null || combos.isEmpty()) {
        continue;
      }
      double covered = combos.stream().mapToDouble(Profile.FrequentCombination::frequency).sum();
      List<Integer> at = new ArrayList<>();
      for (String name : x.columns()) {
        for (int i = 0; i < columns.size(); i++) {
          if (columns.get(i).column().equals(name)
              && columns.get(i) instanceof ColumnPlan.Profiled p
              && p.group() == null
              && p.nullRatio() == 0
              && p.profile().bounds().isEmpty()) {
            at.add(i);
          }
        }
      }
      boolean complete =
          covered > 0.999
              && at.size() == x.columns().size()
              && combos.stream().allMatch(c -> c.values().stream().allMatch(v -> v != null));

      if (!complete) {
        continue;
      }
      boolean readable = true;
      for (int j = 0; j < at.size(); j++) {
        int column = j;
        Column c = table.column(x.columns().get(j)).orElseThrow();
        readable &= combos.stream().allMatch(k -> Engine.readsLiteral(c, k.values().get(column)));
      }

      if (!readable) {
        continue;
      }
      List<Double> frequencies = combos.stream().map(c -> c.frequency() / covered).toList();
      for (int j = 0; j < at.size(); j++) {
        int column = j;
        List<String> values = combos.stream().map(k -> k.values().get(column)).toList();
        List<String> pool = pools.get(x.columns().get(j));
        values = pool == null ? values : Synthetic.fromPool(values, pool);
        columns.set(
            at.get(j),
            new ColumnPlan.Profiled(
                x.columns().get(j),
                0,
                new ValueProfile(values, frequencies, List.of(), 1, false),
                "statistics " + x.name(),
                null));
      }
    }
  }

  /** A functional dependency's degree (its share of rows it holds in) past which it is kept. */
  static final double DEPENDENT = 0.95;

  private static final JsonMapper JSON = new JsonMapper();

  /**
   * Keeps each functional dependency {@code a => b} of one column on another the extended
   * statistics give with a degree of {@link #DEPENDENT} or more, where both are drawn by their own
   * profiles: b becomes {@linkplain ColumnPlan.Profiled#determinant() determined} by a, so rows
   * with equal a hold equal b. Strongest first; a determinant is never itself determined, and a
   * column takes one determinant.
   */
  static void dependencies(List<ColumnPlan> columns, TableStats stats) {
    record Dependency(String from, String to, double degree) {}
    List<Dependency> found = new ArrayList<>();
    for (Profile.ExtendedStats x :
        stats.extended() == null ? List.<Profile.ExtendedStats>of() : stats.extended()) {
      for (Map.Entry<String, Double> d : parse(x).entrySet()) {
        String[] sides = d.getKey().split(" => ", -1);
        if (sides.length == 2 && !sides[0].contains(", ") && d.getValue() >= DEPENDENT) {
          found.add(new Dependency(sides[0], sides[1], d.getValue()));
        }
      }
    }
    found.sort(java.util.Comparator.comparingDouble(Dependency::degree).reversed());
    Set<String> determinants = new java.util.HashSet<>();
    for (Dependency d : found) {
      int from = indexOf(columns, d.from());
      int to = indexOf(columns, d.to());
      if (from >= 0
          && to >= 0
          && from != to
          && columns.get(from) instanceof ColumnPlan.Profiled a
          && a.group() == null
          && a.determinant() == null
          && columns.get(to) instanceof ColumnPlan.Profiled b
          && b.group() == null
          && b.determinant() == null
          && !determinants.contains(d.to())) {
        columns.set(to, b.determinedBy(d.from()));
        determinants.add(d.from());
      }
    }
  }

  /** The dependencies of one extended statistic by their sides, empty when there are none. */
  private static Map<String, Double> parse(Profile.ExtendedStats x) {
    if (x.dependencies() == null) {
      return Map.of();
    }
    try {
      return JSON.readValue(
          x.dependencies(), new TypeReference<LinkedHashMap<String, Double>>() {});
    } catch (JsonProcessingException e) {
      throw new SpateException(
          "the profile's dependencies of statistics "
              + x.name()
              + " do not read ("
              + x.dependencies()
              + "): "
              + e.getOriginalMessage(),
          e);
    }
  }

  private static int indexOf(List<ColumnPlan> columns, String name) {
    for (int i = 0; i < columns.size(); i++) {
      if (columns.get(i).column().equals(name)) {
        return i;
      }
    }
    return -1;
  }

  /**
   * Whether the values {@code vp} draws keep every CHECK on the column: a bound ({@code <}, {@code
   * <=}, {@code >}, {@code >=} a literal) on a column that is not text, which values between the
   * source's own quantiles keep, and a list that holds each of the profile's values when it has no
   * histogram (values written with {@code --include-values}). Any other CHECK (a pattern, a length,
   * another column, a domain's, one Spate cannot read, a list against made-up text) leaves the
   * planner's rule, which keeps it.
   */
  private static boolean checksKept(Table table, Column column, ValueProfile vp) {
    String name = column.name();
    return column.domainChecks().isEmpty()
        && table.checks().stream()
            .allMatch(
                c ->
                    switch (c) {
                      case Check.CompareLiteral b when b.column().equals(name) ->
                          !column.type().isText() && BOUNDS.contains(b.op());
                      case Check.CompareLiteral b -> true;
                      case Check.InList l when l.column().equals(name) ->
                          vp.bounds().isEmpty() && l.values().containsAll(vp.values());
                      case Check.InList l -> true;
                      case Check.CompareColumns x ->
                          !x.left().equals(name) && !x.right().equals(name);
                      case Check.Length l -> !l.column().equals(name);
                      case Check.Matches m -> !m.column().equals(name);
                      case Check.Unparsed u -> !u.columns().contains(name);
                    });
  }

  private static final Set<String> BOUNDS = Set.of("<", "<=", ">", ">=");

  /**
   * Whether {@code column} is the one key of range partitions: any value inside the source's range
   * finds its leaf, as the server routes a row by its value.
   */
  private static boolean rangePartitionedBy(Table table, Column column) {
    return table.partitions().stream()
        .flatMap(p -> p.bounds().stream())
        .allMatch(b -> b.column().equals(column.name()) && b.values().isEmpty());
  }

  /**
   * The planner's value list of a text column (its realistic pool: the Datafaker kind its name is
   * recognised as, a CHECK's list), which takes the place of a default profile's synthetic frequent
   * values ({@link Synthetic#fromPool}); null when the planner draws it otherwise.
   */
  private static List<String> pool(ColumnPlan rule, Column column) {
    return column.type().isText()
            && rule instanceof ColumnPlan.Values v
            && !v.spec().values().isEmpty()
            && !v.spec().slotSuffix()
            && !v.spec().binary()
        ? v.spec().values()
        : null;
  }

  /**
   * A column's profile at the copy's row count, or null when the statistics cannot be drawn for its
   * type (a histogram of a type without an order Spate interpolates): the planner's rule stays.
   *
   * @param pool null, or the values that replace the profile's synthetic frequent values
   */
  static ValueProfile values(
      Column column, ColumnStats cs, long sourceRows, long rows, List<String> pool) {
    List<String> values = new ArrayList<>();
    List<Double> frequencies = new ArrayList<>();
    double nonNull = Math.max(1e-9, 1 - cs.nullFraction());
    for (Frequent f : cs.frequentValues() == null ? List.<Frequent>of() : cs.frequentValues()) {
      if (!Engine.readsLiteral(column, f.value())) {
        return null;
      }
      values.add(f.value());
      frequencies.add(f.frequency() / nonNull);
    }
    if (pool != null) {
      values = Synthetic.fromPool(values, pool);
    }
    List<String> bounds = cs.histogram() == null ? List.of() : cs.histogram();
    if (!bounds.isEmpty() && !interpolates(column.type())) {
      return null;
    }
    if (values.isEmpty() && bounds.size() < 2) {
      return null; // every row NULL: nothing to draw
    }
    long distinct = distinct(cs, sourceRows, rows);
    long rest = Math.max(1, distinct - values.size());
    boolean ordered = cs.correlation() != null && cs.correlation() > ORDERED;
    return new ValueProfile(
        values, frequencies, bounds.size() < 2 ? List.of() : bounds, rest, ordered);
  }

  /**
   * The distinct count at the copy's rows, as a sample of that many rows would hold: the source's
   * non-null rows are taken as drawn from N equally likely values, N solving {@code N (1 - e^(-s /
   * N)) = D} for the source's s rows and D distinct values, and the copy's r rows then hold {@code
   * N (1 - e^(-r / N))} (D again at r = s; every row distinct when the source's are).
   */
  static long distinct(ColumnStats cs, long sourceRows, long rows) {
    double s = sourceRows * (1 - cs.nullFraction());
    double r = rows * (1 - cs.nullFraction());
    double d = Math.min(cs.distinct(), s);
    if (s < 1 || d >= s * 0.999) {
      return Math.max(1, Math.round(r * Math.min(1, d / Math.max(1, s))));
    }
    double lo = d;
    double hi = d * 1e6;
    for (int i = 0; i < 200; i++) {
      double n = Math.sqrt(lo * hi);
      if (n * -Math.expm1(-s / n) < d) {
        lo = n;
      } else {
        hi = n;
      }
    }
    double n = Math.sqrt(lo * hi);
    return Math.max(1, Math.round(n * -Math.expm1(-r / n)));
  }

  private static boolean interpolates(SqlType type) {
    return switch (type) {
      case SMALLINT, INTEGER, BIGINT, DATE, TIME, TIMESTAMP, TIMESTAMPTZ, MONEY, NUMERIC -> true;
      case REAL, DOUBLE, CHAR, VARCHAR, TEXT, CITEXT -> true;
      default -> false;
    };
  }

  /**
   * A random pick of a one-column foreign key to an integer key numbered {@code first + slot} takes
   * the child column's statistics over parent slots: frequent keys become hot parent slots (kept as
   * they are), the histogram is stretched to the parent's rows at this scale. Other picks stay as
   * planned.
   */
  private static ReferencePlan reference(
      FillPlan plan,
      TablePlan t,
      ReferencePlan r,
      TableStats stats,
      Profile profile,
      Map<String, ColumnConfig> configured) {
    ForeignKey fk =
        t.table().foreignKeys().stream()
            .filter(f -> f.name().equals(r.foreignKey()))
            .findFirst()
            .orElseThrow();
    if (r.pick() != ReferencePlan.Pick.RANDOM
        || r.groupSpan() != 0
        || r.relativeTo() != null
        || fk.columns().size() != 1
        || (configured.get(fk.columns().get(0)) != null
            && !configured.get(fk.columns().get(0)).settings().isEmpty())) {
      return r;
    }
    ColumnStats cs = stats.columns().get(fk.columns().get(0));
    TableStats parentStats = profile.tables().get(fk.refTable());
    TablePlan parent = plan.table(fk.refTable());
    if (cs == null
        || parentStats == null
        || !(parent.column(fk.refColumns().get(0)) instanceof ColumnPlan.KeySequence key)
        || key.span() != 0
        || key.format() != null
        || !parent.table().column(key.column()).orElseThrow().type().isIntegral()) {
      return r;
    }
    double stretch = (double) r.size() / Math.max(1, parentStats.rows());
    List<String> hot = new ArrayList<>();
    List<Double> frequencies = new ArrayList<>();
    double nonNull = Math.max(1e-9, 1 - cs.nullFraction());
    for (Frequent f : cs.frequentValues() == null ? List.<Frequent>of() : cs.frequentValues()) {
      hot.add(Long.toString(Math.floorMod(Long.parseLong(f.value()) - key.first(), r.size())));
      frequencies.add(f.frequency() / nonNull);
    }
    List<String> bounds = new ArrayList<>();
    for (String b : cs.histogram() == null ? List.<String>of() : cs.histogram()) {
      bounds.add(Double.toString((Long.parseLong(b) - key.first()) * stretch));
    }
    if (hot.isEmpty() && bounds.size() < 2) {
      return r;
    }
    long distinct =
        cs.nDistinct() < 0
            ? Math.round(-cs.nDistinct() * t.rows())
            : Math.round(Math.min(cs.nDistinct() * Math.min(1, stretch), r.size()));
    ValueProfile vp =
        new ValueProfile(
            hot,
            frequencies,
            bounds.size() < 2 ? List.of() : bounds,
            Math.max(1, distinct - hot.size()),
            cs.correlation() != null && cs.correlation() > ORDERED);
    boolean nullable = t.table().column(fk.columns().get(0)).map(Column::nullable).orElse(false);
    return r.withProfile(vp).withNullRatio(nullable ? cs.nullFraction() : 0);
  }
}
