package io.spate.core.plan;

import io.spate.core.config.ColumnConfig;
import io.spate.core.config.TableConfig;
import io.spate.protocol.error.Problems;
import io.spate.protocol.plan.ColumnPlan;
import io.spate.protocol.plan.ValueSpec;
import io.spate.protocol.schema.Check;
import io.spate.protocol.schema.Column;
import io.spate.protocol.schema.ForeignKey;
import io.spate.protocol.schema.Partition;
import io.spate.protocol.schema.SqlType;
import io.spate.protocol.schema.Table;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.HashSet;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;

/**
 * The column stage. Input: the {@link Shape} and the {@link References}. Output: the {@link
 * Columns}, a rule per column, tables taken in level order. Invariant: a column is skipped
 * (generated, skipped by the config, unsupported, in a table with no rows, or set by a second
 * pass), a reference (it belongs to a foreign key), a key sequence (a key, identity or serial
 * column: {@link KeyColumns}), block numbers (the config's {@code block}: {@link BlockNumbers}),
 * per-partition values (a partition key), correlated values ({@link CorrelatedValues}) or drawn
 * values ({@link ValueSpecs}, patterns, realistic pools); a CHECK between two columns then derives
 * one from the other ({@link DerivedColumns}), and what the rules cannot keep is reported ({@link
 * CheckReports}), after the server decided the CHECKs Spate cannot read ({@link CheckPools}).
 */
final class ColumnStage {

  private final Shape shape;
  private final References references;
  private final Problems problems;
  private final KeyColumns keys;
  private final CheckServer server;

  /** The anchor time of each table planned so far ({@link Lifecycle}), for its children. */
  private final Map<String, Lifecycle.Anchor> anchors = new HashMap<>();

  /** The table's columns under unread CHECKs, by name: their meanings' domains (CheckPools). */
  private final Map<String, ValueSpec> checkedDomains = new HashMap<>();

  /** The unit the schema's 64-bit integer times count in ({@link MeaningDomains#clock}). */
  private final long clock;

  /** The correlated groups of the batch's tables, by table ({@link #drawAhead}). */
  private final Map<String, CorrelatedValues> correlated = new HashMap<>();

  /** The load level of each table. */
  private final Map<String, Integer> levels = new HashMap<>();

  private ColumnStage(Shape shape, References references, CheckServer server, Problems problems) {
    this.shape = shape;
    this.references = references;
    this.server = server;
    this.problems = problems;
    this.keys = new KeyColumns(shape, references, problems);
    this.clock =
        MeaningDomains.clock(
            shape.order().levels().stream().flatMap(List::stream).map(shape::table).toList());
    List<List<String>> order = shape.order().levels();
    for (int i = 0; i < order.size(); i++) {
      for (String name : order.get(i)) {
        levels.put(name, i);
      }
    }
  }

  /**
   * @param server the target database, to decide the CHECKs Spate cannot read ({@link CheckPools});
   *     null when planning without one
   */
  static Columns run(Shape shape, References references, CheckServer server, Problems problems) {
    ColumnStage stage = new ColumnStage(shape, references, server, problems);
    Map<String, List<ColumnPlan>> byTable = new HashMap<>();
    List<Table> batch = new ArrayList<>();
    int columns = 0;
    for (List<String> level : shape.order().levels()) {
      for (String name : level) {
        Table t = shape.table(name);
        batch.add(t);
        columns += t.columns().size();
        if (columns >= AHEAD) {
          stage.plan(batch, byTable);
          batch.clear();
          columns = 0;
        }
      }
    }
    stage.plan(batch, byTable);
    return new Columns(byTable);
  }

  /**
   * Columns whose realistic pools are drawn ahead at a time: few enough that a batch's pools, and
   * those its columns draw later, are all still kept ({@link Pools}) when its tables take them.
   */
  private static final int AHEAD = Pools.MAX_KEPT / 8;

  /** Plans the columns of {@code tables}, in order, their pools drawn ahead side by side. */
  private void plan(List<Table> tables, Map<String, List<ColumnPlan>> byTable) {
    drawAhead(tables);
    for (Table t : tables) {
      byTable.put(t.id(), columns(t));
    }
  }

