package io.spate.core.plan;

import io.spate.engine.generate.KeyCells;
import io.spate.protocol.error.Problems;
import io.spate.protocol.plan.ColumnPlan;
import io.spate.protocol.plan.DefaultTimes;
import io.spate.protocol.plan.KeyFormat;
import io.spate.protocol.plan.ReferencePlan;
import io.spate.protocol.schema.Check;
import io.spate.protocol.schema.Column;
import io.spate.protocol.schema.ForeignKey;
import io.spate.protocol.schema.Partition;
import io.spate.protocol.schema.SqlType;
import io.spate.protocol.schema.Table;
import io.spate.protocol.schema.UniqueKey;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;

/**
 * The key-sequence rule of {@link ColumnStage}: a key column no foreign key covers counts rows
 * within the smallest lineage group its other key columns already identify (so {@code d_id} runs
 * 1..10 within each warehouse), or over the whole table. Invariant: the values are {@code 1..span}
 * (span 0: {@code 1..slots}), distinct within each group by construction, a text key's in the form
 * its CHECKs accept ({@link KeyFormats}); a type too small for them, or one whose values Spate
 * cannot make distinct, is a problem.
 */
final class KeyColumns {

  private final Shape shape;
  private final References references;
  private final Problems problems;

  KeyColumns(Shape shape, References references, Problems problems) {
    this.shape = shape;
    this.references = references;
    this.problems = problems;
  }

  /**
   * A partition key that must be unique by itself ({@code PARTITION BY RANGE (id)} with {@code
   * PRIMARY KEY (id)}, or an identity column) keeps its key sequence; the partitions must then hold
   * every value of it, and the rows land where their keys say.
   */
  ColumnPlan partitionedSequence(Table t, Column c) {
    ColumnPlan.KeySequence key = (ColumnPlan.KeySequence) sequence(t, c);
    String where = t.id() + "." + c.name();
    boolean onlyColumn =
        t.partitions().stream()
            .allMatch(p -> p.bounds().stream().allMatch(b -> b.column().equals(c.name())));
    if (!onlyColumn
        || !List.of(SqlType.SMALLINT, SqlType.INTEGER, SqlType.BIGINT).contains(c.type())) {
      problems.add(
          where
              + " is a partition key that must be unique by itself; Spate supports that for an integer column that alone partitions the table");
      return key;
    }
    long last = key.first() - 1 + (key.span() == 0 ? shape.lineage().slots(t.id()) : key.span());
    List<long[]> held = new ArrayList<>(); // [from, to) of every leaf
    for (Partition leaf : t.partitions()) {
      for (Partition.Bound b : leaf.bounds()) {
        if (!b.values().isEmpty()) {
          b.values().forEach(v -> held.add(new long[] {Long.parseLong(v), Long.parseLong(v) + 1}));
        } else {
          held.add(
              new long[] {
                b.from() == null ? Long.MIN_VALUE : Long.parseLong(b.from()),
                b.to() == null ? Long.MAX_VALUE : Long.parseLong(b.to())
              });
        }
      }
    }
    held.sort(Comparator.comparingLong(r -> r[0]));
    long next = key.first();
    for (long[] range : held) {
      if (range[0] <= next && range[1] > next) {
        next = range[1];
      }
    }
    if (next <= last) {
      problems.add(
          "rows of '"
              + t.id()
              + "' take "
              + where
              + " "
              + key.first()
              + ".."
              + last
              + ", but no partition holds "
              + c.name()
              + " = "
              + next
              + ": add a partition for it, or give '"
              + t.id()
              + "' fewer rows");
    }
    return key;
  }

  /**
   * The keys whose uniqueness the values must build, in {@link Table#keys()} order: a key that
   * holds every column of a smaller key is unique because that one is (a primary key (a, b) beside
   * {@code UNIQUE (b)}), so the strongest uniqueness over a column set drives the mapping and the
   * implied key none. A key of expressions only implies nothing, and a key holding a column written
   * always NULL is left out ({@link NullChecks#enforcedKeys}).
   */
  static List<UniqueKey> driving(Table t) {
    List<UniqueKey> keys = NullChecks.enforcedKeys(t);
    return keys.stream()
        .filter(
            k ->
                keys.stream()
                    .noneMatch(
                        smaller ->
                            !smaller.columns().isEmpty()
                                && k.columns().containsAll(smaller.columns())
                                && !smaller.columns().containsAll(k.columns())))
        .toList();
  }

