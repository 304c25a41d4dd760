package io.spate.coordinator.plan;

import io.spate.coordinator.config.ColumnConfig;
import io.spate.coordinator.config.Range;
import io.spate.coordinator.config.TableConfig;
import io.spate.protocol.error.SpateException;
import io.spate.protocol.plan.ColumnPlan;
import io.spate.protocol.plan.Distribution;
import io.spate.protocol.plan.Fanout;
import io.spate.protocol.plan.FillPlan;
import io.spate.protocol.plan.ReferencePlan;
import io.spate.protocol.plan.ReferencePlan.Pick;
import io.spate.protocol.plan.Slots;
import io.spate.protocol.plan.TablePlan;
import io.spate.protocol.plan.Task;
import io.spate.protocol.plan.ValueSpec;
import io.spate.protocol.schema.Check;
import io.spate.protocol.schema.Column;
import io.spate.protocol.schema.ForeignKey;
import io.spate.protocol.schema.Schema;
import io.spate.protocol.schema.SqlType;
import io.spate.protocol.schema.Table;
import io.spate.protocol.schema.UniqueKey;
import io.spate.protocol.seed.Streams;
import io.spate.worker.generate.Engine;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.HashSet;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;

/**
 * Turns a schema and fill settings into a {@link FillPlan}: row counts and slot spaces, dependency
 * levels, a rule for every column and every foreign key, and tasks.
 *
 * <p>The rules keep keys unique by construction. A table filled {@code per} a parent has its rows
 * grouped under parent rows (its lineage); a key column no foreign key covers counts rows within
 * the smallest lineage group its other key columns already identify (so {@code d_id} runs 1..10
 * within each warehouse); a key made only of foreign keys maps the rows of a group injectively onto
 * parent rows (mixed radix over several parents). Every problem is collected and reported at once,
 * before anything is written.
 */
public final class Planner {

  private final Schema schema;
  private final FillSettings settings;
  private final List<String> problems = new ArrayList<>();
  private final Map<String, Fanout> fanouts = new HashMap<>();
  private final Map<String, Long> slots = new HashMap<>();
  private final Map<String, Long> rows = new HashMap<>();
  private final Map<String, Map<String, ReferencePlan>> references = new HashMap<>();

  /** Foreign keys (by name, per table) left NULL by the insert and set by a second pass. */
  private final Map<String, Set<String>> deferred = new HashMap<>();

  private Planner(Schema schema, FillSettings settings) {
    this.schema = schema;
    this.settings = settings;
  }

  /** Plans the fill, or throws one {@link SpateException} listing every problem found. */
  public static FillPlan plan(Schema schema, FillSettings settings) {
    return new Planner(schema, settings).plan();
  }

  private FillPlan plan() {
    if (schema.tables().isEmpty()) {
      throw new SpateException("no tables to fill: the chosen schemas hold no tables");
    }
    validateNames();
    for (Table t : schema.tables()) {
      sizeOf(t, new HashSet<>());
    }
    List<List<String>> levels = levels();
    failOnProblems();
    FillPlan shapes = shapesOnly(levels);
    for (Table t : schema.tables()) {
      rows.put(t.name(), countRows(shapes, shapes.table(t.name())));
    }
    for (Table t : schema.tables()) {
      references.put(t.name(), references(t));
    }
    List<TablePlan> plans = new ArrayList<>();
    for (List<String> level : levels) {
      for (String name : level) {
        Table t = table(name);
        plans.add(
            new TablePlan(
                name,
                t,
                fanouts.get(name),
                slots.get(name),
                rows.get(name),
                stream(name),
                columns(t),
                List.copyOf(references.get(name).values()),
                waitsFor(t),
                List.of()));
      }
    }
    List<String> secondPasses = new ArrayList<>();
    for (TablePlan main : List.copyOf(plans)) {
      if (!deferredOf(main.name()).isEmpty() && main.rows() > 0) {
        plans.add(secondPass(main));
        secondPasses.add(plans.getLast().name());
      }
    }
    if (!secondPasses.isEmpty()) {
      levels = new ArrayList<>(levels);
      levels.add(secondPasses);
    }
    failOnProblems();
    FillPlan plan =
        new FillPlan(FillPlan.GENERATION_VERSION, settings.seed(), plans, levels, tasks(plans));
    compileEveryTable(plan);
    failOnProblems();
    return plan;
  }

  /**
   * Builds the engine's generators once, so a literal or range the engine rejects stops the plan.
   */
  private void compileEveryTable(FillPlan plan) {
    Engine engine = new Engine(plan);
    for (TablePlan t : plan.tables()) {
      if (t.rows() > 0) {
        try {
          engine.table(t.name());
        } catch (IllegalArgumentException | IllegalStateException e) {
          problems.add("table '" + t.name() + "', column " + e.getMessage());
        }
      }
    }
  }

