package io.spate.core.plan;

import io.spate.core.config.TableConfig;
import io.spate.protocol.plan.ColumnPlan;
import io.spate.protocol.schema.Column;
import io.spate.protocol.schema.ForeignKey;
import io.spate.protocol.schema.SqlType;
import io.spate.protocol.schema.Table;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.function.Function;

/**
 * A row's times follow one lifecycle, read from their meanings' phases ({@link Meaning#phase()}),
 * never from a list of word pairs: the row's anchor (its creation, else its earliest time) is
 * drawn, and every other time of the same type is derived from it ({@link ColumnPlan.Derived}) by a
 * delta that keeps the phases in order: a start soon after the creation, modifications and other
 * events within weeks, an end after its start (or after the creation), the end of life last. An end
 * of life keeps its share of NULLs (mostly unset). A child's anchor is derived from its parent's
 * (the parent row its foreign key picks, recomputed as a reference's key is), so nothing a child
 * records happens before its parent was created.
 *
 * <p>Invariant: only columns that draw values the config and CHECKs leave open are derived, of the
 * same type as their base; every cell stays a pure function of (seed, table, column, row).
 */
final class Lifecycle {

  private static final long MINUTE_SECONDS = 60;
  private static final long DAY_SECONDS = 86_400;

  /** A table's anchor time, for its children. */
  record Anchor(String column, SqlType type, long unit) {}

  private Lifecycle() {}

  /**
   * Derives the table's times from its anchor; returns the anchor, if any.
   *
   * @param parents the anchor of a table planned before this one, by table id
   * @param levelOf the load level of a table, by id: a child derives only from an earlier level
   */
  static Optional<Anchor> apply(
      Table t,
      Map<String, ColumnPlan> plans,
      Map<String, Meanings.Inferred> meanings,
      TableConfig tc,
      Function<String, Optional<Anchor>> parents,
      Function<String, Integer> levelOf,
      long clock) {
    List<Column> times = new ArrayList<>();
    for (Column c : t.columns()) {
      Meaning m = meanings.get(c.name()).meaning();
      if (m.kind() == Meaning.Kind.TIME
          && m.phase() >= 0
          && (!c.type().isText() || MeaningDomains.textUnit(c) > 0)
          && DerivedColumns.open(t, plans, tc, c)) {
        times.add(c);
      }
    }
    Optional<Anchor> tableAnchor = Optional.empty();
    for (List<Column> group : byType(times, clock)) {
      Column anchor =
          group.stream()
              .min(Comparator.comparingInt(c -> meanings.get(c.name()).meaning().phase()))
              .orElseThrow();
      long unit = unit(anchor, clock);
      Column start =
          group.stream()
              .filter(c -> meanings.get(c.name()).meaning() == Meaning.STARTED)
              .findFirst()
              .orElse(null);
      for (Column c : group) {
        if (c == anchor) {
          continue;
        }
        Meaning m = meanings.get(c.name()).meaning();
        double nulls = ((ColumnPlan.Values) plans.get(c.name())).spec().nullRatio();
        String base = anchor.name();
        long lo;
        long hi;
        switch (m) {
          case CREATED -> {
            lo = 0;
            hi = MINUTE_SECONDS;
          }
          case STARTED -> {
            lo = 0;
            hi = DAY_SECONDS;
          }
          case MODIFIED -> {
            Column plain = qualifiedOf(c, group, meanings);
            if (plain != null) {
              // a qualified update (last_successful_update) is one of the updates (last_updated):
              // never after the latest of them
              base = plain.name();
              lo = -30 * DAY_SECONDS;
              hi = 0;
            } else if (start != null && ends(t, start, meanings)) {
              // an update of something that starts and ends falls between the two
              base = start.name();
              lo = 0;
              hi = MINUTE_SECONDS;
            } else {
              lo = 30 * DAY_SECONDS;
              hi = 60 * DAY_SECONDS;
            }
          }
          case ENDED, EXPIRES -> {
            if (start != null && c != start) {
              base = start.name();
              lo = MINUTE_SECONDS;
              hi = 7 * DAY_SECONDS;
            } else {
              lo = 60 * DAY_SECONDS;
              hi = 90 * DAY_SECONDS;
            }
          }
          case END_OF_LIFE_TIME -> {
            lo = 90 * DAY_SECONDS;
            hi = 180 * DAY_SECONDS;
          }
          default -> {
            lo = MINUTE_SECONDS;
            hi = 30 * DAY_SECONDS;
          }
        }
        plans.put(
            c.name(),
            new ColumnPlan.Derived(
                c.name(),
                base,
                scaled(lo, c, unit),
                scaled(hi, c, unit),
                nulls,
                null,
                Math.max(1, unit)));
      }
      if (tableAnchor.isEmpty()) {
        tableAnchor = Optional.of(new Anchor(anchor.name(), anchor.type(), unit));
        // a row's first time (its creation, else the earliest thing it records: a read, a
        // start) follows its parent's; only the first type's anchor, since recomputing a
        // parent's time costs each row a pick through every level above it
        afterParent(t, plans, anchor, unit, parents, levelOf);
      }
    }
    return tableAnchor;
  }