  /**
   * Draws side by side (on the common pool) what the tables with rows may take from Datafaker, the
   * most costly part of planning: the records of their correlated groups, and the realistic pools
   * of the text columns the config leaves open and no group claims ({@link #realistic} still
   * decides which are used). Each draw is a pure function of its own seeded stream, so the values
   * are those of drawing them one by one.
   */
  private void drawAhead(List<Table> tables) {
    correlated.clear();
    if (!settings().config().realisticValues()) {
      return;
    }
    long seed = settings().seed();
    List<Runnable> draws = new ArrayList<>();
    for (Table t : tables) {
      if (shape.rows(t.id()) == 0) {
        continue;
      }
      TableConfig tc = settings().config().table(t.id());
      CorrelatedValues groups = correlated(t, tc);
      draws.add(groups::drawRecords);
      for (Column c : t.columns()) {
        ColumnConfig cc = tc.columns().get(c.name());
        if ((cc == null || (!cc.decidesValues() && cc.length() == null))
            && !groups.claims(c.name())) {
          draws.add(() -> RealisticValues.pool(seed, t, c));
        }
      }
    }
    draws.parallelStream().forEach(Runnable::run);
  }

  /** The correlated groups of {@code t} ({@link CorrelatedValues}), made once a batch. */
  private CorrelatedValues correlated(Table t, TableConfig tc) {
    return correlated.computeIfAbsent(
        t.id(),
        id ->
            CorrelatedValues.of(
                settings().seed(),
                t,
                tc,
                shape.lineage().slots(id),
                settings().config().realisticValues()));
  }

  /**
   * Whether {@code c} counts rows to keep {@code key} unique: every column of a key does (a
   * reference keeps its parent's values), but one too narrow for the table's rows ({@code cf
   * tinyint unsigned} beside {@code rrd_name varchar}), or of a type Spate cannot number ({@code
   * percent float} beside {@code code varchar}), when another column of the key, no foreign key's,
   * holds them all: that one alone keeps the key unique, and {@code c} draws values.
   */
  private boolean counts(Table t, List<String> key, Column c) {
    if (!key.contains(c.name())) {
      return false;
    }
    long rows = shape.lineage().slots(t.id());
    List<String> free =
        key.stream()
            .filter(n -> t.foreignKeys().stream().noneMatch(fk -> fk.columns().contains(n)))
            .filter(n -> holdsEveryRow(t, t.column(n).orElseThrow(), rows))
            .toList();
    if (settings().config().realisticValues() && free.size() > 1 && free.contains(c.name())) {
      // one column numbered keeps the key unique; the others draw what they mean (the type of
      // a user's password beside the user's name, a host beside a jid)
      TableConfig tc = settings().config().table(t.id());
      // a number no meaning reads counts first (a version beside db_name and table_name), then
      // the first that names or identifies the row
      java.util.function.Function<String, Meanings.Inferred> meaningOf =
          n -> Meanings.of(t, t.column(n).orElseThrow(), tc.columns().get(n));
      String counter =
          free.stream()
              .filter(
                  n ->
                      meaningOf.apply(n).meaning() == Meaning.UNKNOWN
                          && !t.column(n).orElseThrow().type().isText())
              .findFirst()
              .orElse(
                  free.stream()
                      .filter(n -> !drawable(meaningOf.apply(n)))
                      .findFirst()
                      .orElse(
                          free.stream()
                              .filter(n -> meaningOf.apply(n).meaning().kind() != Meaning.Kind.TIME)
                              .findFirst()
                              .orElse(free.getFirst())));
      return counter.equals(c.name());
    }
    return holdsEveryRow(t, c, rows)
        || key.stream()
            .filter(n -> !n.equals(c.name()))
            .filter(n -> t.foreignKeys().stream().noneMatch(fk -> fk.columns().contains(n)))
            .noneMatch(n -> holdsEveryRow(t, t.column(n).orElseThrow(), rows));
  }

  /** Whether a key column of this meaning may draw its values beside a numbered one. */
  private static boolean drawable(Meanings.Inferred meaning) {
    return switch (meaning.meaning()) {
      case UNKNOWN, IDENTIFIER, PERSONAL, HANDLE, THING_NAME, SECRET, SLUG, URL, PATH -> false;
      default -> true;
    };
  }

  /** Whether a key sequence of {@code c} writes {@code rows} distinct values. */
  private static boolean holdsEveryRow(Table t, Column c, long rows) {
    return KeyColumns.uniqueByConstruction(c) && KeyRange.room(t, c) >= rows;
  }

  private FillSettings settings() {
    return shape.settings();
  }

