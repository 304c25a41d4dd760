package io.spate.core.plan;

import io.spate.core.config.ColumnConfig;
import io.spate.protocol.error.Problems;
import io.spate.protocol.plan.Distribution;
import io.spate.protocol.plan.ReferencePlan;
import io.spate.protocol.plan.ReferencePlan.Pick;
import io.spate.protocol.schema.Check;
import io.spate.protocol.schema.Column;
import io.spate.protocol.schema.ForeignKey;
import io.spate.protocol.schema.SqlType;
import io.spate.protocol.schema.Table;
import io.spate.protocol.schema.UniqueKey;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.HashSet;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;

/**
 * The reference stage. Input: the {@link Shape}. Output: the {@link References}, a rule per foreign
 * key. Invariant: a reference to a lineage ancestor picks the group's parent row ({@code GROUP}); a
 * key made only of foreign keys maps the rows of a group injectively onto parent rows (mixed radix
 * over several parents, {@code INJECTIVE}); a deferred self-reference points to an earlier row
 * ({@code EARLIER}), a NOT NULL one to an earlier row of its block or itself ({@code
 * EARLIER_OR_SELF}); any other picks randomly within the nearest shared ancestor ({@code RANDOM}).
 * A CHECK between two foreign keys to one parent key ({@code a <> b}, {@code a < b}) makes one pick
 * relative to the other's. Only random and earlier picks may be NULL. A foreign key to a table only
 * a trigger writes picks the rows of the trigger's source instead, where the trigger copies their
 * key ({@link TriggerParent}); any other reference to a table with no rows is a problem.
 */
final class ReferenceStage {

  private final Shape shape;
  private final Lineage lineage;
  private final Problems problems;

  /** By table, then by foreign key name: the keys whose parent rows are a trigger's. */
  private final Map<String, Map<String, TriggerParent>> triggerParents = new HashMap<>();

  private ReferenceStage(Shape shape, Problems problems) {
    this.shape = shape;
    this.lineage = shape.lineage();
    this.problems = problems;
  }

  static References run(Shape shape, Problems problems) {
    ReferenceStage stage = new ReferenceStage(shape, problems);
    Map<String, Map<String, ReferencePlan>> byTable = new HashMap<>();
    for (Table t : shape.schema().tables()) {
      byTable.put(t.id(), stage.references(t));
    }
    return new References(byTable, stage.triggerParents);
  }

  /** The table whose rows {@code fk} of {@code t} picks: its own, or its trigger's source. */
  private String rowsOf(Table t, ForeignKey fk) {
    TriggerParent viaTrigger = triggerParents.getOrDefault(t.id(), Map.of()).get(fk.name());
    return viaTrigger == null ? fk.refTable() : viaTrigger.source();
  }

  private Set<String> deferredOf(String table) {
    return shape.order().deferredOf(table);
  }

  /**
   * A CHECK between two single-column foreign keys to one parent key: {@code dependent}'s parent
   * slot is chosen in {@code relation} ({@code <>}, {@code >}, {@code >=}) to {@code base}'s.
   */
  private record Relation(String check, String base, String dependent, String relation) {}