  private void failOnProblems() {
    if (problems.size() == 1) {
      throw new SpateException("cannot plan the fill: " + problems.get(0));
    }
    if (!problems.isEmpty()) {
      throw new SpateException(
          "cannot plan the fill ("
              + problems.size()
              + " problems):\n  - "
              + String.join("\n  - ", problems));
    }
  }

  // ---- names ---------------------------------------------------------------------------------

  private void validateNames() {
    settings
        .config()
        .tables()
        .forEach(
            (name, tc) -> {
              if (schema.table(name).isEmpty()) {
                problems.add(
                    "config names table '"
                        + name
                        + "', which is not in the schema (tables: "
                        + tableNames()
                        + ")");
                return;
              }
              Table t = table(name);
              tc.columns().keySet().stream()
                  .filter(c -> t.column(c).isEmpty())
                  .forEach(
                      c ->
                          problems.add(
                              "config names column '"
                                  + name
                                  + "."
                                  + c
                                  + "', which does not exist"));
              if (tc.per() != null && schema.table(tc.per()).isEmpty()) {
                problems.add(
                    "table '"
                        + name
                        + "' is filled per '"
                        + tc.per()
                        + "', which is not in the schema");
              }
              if (tc.per() != null && tc.rows() != null) {
                problems.add(
                    "table '" + name + "' sets both rows and per: use rows, or per with count");
              }
            });
    settings.rowOverrides().keySet().stream()
        .filter(name -> schema.table(name).isEmpty())
        .forEach(
            name ->
                problems.add(
                    "--rows names table '"
                        + name
                        + "', which is not in the schema (tables: "
                        + tableNames()
                        + ")"));
  }

  private List<String> tableNames() {
    return schema.tables().stream().map(Table::name).toList();
  }

  private Table table(String name) {
    return schema.table(name).orElseThrow();
  }

  private long stream(String table) {
    return Streams.table(settings.seed(), table);
  }

  // ---- sizes and lineage ---------------------------------------------------------------------

  /** Computes the fan-out and slot count of a table (its lineage parents first). */
  private long sizeOf(Table t, Set<String> visiting) {
    Long known = slots.get(t.name());
    if (known != null) {
      return known;
    }
    TableConfig tc = settings.config().table(t.name());
    long result;
    if (tc.per() == null || schema.table(tc.per()).isEmpty()) {
      Long override = settings.rowOverrides().get(t.name());
      result = override != null ? override : tc.rows() != null ? tc.rows() : settings.defaultRows();
      if (result < 0) {
        problems.add("table '" + t.name() + "' has a negative row count " + result);
        result = 0;
      }
    } else {
      if (!visiting.add(t.name())) {
        problems.add("tables are filled per each other in a loop: " + visiting);
        return 0;
      }
      if (settings.rowOverrides().containsKey(t.name())) {
        problems.add(
            "--rows "
                + t.name()
                + "=...: '"
                + t.name()
                + "' is filled per '"
                + tc.per()
                + "'; change its count in the config, or the rows of '"
                + tc.per()
                + "'");
      }
      Range count =
          Range.parse("table '" + t.name() + "' count", tc.count() == null ? "1" : tc.count());
      if (count.min() < 1) {
        problems.add(
            "table '"
                + t.name()
                + "' count "
                + tc.count()
                + " must be at least 1 per '"
                + tc.per()
                + "'");
        return 0;
      }
      fanouts.put(t.name(), new Fanout(tc.per(), count.min(), count.max()));
      result = Math.multiplyExact(sizeOf(table(tc.per()), visiting), count.max());
    }
    slots.put(t.name(), result);
    return result;
  }

  /** A plan of the table shapes alone, so {@link Slots} can count rows. */
  private FillPlan shapesOnly(List<List<String>> levels) {
    List<TablePlan> shapes = new ArrayList<>();
    for (Table t : schema.tables()) {
      shapes.add(
          new TablePlan(
              t.name(),
              t,
              fanouts.get(t.name()),
              slots.get(t.name()),
              0,
              stream(t.name()),
              List.of(),
              List.of()));
    }
    return new FillPlan(FillPlan.GENERATION_VERSION, settings.seed(), shapes, levels, List.of());
  }

