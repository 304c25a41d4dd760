package io.spate.core.plan;

import io.spate.core.config.TableConfig;
import io.spate.protocol.error.Problems;
import io.spate.protocol.error.SpateException;
import io.spate.protocol.plan.ColumnPlan;
import io.spate.protocol.plan.Distribution;
import io.spate.protocol.plan.FillPlan;
import io.spate.protocol.plan.TablePlan;
import io.spate.protocol.plan.ValueSpec;
import io.spate.protocol.schema.Check;
import io.spate.protocol.schema.Column;
import io.spate.protocol.schema.SqlType;
import io.spate.protocol.schema.Table;
import io.spate.protocol.seed.Streams;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.Collections;
import java.util.HashMap;
import java.util.HashSet;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Objects;
import java.util.Set;
import java.util.stream.Collectors;

/**
 * The CHECKs Spate cannot read ({@link Check.Unparsed}: calls of the application's functions,
 * arithmetic, any form the parser leaves out), decided by the server. The planner draws {@link
 * #CANDIDATES} candidate rows of the columns such a CHECK mentions, each column by its own value
 * rule (the values a fill would write, from a stream of the CHECK's own), asks the {@link
 * CheckServer} which rows satisfy it, and gives the columns a pool of the passing values. A CHECK
 * over several columns gets a pool of passing tuples: its columns form a correlated group (one
 * shared index per row), so a row takes a whole tuple. CHECKs that share a column are judged
 * together.
 *
 * <p>Invariants: the pools are part of the plan, so every cell stays a pure function of (seed,
 * table, column, row); the same seed and schema give the same pools. Only plain drawn columns the
 * config leaves open are pooled, and a text key column's values judged ({@link #judgeKeys}); any
 * other CHECK is left to {@link CheckReports}. Fewer than {@link #MIN_PASSING} passing rows is a
 * problem naming the config that decides the columns instead.
 *
 * <p>NULLs: a column alone keeps its share of NULLs only if a NULL candidate passed (a CHECK that
 * is NULL passes); the columns of a tuple get none, as their NULLs would be drawn apart from it.
 * The pool counts values, not NULLs.
 */
final class CheckPools {

  /** Candidate rows drawn per CHECK (or per set of CHECKs sharing columns). */
  static final int CANDIDATES = 1000;

  /** The fewest passing rows a pool may have: 2% of the candidates, and enough to vary. */
  static final int MIN_PASSING = 20;

  private CheckPools() {}

  /**
   * Pools the columns of the table's unread CHECKs that the server can decide, replacing their
   * plans in {@code plans}.
   *
   * @param kept the CHECKs already kept otherwise (left out)
   * @param slots the table's slots, for the keys a text key column writes ({@link #judgeKeys})
   * @param server the target database, or null when planning without one (nothing is pooled)
   * @return the names of the CHECKs decided here (pooled, or reported as a problem)
   */
  static Set<String> apply(
      Table t,
      TableConfig tc,
      Map<String, ColumnPlan> plans,
      Set<String> kept,
      long slots,
      long seed,
      CheckServer server,
      Map<String, ValueSpec> domains,
      Problems problems) {
    Set<String> decided = new HashSet<>();
    if (server == null) {
      return decided;
    }
    for (List<Check.Unparsed> set : sharingColumns(t)) {
      List<Check.Unparsed> checks = set.stream().filter(u -> !kept.contains(u.name())).toList();
      List<String> columns =
          t.columns().stream()
              .map(Column::name)
              .filter(c -> checks.stream().anyMatch(u -> u.columns().contains(c)))
              .toList();
      if (!columns.isEmpty() && columns.stream().allMatch(c -> poolable(t, tc, plans, c))) {
        // candidates from the columns' meanings first (a lowercase host name, a birth date),
        // then, where too few of those pass, from their types' ranges
        boolean pooled = false;
        if (columns.stream().anyMatch(domains::containsKey)) {
          for (boolean lowered : new boolean[] {false, true}) {
            Map<String, ColumnPlan> meant = new HashMap<>(plans);
            columns.stream()
                .filter(domains::containsKey)
                .forEach(
                    c ->
                        meant.put(
                            c,
                            new ColumnPlan.Values(
                                c, lowered ? lowered(domains.get(c)) : domains.get(c))));
            if (pool(t, checks, columns, meant, seed, server, new Problems())) {
              columns.forEach(c -> plans.put(c, meant.get(c)));
              pooled = true;
              break;
            }
          }
        }
        if (!pooled) {
          pool(t, checks, columns, plans, seed, server, problems);
        }
        checks.forEach(u -> decided.add(u.name()));
      } else if (columns.size() == 1
          && plans.get(columns.getFirst()) instanceof ColumnPlan.KeySequence key
          && key.step() == 1
          && t.column(key.column()).orElseThrow().type().isText()) {
        judgeKeys(t, checks, key, slots, seed, server, problems);
        checks.forEach(u -> decided.add(u.name()));
      }
    }
    return decided;
  }