  private Map<String, ReferencePlan> references(Table t) {
    Map<String, ReferencePlan> result = new LinkedHashMap<>();
    List<Relation> relations = relations(t);
    List<String> ancestors = lineage.ancestors(t.id());
    for (ForeignKey fk : t.foreignKeys()) {
      Optional<TriggerParent> viaTrigger =
          shape.rows(t.id()) > 0 ? TriggerParent.of(shape, t, fk) : Optional.empty();
      viaTrigger.ifPresent(
          p -> triggerParents.computeIfAbsent(t.id(), k -> new HashMap<>()).put(fk.name(), p));
      if (shape.rows(t.id()) > 0
          && shape.rows().getOrDefault(fk.refTable(), 0L) == 0
          && viaTrigger.isEmpty()) {
        List<io.spate.protocol.schema.TriggerWrite> writers =
            shape.table(fk.refTable()).writtenBy();
        problems.add(
            "table '"
                + t.id()
                + "' references '"
                + fk.refTable()
                + "' ("
                + fk.name()
                + "), which gets no rows"
                + (writers.isEmpty()
                    ? ""
                    : " of Spate's: only "
                        + writers.stream().map(Object::toString).toList()
                        + " write it, and Spate cannot pick the rows a trigger writes as parents;"
                        + " on PostgreSQL, --disable-triggers lets Spate fill '"
                        + fk.refTable()
                        + "' itself (the triggers then write nothing), or give '"
                        + t.id()
                        + "' `rows: 0` (Spate can pick them where the trigger's one unconditional"
                        + " INSERT copies the referenced key from a key of the row it fires for, as"
                        + " in VALUES (NEW.id, ...))"));
      }
      int depth = ancestors.indexOf(fk.refTable()) + 1;
      if (depth > 0) {
        result.put(
            fk.name(),
            new ReferencePlan(
                fk.name(),
                fk.refTable(),
                Pick.GROUP,
                lineage.span(t.id(), depth),
                0,
                0,
                1,
                1,
                Distribution.UNIFORM));
      }
    }
    for (UniqueKey key : KeyColumns.driving(t)) {
      if (key.columns().stream().noneMatch(c -> alwaysNull(t, c))) {
        injectiveReferences(t, key, ancestors, relations, result);
      }
    }
    for (ForeignKey fk : t.foreignKeys()) {
      if (fk.refTable().equals(t.id()) && deferredOf(t.id()).contains(fk.name())) {
        result.put(fk.name(), earlierRow(t, fk));
      } else if (fk.refTable().equals(t.id())) {
        result.computeIfAbsent(fk.name(), name -> earlierRowOrSelf(t, fk));
      }
      result.computeIfAbsent(fk.name(), name -> randomReference(t, fk, ancestors));
      double nullRatio = referenceNullRatio(t, fk);
      if (nullRatio > 0) {
        ReferencePlan plan = result.get(fk.name());
        if (nullRatio > 1) {
          problems.add(
              "foreign key "
                  + fk.name()
                  + " of '"
                  + t.id()
                  + "': nullRatio "
                  + nullRatio
                  + " must be between 0 and 1");
        } else if (plan.pick() == Pick.GROUP || plan.pick() == Pick.INJECTIVE) {
          problems.add(
              "foreign key "
                  + fk.name()
                  + " of '"
                  + t.id()
                  + "' ties rows to their parent or keeps a key unique, so it cannot be NULL (nullRatio "
                  + nullRatio
                  + ")");
        } else if (!OrderStage.nullable(t, fk)) {
          problems.add(
              "foreign key "
                  + fk.name()
                  + " of '"
                  + t.id()
                  + "' has a NOT NULL column, so nullRatio "
                  + nullRatio
                  + " cannot apply");
        } else {
          result.put(fk.name(), plan.withNullRatio(nullRatio));
        }
      }
    }
    relations.forEach(r -> relate(t, r, result));
    return result;
  }