  /** The key sequence of a key, identity or serial column. */
  ColumnPlan sequence(Table t, Column c) {
    long span = -1;
    for (UniqueKey key : driving(t)) {
      if (!key.columns().contains(c.name())) {
        continue;
      }
      // the key's references to lineage ancestors: the others pick freely, and a key holding a
      // unique part is unique
      Map<String, ReferencePlan> refs = references.byTable().get(t.id());
      Set<String> identifying = new HashSet<>();
      for (String other : key.columns()) {
        if (!other.equals(c.name())
            && t.foreignKeys().stream()
                .anyMatch(
                    fk ->
                        fk.columns().contains(other)
                            && (refs == null || References.isGroup(refs.get(fk.name()))))) {
          identifying.add(other);
        }
      }
      int depth = identifying.isEmpty() ? -1 : identifies(t, identifying);
      long keySpan = depth < 0 ? 0 : shape.lineage().span(t.id(), depth);
      // 0, unique over the whole table, is the strongest; else the widest group wins
      span = span == 0 || keySpan == 0 ? 0 : Math.max(span, keySpan);
    }
    span = Math.max(span, 0); // in no driving key (a serial column): unique over the whole table
    long count = span == 0 ? shape.lineage().slots(t.id()) : span;
    KeyRange range = KeyRange.of(t, c);
    long first = range.first(count);
    long maxValue = first - 1 + count;
    if (range.bounded() && count > range.capacity()) {
      problems.add(
          t.id()
              + "."
              + c.name()
              + " is a key column whose CHECK "
              + String.join(" and ", range.checks())
              + " admits "
              + range.capacity()
              + (range.capacity() == 1 ? " value" : " values")
              + ", but it needs "
              + count
              + (span == 0
                  ? " for the rows of '" + t.id() + "': give '" + t.id() + "' `rows: "
                  : " within each group of '" + t.id() + "': give '" + t.id() + "' `count: ")
              + range.capacity()
              + "` (or fewer) in the config");
    }
    if (!uniqueByConstruction(c)) {
      problems.add(
          t.id()
              + "."
              + c.name()
              + " is a key, identity or serial column of type "
              + c.typeName()
              + ", whose values Spate cannot make unique yet (it can for integers, numeric, dates, times, text, uuid, bytea, money, inet, cidr, macaddr, enums, booleans and arrays of these)");
    } else if (maxValue > KeyRange.typeRoom(t, c) && !(finite(t, c) && toldApartByOthers(t, c))) {
      problems.add(tooFew(t, c, span, maxValue));
    } else if (maxValue > KeyCells.digitKeys(c)
        && lengthOrPatternChecked(t, c)
        && KeyRange.listed(t, c).isEmpty()) {
      long digits = KeyCells.digitKeys(c);
      problems.add(
          t.id()
              + "."
              + c.name()
              + " is a unique "
              + c.typeName()
              + " whose "
              + shape.rows(t.id())
              + " rows need keys past its "
              + digits
              + " numbers, written with capital letters, which a length or pattern CHECK on it may refuse: give '"
              + t.id()
              + "' at most "
              + digits
              + " rows (--rows "
              + t.id()
              + "="
              + digits
              + ")");
    }
    KeyFormat format =
        KeyFormats.choose(
            t, c, first, maxValue, shape.settings().config().realisticValues(), problems);
    boolean timestamp = c.type() == SqlType.TIMESTAMP || c.type() == SqlType.TIMESTAMPTZ;
    if (timestamp && !range.bounded() && shape.settings().config().realisticValues()) {
      return new ColumnPlan.KeySequence(c.name(), FROM_2020, span, null, timeStep(count));
    }
    return new ColumnPlan.KeySequence(c.name(), first, span, format);
  }

  /**
   * 2020-01-01, in microseconds since PostgreSQL's epoch (2000-01-01): where unique times start.
   */
  static final long FROM_2020 = 7_305L * 86_400_000_000L;

  /**
   * The span unique timestamps spread over: six years, from 2020-01-01 to where default times end
   * ({@link DefaultTimes#END_DAY}, 2026-01-01).
   */
  static final long SIX_YEARS = DefaultTimes.END_DAY * DefaultTimes.MICROS_PER_DAY - FROM_2020;

  /**
   * The step between {@code count} unique timestamps spread over {@link #SIX_YEARS}: whole seconds
   * while the rows leave a second or more each, else microseconds.
   */
  static long timeStep(long count) {
    long step = SIX_YEARS / Math.max(1, count);
    return step >= 1_000_000L ? step / 1_000_000L * 1_000_000L : Math.max(1, step);
  }

  /**
   * The problem of a key column whose type holds fewer values than its rows need, with the setting
   * that fits: fewer rows, or (in a key beside a foreign key) few enough rows per parent row.
   */
  private String tooFew(Table t, Column c, long span, long maxValue) {
    long capacity = KeyRange.typeRoom(t, c);
    String id = t.id();
    String fix;
    if (span > 0) {
      fix = "give each group at most " + capacity + " rows (the `count` of '" + id + "')";
    } else {
      fix = "give '" + id + "' at most " + capacity + " rows (--rows " + id + "=" + capacity + ")";
      String parent =
          driving(t).stream()
              .filter(k -> k.columns().contains(c.name()))
              .flatMap(
                  k -> t.foreignKeys().stream().filter(fk -> k.columns().containsAll(fk.columns())))
              .map(ForeignKey::refTable)
              .filter(p -> !p.equals(id))
              .findFirst()
              .orElse(null);
      if (parent != null) {
        fix +=
            ", or fill it per "
                + parent
                + " row: `tables: {"
                + id
                + ": {per: "
                + parent
                + ", count: \"1.."
                + capacity
                + "\"}}`";
      }
    }
    return id
        + "."
        + c.name()
        + " is a unique "
        + c.typeName()
        + ", which holds "
        + capacity
        + " distinct values, but "
        + shape.rows(id)
        + " rows need "
        + maxValue
        + ": "
        + fix
        + ", or widen the type";
  }