  private static long countRows(FillPlan shapes, TablePlan t) {
    if (t.fanout() == null) {
      return t.slots();
    }
    TablePlan parent = shapes.table(t.fanout().parent());
    if (Slots.dense(shapes, t)) {
      return countRows(shapes, parent) * t.fanout().min();
    }
    long total = 0;
    for (long p = 0; p < parent.slots(); p++) {
      if (Slots.holdsRow(shapes, parent, p)) {
        total += Slots.childCount(t, p);
      }
    }
    return total;
  }

  /** T's lineage: element d-1 is its ancestor at depth d. */
  private List<String> ancestors(String table) {
    List<String> result = new ArrayList<>();
    for (Fanout f = fanouts.get(table); f != null; f = fanouts.get(f.parent())) {
      result.add(f.parent());
    }
    return result;
  }

  /** The number of slots of {@code table} under one slot of its ancestor at depth {@code depth}. */
  private long span(String table, int depth) {
    long span = 1;
    String t = table;
    for (int d = 0; d < depth; d++) {
      Fanout f = fanouts.get(t);
      span = Math.multiplyExact(span, f.max());
      t = f.parent();
    }
    return span;
  }

  /** Whether every slot of {@code table} under one ancestor slot at {@code depth} holds a row. */
  private boolean denseBelow(String table, int depth) {
    String t = table;
    for (int d = 0; d < depth; d++) {
      Fanout f = fanouts.get(t);
      if (!f.fixed()) {
        return false;
      }
      t = f.parent();
    }
    return true;
  }

  // ---- dependency levels ---------------------------------------------------------------------

  /**
   * Orders the tables so that each one's foreign keys point to earlier levels. A self-reference,
   * and one nullable foreign key of each cycle, are deferred: the insert leaves them NULL and a
   * second pass sets them once both ends are loaded.
   */
  private List<List<String>> levels() {
    for (Table t : schema.tables()) {
      for (ForeignKey fk : t.foreignKeys()) {
        if (schema.table(fk.refTable()).isEmpty()) {
          problems.add(
              "table '"
                  + t.name()
                  + "' references '"
                  + fk.refTable()
                  + "', which is outside the chosen schemas");
        } else if (fk.refTable().equals(t.name())) {
          if (nullable(t, fk)) {
            deferred.computeIfAbsent(t.name(), x -> new HashSet<>()).add(fk.name());
          } else {
            problems.add(
                "table '"
                    + t.name()
                    + "' references itself through "
                    + fk.name()
                    + " "
                    + fk.columns()
                    + ", which is NOT NULL: its rows cannot form trees (a root has no parent); make the column nullable");
          }
        }
      }
    }
    List<List<String>> levels = new ArrayList<>();
    Set<String> done = new HashSet<>();
    while (done.size() < schema.tables().size()) {
      List<String> level =
          schema.tables().stream()
              .map(Table::name)
              .filter(t -> !done.contains(t) && done.containsAll(waitsFor(table(t))))
              .sorted()
              .toList();
      if (!level.isEmpty()) {
        levels.add(level);
        done.addAll(level);
        continue;
      }
      List<String> stuck =
          schema.tables().stream()
              .map(Table::name)
              .filter(t -> !done.contains(t))
              .sorted()
              .toList();
      List<String> edges = new ArrayList<>();
      ForeignKey breakable = null;
      Table breakableTable = null;
      for (String name : stuck) {
        Table t = table(name);
        for (ForeignKey fk :
            t.foreignKeys().stream()
                .sorted(java.util.Comparator.comparing(ForeignKey::name))
                .toList()) {
          if (stuck.contains(fk.refTable())
              && !deferredOf(name).contains(fk.name())
              && !fk.refTable().equals(name)) {
            edges.add(name + "." + fk.name() + " " + fk.columns() + " -> " + fk.refTable());
            if (breakable == null && nullable(t, fk)) {
              breakable = fk;
              breakableTable = t;
            }
          }
        }
      }
      if (breakable == null) {
        problems.add(
            "foreign keys form a cycle among "
                + stuck
                + " with no nullable foreign key to break it at ("
                + String.join(", ", edges)
                + "): make one of these columns nullable, so Spate can load the rows first and set it in a second pass");
        levels.add(stuck);
        break;
      }
      deferred.computeIfAbsent(breakableTable.name(), x -> new HashSet<>()).add(breakable.name());
    }
    return levels;
  }

  private Set<String> deferredOf(String table) {
    return deferred.getOrDefault(table, Set.of());
  }

  /**
   * The tables the insert of {@code t} waits for: those its foreign keys reference, deferred ones
   * aside.
   */
  private List<String> waitsFor(Table t) {
    return t.foreignKeys().stream()
        .filter(
            fk ->
                !deferredOf(t.name()).contains(fk.name())
                    && !fk.refTable().equals(t.name())
                    && schema.table(fk.refTable()).isPresent())
        .map(ForeignKey::refTable)
        .distinct()
        .sorted()
        .toList();
  }