  /**
   * The anchor of a child, derived from its parent's anchor in the row a NOT NULL reference to a
   * table of an earlier level picks (the deepest such table first, a person acting last): a child
   * is created 0..90 days after its parent.
   */
  private static void afterParent(
      Table t,
      Map<String, ColumnPlan> plans,
      Column anchor,
      long unit,
      Function<String, Optional<Anchor>> parents,
      Function<String, Integer> levelOf) {
    int level = levelOf.apply(t.id());
    // the parent made last first: the deepest level, and a thing before the person acting on it
    // (a read of an entry by its owner follows the entry, the owner's account being older)
    List<ForeignKey> byAge = new ArrayList<>(t.foreignKeys());
    byAge.sort(
        Comparator.comparingInt((ForeignKey fk) -> -levelOf.apply(fk.refTable()))
            .thenComparing(fk -> actor(fk)));
    for (ForeignKey fk : byAge) {
      boolean referenced =
          fk.columns().stream().allMatch(n -> plans.get(n) instanceof ColumnPlan.Reference);
      boolean notNull = fk.columns().stream().noneMatch(n -> t.column(n).orElseThrow().nullable());
      if (!referenced
          || !notNull
          || fk.refTable().equals(t.id())
          || levelOf.apply(fk.refTable()) >= level) {
        continue;
      }
      Optional<Anchor> parent = parents.apply(fk.refTable());
      if (parent.isPresent()
          && comparable(parent.get().type(), anchor.type())
          && parent.get().unit() == unit) {
        double nulls = ((ColumnPlan.Values) plans.get(anchor.name())).spec().nullRatio();
        plans.put(
            anchor.name(),
            new ColumnPlan.Derived(
                anchor.name(),
                parent.get().column(),
                0,
                scaled(90 * DAY_SECONDS, anchor, unit),
                nulls,
                fk.name(),
                Math.max(1, unit)));
        return;
      }
    }
  }

  /** Words of a reference to the person who acts: an owner, a user, an author. */
  private static final java.util.Set<String> ACTORS =
      java.util.Set.of("owner", "user", "uid", "author", "creator", "account", "member", "by");

  /** Whether the foreign key names the person acting ({@code owner_uid}, {@code created_by}). */
  private static boolean actor(ForeignKey fk) {
    return fk.columns().stream().anyMatch(n -> Words.of(n).stream().anyMatch(ACTORS::contains));
  }

  /**
   * The modification {@code c} qualifies: another of the group whose words, stemmed, are all in
   * {@code c}'s and fewer ({@code last_updated} of {@code last_successful_update}); or null.
   */
  private static Column qualifiedOf(
      Column c, List<Column> group, Map<String, Meanings.Inferred> meanings) {
    List<String> words = stems(c);
    return group.stream()
        .filter(o -> o != c && meanings.get(o.name()).meaning() == Meaning.MODIFIED)
        .filter(o -> stems(o).size() < words.size() && words.containsAll(stems(o)))
        .findFirst()
        .orElse(null);
  }

  private static List<String> stems(Column c) {
    return Meanings.compounds(Words.of(c.name())).stream()
        .map(w -> w.replaceAll("(ed|d|e|s)$", ""))
        .toList();
  }

  /**
   * Whether the table holds an end (ended, expires) of the start's type, derived here or already by
   * a named pair ({@link OrderedPairs}).
   */
  private static boolean ends(Table t, Column start, Map<String, Meanings.Inferred> meanings) {
    return t.columns().stream()
        .filter(c -> c.type() == start.type())
        .map(c -> meanings.get(c.name()).meaning())
        .anyMatch(m -> m == Meaning.ENDED || m == Meaning.EXPIRES);
  }

  /** Whether a value of one type is a value of the other: timestamps with and without zone are. */
  private static boolean comparable(SqlType a, SqlType b) {
    boolean timestamps =
        (a == SqlType.TIMESTAMP || a == SqlType.TIMESTAMPTZ)
            && (b == SqlType.TIMESTAMP || b == SqlType.TIMESTAMPTZ);
    return a == b || timestamps;
  }

  /** The times of a table grouped by type (and an integer's unit), in column order. */
  private static List<List<Column>> byType(List<Column> times, long clock) {
    List<List<Column>> groups = new ArrayList<>();
    for (Column c : times) {
      List<Column> group =
          groups.stream()
              .filter(
                  g ->
                      g.getFirst().type() == c.type()
                          && unit(g.getFirst(), clock) == unit(c, clock))
              .findFirst()
              .orElse(null);
      if (group == null) {
        group = new ArrayList<>();
        groups.add(group);
      }
      group.add(c);
    }
    return groups;
  }

  /** Seconds to the column's own unit per second: days for a date, microseconds for a timestamp. */
  private static long unit(Column c, long clock) {
    return switch (c.type()) {
      case DATE -> -1;
      case TIMESTAMP, TIMESTAMPTZ -> 1_000_000L;
      default ->
          c.type().isText() ? MeaningDomains.textUnit(c) : MeaningDomains.epochUnit(c, clock);
    };
  }

  /** Seconds in the column's unit; a step of the unit keeps a timestamp at whole seconds. */
  private static long scaled(long seconds, Column c, long unit) {
    return unit < 0 ? seconds / DAY_SECONDS : seconds * unit;
  }
}