  /** Whether a length or pattern CHECK of the table, or of the column's domain, is on it. */
  private static boolean lengthOrPatternChecked(Table t, Column c) {
    return t.checks().stream().anyMatch(check -> lengthOrPattern(check, c.name()))
        || c.domainChecks().stream().anyMatch(check -> lengthOrPattern(check, Column.DOMAIN_VALUE));
  }

  private static boolean lengthOrPattern(Check check, String column) {
    return switch (check) {
      case Check.Length len -> len.column().equals(column);
      case Check.Matches m -> m.column().equals(column);
      default -> false;
    };
  }

  /**
   * Columns whose key sequence writes distinct values for distinct ordinals, up to {@link
   * KeyCells#capacity}.
   */
  static boolean uniqueByConstruction(Column c) {
    return switch (c.type()) {
      case SMALLINT,
          INTEGER,
          BIGINT,
          NUMERIC,
          DATE,
          TIME,
          TIMESTAMP,
          TIMESTAMPTZ,
          MONEY,
          CHAR,
          VARCHAR,
          TEXT,
          CITEXT,
          UUID,
          BYTEA,
          INET,
          CIDR,
          MACADDR,
          ENUM,
          BOOLEAN ->
          true;
      case ARRAY -> c.element() != null && uniqueByConstruction(c.element());
      default -> false;
    };
  }

  /**
   * Whether every driving key holding {@code c} has another column that tells its rows apart by
   * itself: a key sequence no foreign key covers, not of a {@link #finite} type (its values are
   * distinct wherever {@code c}'s group is, so {@code c} may repeat, as an enum's three labels do
   * beside an integer in {@code UNIQUE (kind, n)}).
   */
  private static boolean toldApartByOthers(Table t, Column c) {
    return driving(t).stream()
        .filter(k -> k.columns().contains(c.name()))
        .allMatch(
            k ->
                k.columns().stream()
                    .filter(other -> !other.equals(c.name()))
                    .filter(
                        other ->
                            !t.partitionsBy(other)
                                && t.foreignKeys().stream()
                                    .noneMatch(fk -> fk.columns().contains(other)))
                    .map(other -> t.column(other).orElse(null))
                    .anyMatch(o -> o != null && uniqueByConstruction(o) && !finite(t, o)));
  }

  /**
   * Columns of a few values (types, or the values their CHECKs list): their key sequence wraps
   * around rather than running out.
   */
  private static boolean finite(Table t, Column c) {
    return switch (c.type()) {
      case ENUM, BOOLEAN -> true;
      case ARRAY -> c.element() != null && finite(t, c.element());
      default -> !KeyRange.listed(t, c).isEmpty();
    };
  }

  /**
   * The lineage depth whose ancestor row the values of {@code columns} determine one-to-one, or -1.
   * Depth 0: they contain a key of the table itself. Otherwise they must all be references to
   * lineage ancestors; the nearest such ancestor is asked about the columns they point to.
   */
  private int identifies(Table t, Set<String> columns) {
    if (t.keys().stream()
        .anyMatch(k -> !k.columns().isEmpty() && columns.containsAll(k.columns()))) {
      return 0;
    }
    Map<String, ReferencePlan> refs = references.byTable().get(t.id());
    List<String> lineage = shape.lineage().ancestors(t.id());
    ForeignKey nearest = null;
    int nearestDepth = Integer.MAX_VALUE;
    for (String c : columns) {
      ForeignKey owner =
          t.foreignKeys().stream()
              .filter(fk -> fk.columns().contains(c) && References.isGroup(refs.get(fk.name())))
              .findFirst()
              .orElse(null);
      if (owner == null) {
        return -1;
      }
      int depth = lineage.indexOf(owner.refTable()) + 1;
      if (depth < nearestDepth) {
        nearest = owner;
        nearestDepth = depth;
      }
    }
    Set<String> parentColumns = new HashSet<>();
    for (int i = 0; i < nearest.columns().size(); i++) {
      if (columns.contains(nearest.columns().get(i))) {
        parentColumns.add(nearest.refColumns().get(i));
      }
    }
    int above = identifies(shape.table(nearest.refTable()), parentColumns);
    return above < 0 ? -1 : nearestDepth + above;
  }
}