  private static boolean nullable(Table t, ForeignKey fk) {
    return fk.columns().stream().allMatch(c -> t.column(c).map(Column::nullable).orElse(false));
  }

  /**
   * The second pass of a table with deferred foreign keys: the same rows (so the same key values)
   * matched on a key, setting only the deferred columns; it waits for the table and for the tables
   * those keys reference.
   */
  private TablePlan secondPass(TablePlan main) {
    Table t = main.table();
    List<String> key =
        t.keys().stream()
            .filter(
                k ->
                    k.columns().stream()
                        .allMatch(
                            c ->
                                !t.column(c).orElseThrow().nullable()
                                    && !(main.column(c) instanceof ColumnPlan.Skip)))
            .findFirst()
            .map(UniqueKey::columns)
            .orElse(null);
    if (key == null) {
      problems.add(
          "table '"
              + t.name()
              + "' has foreign keys set in a second pass ("
              + deferredOf(t.name())
              + ") but no primary key or NOT NULL unique key to find its rows by");
      key = List.of();
    }
    List<ColumnPlan> columns = new ArrayList<>();
    for (ColumnPlan c : main.columns()) {
      ForeignKey fk =
          t.foreignKeys().stream()
              .filter(
                  f -> deferredOf(t.name()).contains(f.name()) && f.columns().contains(c.column()))
              .findFirst()
              .orElse(null);
      if (fk != null) {
        columns.add(
            new ColumnPlan.Reference(
                c.column(), fk.name(), fk.refColumns().get(fk.columns().indexOf(c.column()))));
      } else if (key.contains(c.column())) {
        columns.add(c);
      } else {
        columns.add(new ColumnPlan.Skip(c.column(), "written by the insert"));
      }
    }
    List<String> after = new ArrayList<>(List.of(main.name()));
    t.foreignKeys().stream()
        .filter(fk -> deferredOf(t.name()).contains(fk.name()) && !fk.refTable().equals(t.name()))
        .map(ForeignKey::refTable)
        .distinct()
        .sorted()
        .forEach(after::add);
    return new TablePlan(
        main.name() + "#refs",
        t,
        main.fanout(),
        main.slots(),
        main.rows(),
        main.stream(),
        columns,
        main.references(),
        after,
        key);
  }

  // ---- references ----------------------------------------------------------------------------

  private Map<String, ReferencePlan> references(Table t) {
    Map<String, ReferencePlan> result = new LinkedHashMap<>();
    List<String> lineage = ancestors(t.name());
    for (ForeignKey fk : t.foreignKeys()) {
      if (rows.get(t.name()) > 0 && rows.getOrDefault(fk.refTable(), 0L) == 0) {
        problems.add(
            "table '"
                + t.name()
                + "' references '"
                + fk.refTable()
                + "' ("
                + fk.name()
                + "), which gets no rows");
      }
      int depth = lineage.indexOf(fk.refTable()) + 1;
      if (depth > 0) {
        result.put(
            fk.name(),
            new ReferencePlan(
                fk.name(),
                fk.refTable(),
                Pick.GROUP,
                span(t.name(), depth),
                0,
                0,
                1,
                1,
                Distribution.UNIFORM));
      }
    }
    for (UniqueKey key : t.keys()) {
      injectiveReferences(t, key, lineage, result);
    }
    for (ForeignKey fk : t.foreignKeys()) {
      if (fk.refTable().equals(t.name()) && deferredOf(t.name()).contains(fk.name())) {
        result.put(fk.name(), earlierRow(t, fk));
      }
      result.computeIfAbsent(fk.name(), name -> randomReference(t, fk, lineage));
      double nullRatio = referenceNullRatio(t, fk);
      if (nullRatio > 0) {
        ReferencePlan plan = result.get(fk.name());
        if (nullRatio > 1) {
          problems.add(
              "foreign key "
                  + fk.name()
                  + " of '"
                  + t.name()
                  + "': nullRatio "
                  + nullRatio
                  + " must be between 0 and 1");
        } else if (plan.pick() != Pick.RANDOM && plan.pick() != Pick.EARLIER) {
          problems.add(
              "foreign key "
                  + fk.name()
                  + " of '"
                  + t.name()
                  + "' ties rows to their parent or keeps a key unique, so it cannot be NULL (nullRatio "
                  + nullRatio
                  + ")");
        } else if (!nullable(t, fk)) {
          problems.add(
              "foreign key "
                  + fk.name()
                  + " of '"
                  + t.name()
                  + "' has a NOT NULL column, so nullRatio "
                  + nullRatio
                  + " cannot apply");
        } else {
          result.put(fk.name(), plan.withNullRatio(nullRatio));
        }
      }
    }
    return result;
  }