  private List<ColumnPlan> columns(Table t) {
    if (shape.rows(t.id()) == 0) {
      return t.columns().stream()
          .<ColumnPlan>map(c -> new ColumnPlan.Skip(c.name(), "the table gets no rows"))
          .toList();
    }
    TableConfig tc = settings().config().table(t.id());
    Map<String, ColumnPlan> plans = new LinkedHashMap<>();
    CorrelatedValues correlated = correlated(t, tc);
    Map<String, String> nulled = NullChecks.nulled(t);
    Map<String, Meanings.Inferred> meanings = Meanings.of(shape.schema(), t, tc);
    checkedDomains.clear();
    for (Column c : t.columns()) {
      ColumnConfig cc = tc.columns().get(c.name());
      if (cc != null && cc.meaning() != null && Meaning.of(cc.meaning()) == null) {
        problems.add(
            t.id()
                + "."
                + c.name()
                + ": the config's meaning '"
                + cc.meaning()
                + "' is none of "
                + java.util.Arrays.stream(Meaning.values()).map(Meaning::label).toList());
      }
      plans.put(
          c.name(),
          correlated.claims(c.name())
              ? correlated.plan(c, ValueSpecs.of(t, c, cc, settings().nullRatio(), problems))
              : column(t, c, cc, nulled.containsKey(c.name()), meanings.get(c.name())));
    }
    DerivedColumns.apply(t, plans, tc, problems);
    Set<String> copied = Set.of();
    if (settings().config().realisticValues()) {
      Histories.apply( // a history's times are before its parent's, before any other relation
          t, plans, tc, this::filledParent, name -> levels.getOrDefault(name, Integer.MAX_VALUE));
      OrderedPairs.apply(t, plans, tc); // a pair the names order (ordered, shipped) keeps its span
      Lifecycle.apply(
              t,
              plans,
              meanings,
              tc,
              parent -> Optional.ofNullable(filledParent(parent)).map(p -> anchors.get(p.id())),
              name -> levels.getOrDefault(name, Integer.MAX_VALUE),
              clock)
          .ifPresent(anchor -> anchors.put(t.id(), anchor));
      Wholes.apply(t, plans, meanings, tc);
      Spans.apply(t, plans, meanings, tc); // after the times it measures are derived
      Ages.apply(t, plans, meanings, tc); // a birth years before the row's own start
      LowercaseCopies.apply(t, plans, tc);
      copied = ParentCopies.apply(t, plans, tc, this::filledParent);
    }
    Set<String> kept = new HashSet<>(NullChecks.kept(t, plans, references, server));
    kept.addAll(copied); // a copy passes the CHECKs its parent's value passed
    kept.addAll(
        CheckPools.apply(
            t,
            tc,
            plans,
            kept,
            shape.lineage().slots(t.id()),
            settings().seed(),
            server,
            Map.copyOf(checkedDomains),
            problems));
    CheckReports.unparsedChecks(t, tc, kept, problems);
    CheckReports.unparsedDomainChecks(t, plans, tc, problems);
    CheckReports.expressionKeys(t, plans, problems);
    return List.copyOf(plans.values());
  }

  /**
   * The parent table named {@code name} when Spate writes its rows, else null: only then can a
   * child's value follow a parent's (a trigger's rows, whose values Spate does not write, lend
   * none).
   */
  private Table filledParent(String name) {
    return shape.rows().getOrDefault(name, 0L) > 0 ? shape.table(name) : null;
  }