  /**
   * The CHECKs of {@code t} between two single-column foreign keys to the same parent column; a
   * comparison the references cannot keep is a problem here (see {@link DerivedColumns} for the
   * CHECKs between other columns).
   */
  private List<Relation> relations(Table t) {
    List<Relation> relations = new ArrayList<>();
    Set<String> related = new HashSet<>();
    if (shape.rows(t.id()) == 0) {
      return relations; // nothing written, nothing to keep
    }
    for (Check check : t.checks()) {
      if (!(check instanceof Check.CompareColumns cmp)) {
        continue;
      }
      ForeignKey left = soleForeignKey(t, cmp.left());
      ForeignKey right = soleForeignKey(t, cmp.right());
      if (left == null || right == null) {
        continue;
      }
      String where =
          "CHECK "
              + cmp.name()
              + " on '"
              + t.id()
              + "' ("
              + cmp.left()
              + " "
              + cmp.op()
              + " "
              + cmp.right()
              + ") between foreign keys "
              + left.name()
              + " and "
              + right.name();
      if (left == right
          || left.columns().size() > 1
          || right.columns().size() > 1
          || !left.refTable().equals(right.refTable())
          || !left.refColumns().equals(right.refColumns())
          || left.refTable().equals(t.id())) {
        problems.add(
            where
                + ": Spate keeps such a CHECK only between two single-column foreign keys to the"
                + " same key of another table");
        continue;
      }
      Relation relation =
          switch (cmp.op()) {
            case "<>" -> new Relation(cmp.name(), left.name(), right.name(), "<>");
            case "<" -> new Relation(cmp.name(), left.name(), right.name(), ">");
            case "<=" -> new Relation(cmp.name(), left.name(), right.name(), ">=");
            case ">" -> new Relation(cmp.name(), right.name(), left.name(), ">");
            case ">=" -> new Relation(cmp.name(), right.name(), left.name(), ">=");
            default -> null;
          };
      if (relation == null) {
        problems.add(where + ": both must reference the same row, which Spate does not support");
      } else if (!relation.relation().equals("<>") && !ordered(left)) {
        problems.add(
            where
                + ": Spate orders references only by an integer or numeric key that alone numbers"
                + " the rows of '"
                + left.refTable()
                + "'");
      } else if (!related.add(relation.base()) || !related.add(relation.dependent())) {
        problems.add(where + ": a foreign key in two such CHECKs is not supported");
      } else {
        relations.add(relation);
      }
    }
    return relations;
  }

  /** The one foreign key of {@code t} that holds {@code column}, or null. */
  private static ForeignKey soleForeignKey(Table t, String column) {
    List<ForeignKey> owners =
        t.foreignKeys().stream().filter(fk -> fk.columns().contains(column)).toList();
    return owners.size() == 1 ? owners.get(0) : null;
  }

  /**
   * Whether the parent key {@code fk} references grows with the parent slot: an integer or numeric
   * column that is a key alone and no foreign key covers, so it counts the rows from 1.
   */
  private boolean ordered(ForeignKey fk) {
    Table parent = shape.table(fk.refTable());
    String column = fk.refColumns().get(0);
    Column c = parent.column(column).orElseThrow();
    return (c.type().isIntegral() || c.type() == SqlType.NUMERIC)
        && parent.keys().stream().anyMatch(k -> k.columns().equals(List.of(column)))
        && parent.foreignKeys().stream().noneMatch(f -> f.columns().contains(column))
        && !parent.partitionsBy(column);
  }

  /** Makes the dependent pick of {@code r} relative to its base's, or reports why it cannot be. */
  private void relate(Table t, Relation r, Map<String, ReferencePlan> result) {
    ReferencePlan base = result.get(r.base());
    ReferencePlan dependent = result.get(r.dependent());
    long size = lineage.slots(base.parentTable());
    boolean random =
        base.pick() == Pick.RANDOM
            && dependent.pick() == Pick.RANDOM
            && lineage.dense(base.parentTable());
    boolean injective =
        base.pick() == Pick.INJECTIVE
            && dependent.pick() == Pick.INJECTIVE
            && r.relation().equals("<>");
    String where =
        "CHECK "
            + r.check()
            + " on '"
            + t.id()
            + "' between foreign keys "
            + r.base()
            + " and "
            + r.dependent();
    boolean pairedKey =
        base.pick() == Pick.INJECTIVE
            && dependent.pick() == Pick.INJECTIVE
            && !r.relation().equals("<>");
    if (pairedKey && dependent.offset() >= base.offset() + base.size()) {
      return; // ordered already: the base picks the parent's lower half, the dependent the rest
    }
    if (pairedKey) {
      // distinct pairs come from two independent injective picks, which cannot also be ordered
      problems.add(
          where
              + ": the two foreign keys together make a key of '"
              + t.id()
              + "', so each row takes a pair of '"
              + base.parentTable()
              + "' rows no other row takes, and Spate keeps only <> between such foreign keys,"
              + " not an order: size the table `rows: 0` (--rows "
              + t.id()
              + "=0) and fill it yourself");
    } else if (base.groupSpan() != 0 || dependent.groupSpan() != 0 || !(random || injective)) {
      problems.add(
          where
              + ": Spate keeps it between two foreign keys that pick '"
              + base.parentTable()
              + "' rows at random over the whole table, or <> between two that together make a"
              + " key");
    } else if (size < 2) {
      problems.add(where + ": '" + base.parentTable() + "' needs at least 2 rows");
    } else {
      if (r.relation().equals(">")) {
        result.put(r.base(), base.withSize(size - 1)); // leaves a larger slot for the dependent
      }
      result.put(r.dependent(), dependent.withSize(size).relativeTo(r.base(), r.relation()));
    }
  }