  /** A domain's text values in lower case (a CHECK that asks for {@code lower(x) = x}). */
  private static ValueSpec lowered(ValueSpec spec) {
    return MeaningDomains.withValues(
        spec,
        spec.values().stream().map(v -> v.toLowerCase(java.util.Locale.ROOT)).distinct().toList(),
        List.of(),
        null);
  }

  /** The unread CHECKs of the table, those that share a column (directly or not) together. */
  static List<List<Check.Unparsed>> sharingColumns(Table t) {
    List<List<Check.Unparsed>> sets = new ArrayList<>();
    for (Check check : t.checks()) {
      if (check instanceof Check.Unparsed u) {
        List<Check.Unparsed> joined = new ArrayList<>();
        for (var it = sets.iterator(); it.hasNext(); ) {
          List<Check.Unparsed> set = it.next();
          if (set.stream().anyMatch(o -> !Collections.disjoint(o.columns(), u.columns()))) {
            joined.addAll(set);
            it.remove();
          }
        }
        joined.add(u);
        joined.sort((a, b) -> t.checks().indexOf(a) - t.checks().indexOf(b));
        sets.add(joined);
      }
    }
    return sets;
  }

  /**
   * A plain drawn column the config leaves open; bytea is left out (its text output is not the
   * literal the engine reads).
   */
  private static boolean poolable(
      Table t, TableConfig tc, Map<String, ColumnPlan> plans, String column) {
    return plans.get(column) instanceof ColumnPlan.Values v
        && v.spec().group() == null
        && !DerivedColumns.decided(tc, column)
        && t.column(column).orElseThrow().type() != SqlType.BYTEA;
  }

  /** Pools the columns from their plans' candidates; returns whether enough passed. */
  private static boolean pool(
      Table t,
      List<Check.Unparsed> checks,
      List<String> columns,
      Map<String, ColumnPlan> plans,
      long seed,
      CheckServer server,
      Problems problems) {
    String name = checks.stream().map(Check::name).collect(Collectors.joining(", "));
    String where = "CHECK " + name + " on '" + t.id() + "'";
    boolean single = columns.size() == 1;
    List<ValueSpec> specs =
        columns.stream().map(c -> ((ColumnPlan.Values) plans.get(c)).spec()).toList();
    List<ColumnPlan> drawn = new ArrayList<>();
    for (int i = 0; i < columns.size(); i++) {
      // NULLs of several columns are drawn apart from their tuple, so only one column's are judged
      ValueSpec spec = single ? specs.get(i) : withoutNulls(specs.get(i));
      drawn.add(new ColumnPlan.Values(columns.get(i), spec));
    }
    TablePlan table =
        new TablePlan(
            t.id(),
            t,
            null,
            CANDIDATES,
            CANDIDATES,
            Streams.checkCandidates(Shape.stream(seed, t), name),
            drawn,
            List.of());
    FillPlan candidates =
        new FillPlan(
            FillPlan.GENERATION_VERSION, seed, List.of(table), List.of(List.of(t.id())), List.of());
    List<String[]> passing;
    try {
      passing = server.passing(candidates, condition(checks));
    } catch (SpateException | IllegalArgumentException | IllegalStateException e) {
      problems.add(
          where
              + " is not a form Spate understands, and the server could not judge candidate values ("
              + e.getMessage()
              + ")"
              + fix(t, checks, columns));
      return false;
    }
    List<String[]> rows =
        passing.stream().filter(r -> Arrays.stream(r).allMatch(Objects::nonNull)).toList();
    String tally =
        rows.size()
            + " of "
            + CANDIDATES
            + " candidate "
            + (single ? "values of " + columns.getFirst() : "rows of " + columns)
            + " pass on the server";
    if (rows.size() < MIN_PASSING) {
      problems.add(
          where
              + " is not a form Spate understands, and only "
              + tally
              + ", fewer than the "
              + MIN_PASSING
              + " a pool needs"
              + fix(t, checks, columns));
      return false;
    }
    server.note(
        where
            + ", decided by the server: "
            + tally
            + String.format(Locale.ROOT, " (%.1f%%)", 100.0 * rows.size() / CANDIDATES)
            + ", a pool of "
            + rows.size()
            + (single ? " values" : " tuples"));
    boolean nullPasses = single && rows.size() < passing.size();
    for (int i = 0; i < columns.size(); i++) {
      int at = i;
      ValueSpec spec = specs.get(i);
      ValueSpec pooled =
          new ValueSpec(
              rows.stream().map(r -> r[at]).toList(),
              List.of(),
              null,
              null,
              false,
              false,
              spec.minLength(),
              spec.maxLength(),
              Distribution.UNIFORM,
              nullPasses ? spec.nullRatio() : 0,
              spec.element(),
              single ? null : "check " + name,
              false);
      plans.put(columns.get(i), new ColumnPlan.Values(columns.get(i), pooled));
    }
    return true;
  }