  /** A key made only of foreign-key columns: its non-lineage foreign keys must pick injectively. */
  private void injectiveReferences(
      Table t, UniqueKey key, List<String> lineage, Map<String, ReferencePlan> result) {
    List<ForeignKey> touching =
        t.foreignKeys().stream()
            .filter(fk -> fk.columns().stream().anyMatch(key.columns()::contains))
            .toList();
    for (ForeignKey fk : touching) {
      if (deferredOf(t.name()).contains(fk.name())) {
        problems.add(
            "foreign key "
                + fk.name()
                + " of '"
                + t.name()
                + "' closes a cycle or references its own table, so it is set in a second pass, but it is part of key "
                + key.columns()
                + ": not supported");
        return;
      }
    }
    Set<String> covered = new HashSet<>();
    touching.forEach(fk -> covered.addAll(fk.columns()));
    if (!covered.containsAll(key.columns()) || touching.isEmpty()) {
      return; // a free key column makes the key unique; see keySpan
    }
    List<ForeignKey> lineageFks =
        touching.stream().filter(fk -> isGroup(result.get(fk.name()))).toList();
    List<ForeignKey> injective = touching.stream().filter(fk -> !lineageFks.contains(fk)).toList();
    if (injective.isEmpty()) {
      long finest =
          lineageFks.stream().mapToLong(fk -> result.get(fk.name()).groupSpan()).min().orElse(1);
      if (finest > 1) {
        problems.add(
            "key "
                + key.columns()
                + " of '"
                + t.name()
                + "' is made of references to its lineage only, but "
                + finest
                + " rows share each parent: set its count to 1");
      }
      return;
    }
    for (ForeignKey fk : injective) {
      if (!key.columns().containsAll(fk.columns())) {
        problems.add(
            "key "
                + key.columns()
                + " of '"
                + t.name()
                + "' holds only part of foreign key "
                + fk.name()
                + ": not supported yet");
        return;
      }
      if (result.containsKey(fk.name())) {
        return; // an earlier key already made it injective
      }
    }
    int groupDepth =
        lineageFks.stream().mapToInt(fk -> lineage.indexOf(fk.refTable()) + 1).min().orElse(0);
    if (groupDepth == 0
        && !lineage.isEmpty()
        && injective.stream().allMatch(fk -> depthUnder(fk.refTable(), lineage.get(0)) > 0)) {
      groupDepth = 1;
    }
    long groupSize = groupDepth == 0 ? slots.get(t.name()) : span(t.name(), groupDepth);
    long[] sizes = new long[injective.size()];
    long[] parentGroupSpans = new long[injective.size()];
    long combinations = 1;
    for (int i = 0; i < injective.size(); i++) {
      String parent = injective.get(i).refTable();
      int under = groupDepth == 0 ? -1 : depthUnder(parent, lineage.get(groupDepth - 1));
      boolean dense =
          under > 0
              ? denseBelow(parent, under)
              : fanouts.get(parent) == null || denseBelow(parent, ancestors(parent).size());
      if (!dense) {
        problems.add(
            "foreign key "
                + injective.get(i).name()
                + " of '"
                + t.name()
                + "' must pick distinct '"
                + parent
                + "' rows, which needs a fixed count per parent for '"
                + parent
                + "'");
      }
      sizes[i] = under > 0 ? span(parent, under) : slots.get(parent);
      parentGroupSpans[i] = under > 0 ? sizes[i] : 0;
      combinations = saturatingMultiply(combinations, sizes[i]);
    }
    if (groupSize > combinations) {
      problems.add(
          "key "
              + key.columns()
              + " of '"
              + t.name()
              + "' needs "
              + groupSize
              + " distinct references"
              + (groupDepth == 0 ? "" : " per '" + lineage.get(groupDepth - 1) + "' row")
              + " but only "
              + combinations
              + " exist: lower its count or raise its parents'");
    }
    long groupSpan = groupDepth == 0 ? 0 : groupSize;
    long radix = 1;
    for (int i = injective.size() - 1; i >= 0; i--) {
      long offset = injective.size() == 1 ? Math.max(0, sizes[i] - groupSize) : 0;
      ForeignKey fk = injective.get(i);
      result.put(
          fk.name(),
          new ReferencePlan(
              fk.name(),
              fk.refTable(),
              Pick.INJECTIVE,
              groupSpan,
              parentGroupSpans[i],
              offset,
              radix,
              sizes[i],
              Distribution.UNIFORM));
      radix = saturatingMultiply(radix, sizes[i]);
    }
  }