  /**
   * Whether the columns of {@code fk} that {@code key} holds reference a key of the parent by
   * themselves ({@code UNIQUE (membership_id, role_id)} with {@code (membership_id,
   * organization_id)} referencing {@code memberships (id, organization_id)}): distinct parent rows
   * then give distinct values of them. Not so for a trigger's rows, picked by their source's key.
   */
  private boolean heldPartIdentifies(Table t, ForeignKey fk, UniqueKey key) {
    if (!rowsOf(t, fk).equals(fk.refTable())) {
      return false;
    }
    List<String> held = new ArrayList<>();
    for (int i = 0; i < fk.columns().size(); i++) {
      if (key.columns().contains(fk.columns().get(i))) {
        held.add(fk.refColumns().get(i));
      }
    }
    return NullChecks.enforcedKeys(shape.table(fk.refTable())).stream()
        .anyMatch(k -> !k.columns().isEmpty() && held.containsAll(k.columns()));
  }

  /**
   * A second key over references that shares one with a key planned before it ({@code UNIQUE
   * (tenant_id, user_id)} and {@code UNIQUE (tenant_id, group_id)}): the shared reference keeps its
   * digit, and the other takes the rest of the row's ordinal, so rows with one shared value pick
   * distinct rows of the other parent. Where that cannot hold (too few rows of that parent), or the
   * keys share more than one reference, the plan says so rather than load duplicates.
   */
  private void sharedDigit(
      Table t,
      UniqueKey key,
      List<ForeignKey> planned,
      List<ForeignKey> injective,
      Map<String, ReferencePlan> result) {
    List<ForeignKey> fresh = injective.stream().filter(fk -> !planned.contains(fk)).toList();
    ReferencePlan shared = planned.size() == 1 ? result.get(planned.getFirst().name()) : null;
    String parent = rowsOf(t, fresh.getFirst());
    if (shared == null
        || fresh.size() != 1
        || shared.pick() != Pick.INJECTIVE
        || shared.groupSpan() != 0
        || shared.parentGroupSpan() != 0
        || !lineage.dense(parent)) {
      problems.add(
          "key "
              + key.columns()
              + " of '"
              + t.id()
              + "' shares references with another key of the table in a way Spate cannot keep"
              + " unique together: give the table fewer rows than one of the keys' parents has,"
              + " or size it `rows: 0`");
      return;
    }
    long rows = lineage.slots(t.id());
    long size = lineage.slots(parent);
    // rows sharing a value of the shared reference: a run of `radix` ordinals when its digit is the
    // outer one, every size-th ordinal when it is the inner one
    long radix = shared.radix() > 1 ? 1 : shared.size();
    long needed = shared.radix() > 1 ? shared.radix() : (rows + shared.size() - 1) / shared.size();
    if (size < needed) {
      problems.add(
          "key "
              + key.columns()
              + " of '"
              + t.id()
              + "' needs "
              + needed
              + " distinct '"
              + parent
              + "' rows for each '"
              + shared.parentTable()
              + "' row it shares with another key, but '"
              + parent
              + "' has "
              + size
              + ": raise its rows or lower '"
              + t.id()
              + "''s");
      return;
    }
    ForeignKey fk = fresh.getFirst();
    result.put(
        fk.name(),
        new ReferencePlan(
            fk.name(), parent, Pick.INJECTIVE, 0, 0, 0, radix, size, Distribution.UNIFORM));
  }