  /**
   * @param nulled whether a nullness CHECK has the column written NULL ({@link NullChecks})
   */
  private ColumnPlan column(
      Table t, Column c, ColumnConfig cc, boolean nulled, Meanings.Inferred meaning) {
    String where = t.id() + "." + c.name();
    if (c.generated()) {
      unused(t, c, cc, List.of(), "is a generated column, which the server computes");
      return new ColumnPlan.Skip(c.name(), "generated column");
    }
    if (cc != null && cc.skipped()) {
      if (!c.nullable() && c.defaultExpr() == null) {
        problems.add(where + " is NOT NULL without a default, so it cannot be skipped");
      }
      return new ColumnPlan.Skip(c.name(), "skipped by the config");
    }
    boolean listed = cc != null && (cc.value() != null || !cc.values().isEmpty());
    boolean keyed =
        t.partitionsBy(c.name())
            || t.keys().stream().anyMatch(k -> k.columns().contains(c.name()))
            || t.foreignKeys().stream().anyMatch(fk -> fk.columns().contains(c.name()));
    if (!c.supported() && listed && !keyed) {
      // the server encodes the literals at plan time (ValueSpec#binary)
      return new ColumnPlan.Values(
          c.name(), ValueSpecs.of(t, c, cc, settings().nullRatio(), problems));
    }
    if (!c.supported() && listed) {
      // the config's values are there already: a key cannot take them (they repeat)
      problems.add(
          where
              + " is a key, partition-key or foreign-key column of type "
              + c.typeName()
              + ", which Spate cannot generate yet, and the config's value list cannot keep a key"
              + " unique nor follow a parent: fill '"
              + t.id()
              + "' yourself and give it `rows: 0` in the config (--rows "
              + t.id()
              + "=0)");
      return new ColumnPlan.Skip(c.name(), "unsupported type");
    }
    if (!c.supported()) {
      String config = "`tables: {" + t.id() + ": {columns: {" + c.name() + ": {";
      problems.add(
          where
              + " has type "
              + c.typeName()
              + ", which Spate cannot generate yet; give it a fixed value with "
              + config
              + "value: '...'}}}}` in the config"
              + (c.nullable() || c.defaultExpr() != null
                  ? ", or skip it with " + config + "skip: true}}}}`"
                  : ""));
      return new ColumnPlan.Skip(c.name(), "unsupported type");
    }
    if (t.partitionsBy(c.name())) {
      boolean uniqueAlone =
          c.identity()
              || t.keys().stream()
                  .anyMatch(
                      k ->
                          k.columns().contains(c.name())
                              && k.columns().stream().allMatch(t::partitionsBy));
      if (uniqueAlone) {
        unused(t, c, cc, List.of(), KEY);
        return keys.partitionedSequence(t, c);
      }
      if (cc != null && cc.block() != null) {
        problems.add(
            where
                + " is a partition key, whose rows each pick a leaf partition: the config's block"
                + " cannot apply to it; remove it");
      }
      return partitionKey(t, c, cc);
    }
    for (ForeignKey fk : t.foreignKeys()) {
      int i = fk.columns().indexOf(c.name());
      if (i >= 0) {
        unused(
            t,
            c,
            cc,
            REFERENCE_SETTINGS,
            "is part of foreign key "
                + fk.name()
                + ", whose values are the keys of the '"
                + fk.refTable()
                + "' rows it references");
      }
      if (i >= 0
          && ReferenceStage.keyedDeferred(t, fk, shape.order().deferredOf(t.id()))
          && server != null
          && references.of(t.id(), fk.name()).nullRatio() >= 1) {
        server.note(
            where
                + " is written NULL: "
                + fk.name()
                + (shape.order().checksOff()
                    ? " closes a cycle or references its own table, and "
                    : " is set in a second pass, but ")
                + c.name()
                + " is part of a unique key");
      }
      if (i >= 0 && shape.order().secondPassOf(t.id()).contains(fk.name())) {
        return new ColumnPlan.Skip(c.name(), "set by the second pass (" + fk.name() + ")");
      }
      if (i >= 0) {
        long owners = t.foreignKeys().stream().filter(f -> f.columns().contains(c.name())).count();
        if (owners > 1
            && !t.foreignKeys().stream()
                .filter(f -> f.columns().contains(c.name()))
                .allMatch(f -> references.isGroup(t.id(), f.name()))) {
          problems.add(
              where
                  + " belongs to "
                  + owners
                  + " foreign keys: overlapping foreign keys are not supported yet");
        }
        return new ColumnPlan.Reference(
            c.name(), fk.name(), references.parentColumn(t.id(), fk, i));
      }
    }
    if (c.identity() || KeyColumns.driving(t).stream().anyMatch(k -> counts(t, k.columns(), c))) {
      // identity and serial columns too: unique, and their sequence is advanced after the fill
      unused(t, c, cc, List.of(), KEY);
      return keys.sequence(t, c);
    }
    if (cc != null && cc.block() != null) {
      return BlockNumbers.plan(
          t, c, cc, shape.rows(t.id()), shape.lineage().slots(t.id()), problems);
    }
    ValueSpec spec =
        PatternValues.apply(
            settings().seed(),
            t,
            c,
            cc,
            ValueSpecs.of(t, c, cc, nulled ? 1 : settings().nullRatio(), problems),
            problems);
    return new ColumnPlan.Values(c.name(), realistic(t, c, cc, spec, meaning.meaning()));
  }

  /** Why a key column takes no setting, for {@link #unused}. */
  private static final String KEY =
      "is a key, identity or serial column, numbered 1..n to stay unique";

  /** The settings a foreign-key column honours: how it picks parent rows. */
  private static final List<String> REFERENCE_SETTINGS = List.of("distribution", "nullRatio");

  /**
   * Never drops a setting silently: each one the config sets on {@code c} that its rule does not
   * honour (outside {@code honoured}) is a problem naming the column, the setting and why.
   */
  private void unused(Table t, Column c, ColumnConfig cc, List<String> honoured, String why) {
    if (cc == null) {
      return;
    }
    List<String> unused = cc.settings().stream().filter(s -> !honoured.contains(s)).toList();
    if (!unused.isEmpty()) {
      problems.add(
          t.id()
              + "."
              + c.name()
              + " "
              + why
              + ": the config's "
              + String.join(", ", unused)
              + " cannot apply to it; remove "
              + (unused.size() == 1 ? "it" : "them")
              + (honoured.isEmpty() ? "" : " (it takes " + String.join(" and ", honoured) + ")"));
    }
  }