  /** A self-reference: each row points to an earlier row of its own table, the first is a root. */
  private ReferencePlan earlierRow(Table t, ForeignKey fk) {
    if (fanouts.get(t.name()) != null && !denseBelow(t.name(), ancestors(t.name()).size())) {
      problems.add(
          "table '"
              + t.name()
              + "' references itself ("
              + fk.name()
              + ") and is filled per '"
              + fanouts.get(t.name()).parent()
              + "' with a varying count: give it a fixed count, or rows");
    }
    return new ReferencePlan(
        fk.name(),
        t.name(),
        Pick.EARLIER,
        0,
        0,
        0,
        1,
        slots.get(t.name()),
        referenceDistribution(t, fk));
  }

  /**
   * A foreign key's share of NULL references: the largest {@code nullRatio} its columns' config
   * sets, else 0.
   */
  private double referenceNullRatio(Table t, ForeignKey fk) {
    return fk.columns().stream()
        .map(c -> settings.config().table(t.name()).columns().get(c))
        .filter(cc -> cc != null && cc.nullRatio() != null)
        .mapToDouble(ColumnConfig::nullRatio)
        .max()
        .orElse(0);
  }

  private Distribution referenceDistribution(Table t, ForeignKey fk) {
    Distribution distribution = Distribution.UNIFORM;
    for (String c : fk.columns()) {
      ColumnConfig cc = settings.config().table(t.name()).columns().get(c);
      if (cc != null && cc.distribution() != null) {
        distribution = cc.distribution();
      }
    }
    return distribution;
  }

  private ReferencePlan randomReference(Table t, ForeignKey fk, List<String> lineage) {
    Distribution distribution = referenceDistribution(t, fk);
    for (int d = 1; d <= lineage.size(); d++) {
      int under = depthUnder(fk.refTable(), lineage.get(d - 1));
      if (under > 0) {
        long size = span(fk.refTable(), under);
        return new ReferencePlan(
            fk.name(),
            fk.refTable(),
            Pick.RANDOM,
            span(t.name(), d),
            size,
            0,
            1,
            size,
            distribution);
      }
    }
    return new ReferencePlan(
        fk.name(),
        fk.refTable(),
        Pick.RANDOM,
        0,
        0,
        0,
        1,
        Math.max(1, slots.get(fk.refTable())),
        distribution);
  }

  private static boolean isGroup(ReferencePlan r) {
    return r != null && r.pick() == Pick.GROUP;
  }

  /** The depth of {@code ancestor} in {@code table}'s lineage, or -1 when it is not there. */
  private int depthUnder(String table, String ancestor) {
    int index = ancestors(table).indexOf(ancestor);
    return index < 0 ? -1 : index + 1;
  }

  private static long saturatingMultiply(long a, long b) {
    long r = a * b;
    return (Math.multiplyHigh(a, b) != 0 || r < 0) ? Long.MAX_VALUE : r;
  }

  // ---- columns -------------------------------------------------------------------------------

  private List<ColumnPlan> columns(Table t) {
    if (rows.get(t.name()) == 0) {
      return t.columns().stream()
          .<ColumnPlan>map(c -> new ColumnPlan.Skip(c.name(), "the table gets no rows"))
          .toList();
    }
    TableConfig tc = settings.config().table(t.name());
    Map<String, ColumnPlan> plans = new LinkedHashMap<>();
    CorrelatedValues correlated =
        CorrelatedValues.of(
            settings.seed(), t, tc, slots.get(t.name()), settings.config().realisticValues());
    for (Column c : t.columns()) {
      ColumnConfig cc = tc.columns().get(c.name());
      plans.put(
          c.name(),
          correlated.claims(c.name())
              ? correlated.plan(c, ColumnRules.valueSpec(t, c, cc, settings.nullRatio(), problems))
              : column(t, c, cc));
    }
    ColumnRules.applyColumnComparisons(t, plans, tc, problems);
    ColumnRules.reportUnparsedChecks(t, tc, problems);
    ColumnRules.reportUnparsedDomainChecks(t, plans, tc, problems);
    ColumnRules.reportExpressionKeys(t, plans, problems);
    return List.copyOf(plans.values());
  }