  /** A key made only of foreign-key columns: its non-lineage foreign keys must pick injectively. */
  private void injectiveReferences(
      Table t,
      UniqueKey key,
      List<String> ancestors,
      List<Relation> relations,
      Map<String, ReferencePlan> result) {
    List<ForeignKey> touching =
        t.foreignKeys().stream()
            .filter(fk -> fk.columns().stream().anyMatch(key.columns()::contains))
            .toList();
    for (ForeignKey fk : touching) {
      if (deferredOf(t.id()).contains(fk.name())) {
        problems.add(
            "foreign key "
                + fk.name()
                + " of '"
                + t.id()
                + "' closes a cycle or references its own table, so it is set in a second pass, but it is part of key "
                + key.columns()
                + ": not supported"
                + (OrderStage.nullable(t, fk)
                    ? "; write it NULL with `tables: {"
                        + t.id()
                        + ": {columns: {"
                        + fk.columns().getFirst()
                        + ": {nullRatio: 1}}}}`"
                    : ""));
        return;
      }
    }
    Set<String> covered = new HashSet<>();
    touching.forEach(fk -> covered.addAll(fk.columns()));
    if (!covered.containsAll(key.columns()) || touching.isEmpty()) {
      return; // a free key column makes the key unique; see KeyColumns
    }
    List<ForeignKey> lineageFks =
        touching.stream().filter(fk -> References.isGroup(result.get(fk.name()))).toList();
    List<ForeignKey> injective = touching.stream().filter(fk -> !lineageFks.contains(fk)).toList();
    if (injective.isEmpty()) {
      long finest =
          lineageFks.stream().mapToLong(fk -> result.get(fk.name()).groupSpan()).min().orElse(1);
      if (finest > 1) {
        problems.add(
            "key "
                + key.columns()
                + " of '"
                + t.id()
                + "' is made of references to its lineage only, but "
                + finest
                + " rows share each parent: set its count to 1");
      }
      return;
    }
    for (ForeignKey fk : injective) {
      if (!key.columns().containsAll(fk.columns()) && !heldPartIdentifies(t, fk, key)) {
        problems.add(
            "key "
                + key.columns()
                + " of '"
                + t.id()
                + "' holds only part of foreign key "
                + fk.name()
                + ": not supported yet");
        return;
      }
    }
    List<ForeignKey> planned =
        injective.stream().filter(fk -> result.containsKey(fk.name())).toList();
    if (!planned.isEmpty()) {
      if (planned.size() < injective.size()) {
        sharedDigit(t, key, planned, injective, result);
      }
      return; // an earlier key already made them injective
    }
    int groupDepth =
        lineageFks.stream().mapToInt(fk -> ancestors.indexOf(fk.refTable()) + 1).min().orElse(0);
    if (groupDepth == 0
        && !ancestors.isEmpty()
        && injective.stream()
            .allMatch(fk -> lineage.depthUnder(rowsOf(t, fk), ancestors.get(0)) > 0)) {
      groupDepth = 1;
    }
    long groupSize = groupDepth == 0 ? lineage.slots(t.id()) : lineage.span(t.id(), groupDepth);
    long[] sizes = new long[injective.size()];
    long[] parentGroupSpans = new long[injective.size()];
    long[] digits = new long[injective.size()]; // sizes, but one less for a pick apart from another
    long[] lowHalfOffsets =
        new long[injective.size()]; // where an ordered pair's higher half starts
    long combinations = 1;
    for (int i = 0; i < injective.size(); i++) {
      String parent = rowsOf(t, injective.get(i));
      int under = groupDepth == 0 ? -1 : lineage.depthUnder(parent, ancestors.get(groupDepth - 1));
      boolean dense = under > 0 ? lineage.denseBelow(parent, under) : lineage.dense(parent);
      if (!dense) {
        problems.add(
            "foreign key "
                + injective.get(i).name()
                + " of '"
                + t.id()
                + "' must pick distinct '"
                + parent
                + "' rows, which needs a fixed count per parent for '"
                + parent
                + "'");
      }
      sizes[i] = under > 0 ? lineage.span(parent, under) : lineage.slots(parent);
      parentGroupSpans[i] = under > 0 ? sizes[i] : 0;
      Relation order = orderWithAnother(injective, i, relations);
      if (order != null) {
        // an ordered pair (tag1 < tag2): the lower picks from the parent's first half, the
        // higher from the rest, so every pair is ordered and distinct pairs stay distinct
        long lower = sizes[i] / 2;
        boolean higher = order.dependent().equals(injective.get(i).name());
        lowHalfOffsets[i] = higher ? lower : 0;
        sizes[i] = higher ? sizes[i] - lower : lower;
      }
      digits[i] = sizes[i] - (differsFromAnother(injective, i, relations) ? 1 : 0);
      combinations = saturatingMultiply(combinations, digits[i]);
    }
    if (groupSize > combinations) {
      problems.add(
          "key "
              + key.columns()
              + " of '"
              + t.id()
              + "' needs "
              + groupSize
              + " distinct references"
              + (groupDepth == 0 ? "" : " per '" + ancestors.get(groupDepth - 1) + "' row")
              + " but only "
              + combinations
              + " exist: lower its count or raise its parents'");
    }
    long groupSpan = groupDepth == 0 ? 0 : groupSize;
    long radix = 1;
    for (int i = injective.size() - 1; i >= 0; i--) {
      long offset = injective.size() == 1 ? Math.max(0, sizes[i] - groupSize) : lowHalfOffsets[i];
      ForeignKey fk = injective.get(i);
      result.put(
          fk.name(),
          new ReferencePlan(
              fk.name(),
              rowsOf(t, fk),
              Pick.INJECTIVE,
              groupSpan,
              parentGroupSpans[i],
              offset,
              radix,
              sizes[i],
              Distribution.UNIFORM));
      radix = saturatingMultiply(radix, digits[i]);
    }
  }