  /**
   * A column the config and the CHECKs leave open gets, when its name or type says what it holds,
   * realistic values in place of the type's default domain: a pool of text ({@link
   * RealisticValues}) or json documents ({@link RealisticJson}), or a range or pool of numbers
   * ({@link RealisticNumbers}) kept inside the CHECKs' bounds; {@code realisticValues: false} turns
   * this off.
   */
  private ValueSpec realistic(Table t, Column c, ColumnConfig cc, ValueSpec spec, Meaning meaning) {
    boolean open =
        spec.values().isEmpty() && (cc == null || (!cc.decidesValues() && cc.length() == null));
    boolean checked =
        t.checks().stream()
            .anyMatch(check -> check instanceof Check.Unparsed u && u.columns().contains(c.name()));
    if (!settings().config().realisticValues() || !open) {
      return spec;
    }
    long seed = settings().seed();
    if (checked) {
      // the server judges the CHECK: candidates from the meaning's domain first (CheckPools)
      if (meaning != Meaning.UNKNOWN) {
        ValueSpec domain = MeaningDomains.apply(seed, t, c, meaning, spec, clock);
        if (!domain.equals(spec)) {
          checkedDomains.put(c.name(), domain);
        }
      }
      return spec;
    }
    ValueSpec drawn;
    if (meaning != Meaning.UNKNOWN) {
      drawn = MeaningDomains.apply(seed, t, c, meaning, spec, clock);
    } else if (!c.type().isText() && c.type() != SqlType.BYTEA) {
      drawn =
          RealisticDates.apply(
              c, RealisticNumbers.apply(seed, t, c, spec, cc != null && cc.distribution() != null));
      if (drawn.equals(spec) && (cc == null || cc.distribution() == null)) {
        drawn = MeaningDomains.unknownNumber(t, c, spec);
      }
    } else {
      drawn = MeaningDomains.withValues(spec, RealisticValues.pool(seed, t, c), List.of(), null);
      if (drawn.values().isEmpty()) {
        return spec;
      }
    }
    if (cc != null && cc.nullRatio() != null) {
      drawn = MeaningDomains.withNulls(drawn, spec.nullRatio()); // the config's share wins
    }
    if (!drawn.values().isEmpty() && CheckBounds.lengthChecked(t, c)) {
      // keep the values the length CHECKs allow
      List<String> kept =
          drawn.values().stream()
              .filter(v -> v.length() >= spec.minLength() && v.length() <= spec.maxLength())
              .toList();
      return kept.isEmpty() ? spec : MeaningDomains.withValues(drawn, kept, List.of(), null);
    }
    return drawn;
  }

  /**
   * A partition-key column draws, per leaf partition, within that leaf's bounds (the config and the
   * CHECKs shape the values of levels that leave the column open). Its keys stay unique through
   * their other columns.
   */
  private ColumnPlan partitionKey(Table t, Column c, ColumnConfig cc) {
    String where = t.id() + "." + c.name();
    if (t.foreignKeys().stream().anyMatch(fk -> fk.columns().contains(c.name()))) {
      problems.add(where + " is both a partition key and part of a foreign key: not supported");
    }
    ValueSpec base = ValueSpecs.of(t, c, cc, 0, problems);
    List<ValueSpec> leaves = new ArrayList<>();
    for (Partition leaf : t.partitions()) {
      Partition.Bound bound =
          leaf.bounds().stream().filter(b -> b.column().equals(c.name())).findFirst().orElse(null);
      if (bound == null) {
        leaves.add(base);
      } else if (!bound.values().isEmpty()) {
        leaves.add(
            new ValueSpec(
                bound.values(),
                List.of(),
                null,
                null,
                false,
                false,
                base.minLength(),
                base.maxLength(),
                base.distribution(),
                0));
      } else {
        leaves.add(
            new ValueSpec(
                List.of(),
                List.of(),
                bound.from() != null ? bound.from() : base.min(),
                bound.to() != null ? bound.to() : base.max(),
                bound.from() == null && base.minExclusive(),
                bound.to() != null || base.maxExclusive(),
                base.minLength(),
                base.maxLength(),
                base.distribution(),
                0,
                base.element()));
      }
    }
    return new ColumnPlan.Partitioned(c.name(), leaves);
  }
}