  private ColumnPlan column(Table t, Column c, ColumnConfig cc) {
    String where = t.name() + "." + c.name();
    if (c.generated()) {
      return new ColumnPlan.Skip(c.name(), "generated column");
    }
    if (cc != null && cc.skipped()) {
      if (!c.nullable() && c.defaultExpr() == null) {
        problems.add(where + " is NOT NULL without a default, so it cannot be skipped");
      }
      return new ColumnPlan.Skip(c.name(), "skipped by the config");
    }
    if (!c.supported()) {
      problems.add(
          where
              + " has type "
              + c.typeName()
              + ", which Spate cannot generate yet; "
              + (c.nullable() || c.defaultExpr() != null
                  ? "skip it with `tables: {"
                      + t.name()
                      + ": {columns: {"
                      + c.name()
                      + ": {skip: true}}}}` in the config"
                  : "it is NOT NULL without a default: give it one (ALTER TABLE "
                      + t.qualifiedName()
                      + " ALTER COLUMN "
                      + Table.quote(c.name())
                      + " SET DEFAULT ...) and skip it with `tables: {"
                      + t.name()
                      + ": {columns: {"
                      + c.name()
                      + ": {skip: true}}}}`, or size the table `rows: 0`"));
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
      return uniqueAlone ? partitionedKeySequence(t, c) : partitionKey(t, c, cc);
    }
    for (ForeignKey fk : t.foreignKeys()) {
      int i = fk.columns().indexOf(c.name());
      if (i >= 0 && deferredOf(t.name()).contains(fk.name())) {
        return new ColumnPlan.Skip(c.name(), "set by the second pass (" + fk.name() + ")");
      }
      if (i >= 0) {
        long owners = t.foreignKeys().stream().filter(f -> f.columns().contains(c.name())).count();
        if (owners > 1
            && !t.foreignKeys().stream()
                .filter(f -> f.columns().contains(c.name()))
                .allMatch(f -> isGroup(references.get(t.name()).get(f.name())))) {
          problems.add(
              where
                  + " belongs to "
                  + owners
                  + " foreign keys: overlapping foreign keys are not supported yet");
        }
        return new ColumnPlan.Reference(c.name(), fk.name(), fk.refColumns().get(i));
      }
    }
    if (c.identity() || t.keys().stream().anyMatch(k -> k.columns().contains(c.name()))) {
      return keySequence(
          t,
          c); // identity and serial columns too: unique, and their sequence is advanced after the
      // fill
    }
    ValueSpec spec =
        PatternValues.apply(
            settings.seed(),
            t,
            c,
            cc,
            ColumnRules.valueSpec(t, c, cc, settings.nullRatio(), problems),
            problems);
    return new ColumnPlan.Values(c.name(), realistic(t, c, cc, spec));
  }

  /**
   * A text column the config and the CHECKs leave open gets, when its name is recognised, a pool of
   * realistic values ({@link RealisticValues}) in place of random text; {@code realisticValues:
   * false} turns this off.
   */
  private ValueSpec realistic(Table t, Column c, ColumnConfig cc, ValueSpec spec) {
    boolean open =
        spec.values().isEmpty() && (cc == null || (!cc.decidesValues() && cc.length() == null));
    boolean checked =
        t.checks().stream()
            .anyMatch(check -> check instanceof Check.Unparsed u && u.columns().contains(c.name()));
    if (!settings.config().realisticValues() || !open || checked) {
      return spec;
    }
    List<String> pool = RealisticValues.pool(settings.seed(), t.name(), c);
    if (ColumnRules.lengthChecked(t, c)) { // keep the values the length CHECKs allow
      pool =
          pool.stream()
              .filter(v -> v.length() >= spec.minLength() && v.length() <= spec.maxLength())
              .toList();
    }
    if (pool.isEmpty()) {
      return spec;
    }
    return new ValueSpec(
        pool,
        List.of(),
        null,
        null,
        false,
        false,
        spec.minLength(),
        spec.maxLength(),
        spec.distribution(),
        spec.nullRatio(),
        null);
  }