  /**
   * A text key column under unread CHECKs (MusicBrainz's {@code controlled_for_whitespace(name)} on
   * a unique name) keeps its key sequence, whose values the server judges: the first and the last
   * {@link #CANDIDATES} it writes (a key's text changes with its digit count). One refused is a
   * problem naming it; all passing, a note.
   */
  private static void judgeKeys(
      Table t,
      List<Check.Unparsed> checks,
      ColumnPlan.KeySequence key,
      long slots,
      long seed,
      CheckServer server,
      Problems problems) {
    String name = checks.stream().map(Check::name).collect(Collectors.joining(", "));
    String where = "CHECK " + name + " on '" + t.id() + "'";
    long count = key.span() == 0 ? slots : key.span();
    long n = Math.min(CANDIDATES, count);
    List<Long> firsts =
        count <= CANDIDATES ? List.of(key.first()) : List.of(key.first(), key.first() + count - n);
    for (long from : firsts) {
      TablePlan table =
          new TablePlan(
              t.id(),
              t,
              null,
              n,
              n,
              Streams.checkCandidates(Shape.stream(seed, t), name),
              List.of(new ColumnPlan.KeySequence(key.column(), from, 0, key.format())),
              List.of());
      List<String[]> passing;
      try {
        passing =
            server.passing(
                new FillPlan(
                    FillPlan.GENERATION_VERSION,
                    seed,
                    List.of(table),
                    List.of(List.of(t.id())),
                    List.of()),
                condition(checks));
      } catch (SpateException | IllegalArgumentException | IllegalStateException e) {
        problems.add(
            where
                + " is not a form Spate understands, and the server could not judge the keys of "
                + key.column()
                + " ("
                + e.getMessage()
                + "): "
                + checks.stream().map(Check.Unparsed::text).collect(Collectors.joining(" AND ")));
        return;
      }
      if (passing.size() < n) {
        problems.add(
            where
                + " is not a form Spate understands, and the server refuses "
                + (n - passing.size())
                + " of the "
                + n
                + " keys of "
                + key.column()
                + " from number "
                + from
                + ": "
                + checks.stream().map(Check.Unparsed::text).collect(Collectors.joining(" AND "))
                + "; size the table `rows: 0`, or drop the key");
        return;
      }
    }
    server.note(
        where
            + ", decided by the server: "
            + (firsts.size() == 1
                ? "all " + count + " keys of " + key.column()
                : "the first and the last " + n + " of the " + count + " keys of " + key.column())
            + " pass");
  }

  /** What the rows must satisfy: each CHECK true or NULL, as PostgreSQL accepts a row. */
  static String condition(List<Check.Unparsed> checks) {
    return checks.stream()
        .map(u -> "(" + expression(u.text()) + ") IS NOT FALSE")
        .collect(Collectors.joining(" AND "));
  }

  /**
   * The expression of a CHECK as {@code pg_get_constraintdef} prints it: {@code CHECK (expr)},
   * maybe followed by {@code NO INHERIT} and {@code NOT VALID}.
   */
  static String expression(String definition) {
    String text = definition.strip();
    for (boolean cut = true; cut; ) {
      cut = false;
      for (String suffix : List.of(" NOT VALID", " NO INHERIT")) {
        if (text.endsWith(suffix)) {
          text = text.substring(0, text.length() - suffix.length()).strip();
          cut = true;
        }
      }
    }
    return text.startsWith("CHECK ") ? text.substring("CHECK ".length()) : text;
  }

  private static String fix(Table t, List<Check.Unparsed> checks, List<String> columns) {
    String column = columns.getFirst();
    return ": "
        + checks.stream().map(Check.Unparsed::text).collect(Collectors.joining(" AND "))
        + "; give "
        + (columns.size() == 1 ? column : "one of " + columns)
        + " values that satisfy it in the config, e.g. `tables: {"
        + t.id()
        + ": {columns: {"
        + column
        + ": {values: [...]}}}}`";
  }

  private static ValueSpec withoutNulls(ValueSpec spec) {
    return new ValueSpec(
        spec.values(),
        spec.weights(),
        spec.min(),
        spec.max(),
        spec.minExclusive(),
        spec.maxExclusive(),
        spec.minLength(),
        spec.maxLength(),
        spec.distribution(),
        0,
        spec.element(),
        spec.group(),
        spec.slotSuffix());
  }
}