  /**
   * The order CHECK ({@code <}, {@code <=}, ...) between the {@code i}th of the injective foreign
   * keys and another of them, or null.
   */
  private static Relation orderWithAnother(
      List<ForeignKey> injective, int i, List<Relation> relations) {
    String name = injective.get(i).name();
    return relations.stream()
        .filter(r -> !r.relation().equals("<>"))
        .filter(r -> r.base().equals(name) || r.dependent().equals(name))
        .filter(
            r ->
                injective.stream()
                    .anyMatch(
                        fk ->
                            !fk.name().equals(name)
                                && (fk.name().equals(r.base()) || fk.name().equals(r.dependent()))))
        .findFirst()
        .orElse(null);
  }

  /**
   * Whether the {@code i}th of the injective foreign keys must differ from another of them (a
   * {@code <>} CHECK), so its digit has one value fewer.
   */
  private static boolean differsFromAnother(
      List<ForeignKey> injective, int i, List<Relation> relations) {
    return relations.stream()
        .anyMatch(
            r ->
                r.dependent().equals(injective.get(i).name())
                    && r.relation().equals("<>")
                    && injective.stream().anyMatch(fk -> fk.name().equals(r.base())));
  }

  /** A self-reference: each row points to an earlier row of its own table, the first is a root. */
  private ReferencePlan earlierRow(Table t, ForeignKey fk) {
    dense(t, fk);
    return new ReferencePlan(
        fk.name(),
        t.id(),
        Pick.EARLIER,
        0,
        0,
        0,
        1,
        lineage.slots(t.id()),
        referenceDistribution(t, fk));
  }

  /**
   * The slots a NOT NULL self-reference picks within: a row references an earlier row of its block
   * or itself, and tasks cover whole blocks ({@link TaskStage}), so the server's row-by-row checks
   * find every referenced row committed or in the same statement.
   */
  static final long SELF_REFERENCE_BLOCK = 4096;