  /**
   * A partition-key column draws, per leaf partition, within that leaf's bounds (the config and the
   * CHECKs shape the values of levels that leave the column open). Its keys stay unique through
   * their other columns.
   */
  private ColumnPlan partitionKey(Table t, Column c, ColumnConfig cc) {
    String where = t.name() + "." + c.name();
    if (t.foreignKeys().stream().anyMatch(fk -> fk.columns().contains(c.name()))) {
      problems.add(where + " is both a partition key and part of a foreign key: not supported");
    }
    ValueSpec base = ColumnRules.valueSpec(t, c, cc, 0, problems);
    List<ValueSpec> leaves = new ArrayList<>();
    for (io.spate.protocol.schema.Partition leaf : t.partitions()) {
      io.spate.protocol.schema.Partition.Bound bound =
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

  /**
   * A partition key that must be unique by itself ({@code PARTITION BY RANGE (id)} with {@code
   * PRIMARY KEY (id)}, or an identity column) keeps its key sequence; the partitions must then hold
   * every value of it, and the rows land where their keys say.
   */
  private ColumnPlan partitionedKeySequence(Table t, Column c) {
    ColumnPlan.KeySequence key = (ColumnPlan.KeySequence) keySequence(t, c);
    String where = t.name() + "." + c.name();
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
    long last = key.first() - 1 + (key.span() == 0 ? slots.get(t.name()) : key.span());
    List<long[]> held = new ArrayList<>(); // [from, to) of every leaf
    for (io.spate.protocol.schema.Partition leaf : t.partitions()) {
      for (io.spate.protocol.schema.Partition.Bound b : leaf.bounds()) {
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
    held.sort(java.util.Comparator.comparingLong(r -> r[0]));
    long next = key.first();
    for (long[] range : held) {
      if (range[0] <= next && range[1] > next) {
        next = range[1];
      }
    }
    if (next <= last) {
      problems.add(
          "rows of '"
              + t.name()
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
              + t.name()
              + "' fewer rows");
    }
    return key;
  }

  private ColumnPlan keySequence(Table t, Column c) {
    long span = -1;
    for (UniqueKey key : t.keys()) {
      if (!key.columns().contains(c.name())) {
        continue;
      }
      Set<String> identifying = new HashSet<>();
      for (String other : key.columns()) {
        if (!other.equals(c.name())
            && t.foreignKeys().stream().anyMatch(fk -> fk.columns().contains(other))) {
          identifying.add(other);
        }
      }
      int depth = identifying.isEmpty() ? -1 : identifies(t, identifying);
      long keySpan = depth < 0 ? 0 : span(t.name(), depth);
      span = span < 0 || keySpan == 0 ? keySpan : Math.max(span, keySpan);
    }
    span = Math.max(span, 0); // in no key (a serial column): unique over the whole table
    long maxValue = span == 0 ? slots.get(t.name()) : span;
    if (!uniqueByConstruction(c.type())) {
      problems.add(
          t.name()
              + "."
              + c.name()
              + " is a key, identity or serial column of type "
              + c.typeName()
              + ", whose values Spate cannot make unique yet (it can for integers, numeric, dates, times, text, uuid, bytea, money, inet, cidr and macaddr)");
    }
    long typeMax =
        switch (c.type()) {
          case SMALLINT -> Short.MAX_VALUE;
          case INTEGER -> Integer.MAX_VALUE;
          case INET, CIDR -> 0xFFFF_FFFFL;
          case MACADDR -> 0xFFFF_FFFF_FFFFL;
          default -> Long.MAX_VALUE;
        };
    if (maxValue > typeMax) {
      problems.add(
          t.name()
              + "."
              + c.name()
              + " is a unique "
              + c.typeName()
              + " but needs values up to "
              + maxValue
              + " for "
              + rows.get(t.name())
              + " rows");
    }
    if (c.type().isText() && c.length() > 0 && String.valueOf(maxValue).length() > c.length()) {
      problems.add(
          t.name()
              + "."
              + c.name()
              + " is a unique "
              + c.typeName()
              + " but "
              + maxValue
              + " needs "
              + String.valueOf(maxValue).length()
              + " characters");
    }
    ColumnRules.reportCheckedKey(t, c, 1, maxValue, problems);
    return new ColumnPlan.KeySequence(c.name(), 1, span);
  }

  /** Types whose key sequence writes distinct values for distinct ordinals. */
  private static boolean uniqueByConstruction(SqlType type) {
    return switch (type) {
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
          MACADDR ->
          true;
      default -> false;
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
    Map<String, ReferencePlan> refs = references.get(t.name());
    List<String> lineage = ancestors(t.name());
    ForeignKey nearest = null;
    int nearestDepth = Integer.MAX_VALUE;
    for (String c : columns) {
      ForeignKey owner =
          t.foreignKeys().stream()
              .filter(fk -> fk.columns().contains(c) && isGroup(refs.get(fk.name())))
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
    int above = identifies(table(nearest.refTable()), parentColumns);
    return above < 0 ? -1 : nearestDepth + above;
  }

  // ---- tasks ---------------------------------------------------------------------------------

  private List<Task> tasks(List<TablePlan> plans) {
    List<Task> tasks = new ArrayList<>();
    for (TablePlan t : plans) {
      if (t.rows() == 0) {
        continue;
      }
      long perTask =
          Math.max(1, (long) Math.ceil((double) settings.taskRows() * t.slots() / t.rows()));
      for (long start = 0; start < t.slots(); start += perTask) {
        tasks.add(new Task(t.name(), start, Math.min(t.slots(), start + perTask)));
      }
    }
    return tasks;
  }
}