  /** A NOT NULL self-reference: each row points to an earlier row of its block, or to itself. */
  private ReferencePlan earlierRowOrSelf(Table t, ForeignKey fk) {
    dense(t, fk);
    return new ReferencePlan(
        fk.name(),
        t.id(),
        Pick.EARLIER_OR_SELF,
        SELF_REFERENCE_BLOCK,
        0,
        0,
        1,
        SELF_REFERENCE_BLOCK,
        referenceDistribution(t, fk));
  }

  /** A self-reference needs every slot to hold a row; otherwise a problem. */
  private void dense(Table t, ForeignKey fk) {
    if (!lineage.dense(t.id())) {
      problems.add(
          "table '"
              + t.id()
              + "' references itself ("
              + fk.name()
              + ") and is filled per '"
              + lineage.fanout(t.id()).parent()
              + "' with a varying count: give it a fixed count, or rows");
    }
  }

  /**
   * Whether a column is written always NULL (nullRatio 1 on its nullable foreign key): a unique key
   * holding it never collides, NULLs being distinct.
   */
  private boolean alwaysNull(Table t, String column) {
    return t.foreignKeys().stream()
        .anyMatch(
            fk ->
                fk.columns().contains(column)
                    && OrderStage.nullable(t, fk)
                    && referenceNullRatio(t, fk) >= 1);
  }

  /**
   * A foreign key's share of NULL references: the largest {@code nullRatio} its columns' config
   * sets, else 1 when a nullness CHECK writes one of its columns NULL ({@link NullChecks}), else 0.
   */
  private double referenceNullRatio(Table t, ForeignKey fk) {
    Map<String, String> nulled = NullChecks.nulled(t);
    return fk.columns().stream()
        .map(c -> shape.settings().config().table(t.id()).columns().get(c))
        .filter(cc -> cc != null && cc.nullRatio() != null)
        .mapToDouble(ColumnConfig::nullRatio)
        .max()
        .orElse(
            fk.columns().stream().anyMatch(nulled::containsKey)
                    || keyedDeferred(t, fk, deferredOf(t.id()))
                ? 1
                : 0);
  }

  /**
   * Whether a nullable foreign key set in the second pass (a self-reference, a cycle's edge) is
   * part of a unique key: the key cannot wait for the second pass, so the reference is written NULL
   * (NULLs never collide in a key).
   */
  static boolean keyedDeferred(Table t, ForeignKey fk, Set<String> deferred) {
    return deferred.contains(fk.name())
        && OrderStage.nullable(t, fk)
        && KeyColumns.driving(t).stream()
            .anyMatch(k -> fk.columns().stream().anyMatch(k.columns()::contains));
  }

  /** The distribution the config sets on the foreign key's columns (the last one wins). */
  private Distribution referenceDistribution(Table t, ForeignKey fk) {
    Distribution distribution = Distribution.UNIFORM;
    for (String c : fk.columns()) {
      ColumnConfig cc = shape.settings().config().table(t.id()).columns().get(c);
      if (cc != null && cc.distribution() != null) {
        distribution = cc.distribution();
      }
    }
    return distribution;
  }

  private ReferencePlan randomReference(Table t, ForeignKey fk, List<String> ancestors) {
    Distribution distribution = referenceDistribution(t, fk);
    String parent = rowsOf(t, fk);
    for (int d = 1; d <= ancestors.size(); d++) {
      int under = lineage.depthUnder(parent, ancestors.get(d - 1));
      if (under > 0) {
        long size = lineage.span(parent, under);
        return new ReferencePlan(
            fk.name(),
            parent,
            Pick.RANDOM,
            lineage.span(t.id(), d),
            size,
            0,
            1,
            size,
            distribution);
      }
    }
    return new ReferencePlan(
        fk.name(),
        parent,
        Pick.RANDOM,
        0,
        0,
        0,
        1,
        Math.max(1, lineage.slots(parent)),
        distribution);
  }

  private static long saturatingMultiply(long a, long b) {
    long r = a * b;
    return (Math.multiplyHigh(a, b) != 0 || r < 0) ? Long.MAX_VALUE : r;
  }
}
