package io.spate.engine.generate;

import io.spate.engine.encode.CopyBinaryWriter;
import io.spate.engine.encode.Encoded;
import io.spate.engine.encode.LoadDataTextWriter;
import io.spate.engine.encode.RowWriter;
import io.spate.protocol.plan.ColumnPlan;
import io.spate.protocol.plan.FillPlan;
import io.spate.protocol.plan.ReferencePlan;
import io.spate.protocol.plan.Slots;
import io.spate.protocol.plan.TablePlan;
import io.spate.protocol.plan.ValueSpec;
import io.spate.protocol.schema.Column;
import io.spate.protocol.schema.ForeignKey;
import io.spate.protocol.schema.SqlType;
import io.spate.protocol.seed.Streams;
import java.util.Arrays;
import java.util.HashMap;
import java.util.Map;
import java.util.UUID;

/**
 * The generation engine for one plan: compiles each table's column rules into cell generators (on
 * first use) and writes rows as binary COPY tuples. A reference reuses the parent table's own key
 * generators, so a child recomputes exactly the key its parent row was written with.
 *
 * <p>Not thread-safe: generators keep scratch buffers. Each thread builds its own engine; all
 * engines for one plan produce the same bytes.
 */
public final class Engine {

  private final FillPlan plan;
  private final Map<String, TableEngine> tables = new HashMap<>();
  private final Map<String, Map<String, CellGen>> cells = new HashMap<>();

  public Engine(FillPlan plan) {
    this.plan = plan;
  }

  public FillPlan plan() {
    return plan;
  }

  public TableEngine table(String name) {
    TableEngine engine = tables.get(name);
    if (engine == null) {
      TablePlan table = plan.table(name);
      CellGen[] written =
          table.writtenColumns().stream().map(c -> cell(table, c.column())).toArray(CellGen[]::new);
      engine =
          new TableEngine(
              table,
              written,
              Slots.dense(plan, table) ? null : new Slots.Lineage(plan, table)::holdsRow);
      tables.put(name, engine);
    }
    return engine;
  }

  /** The generator of one column, built on first use (and its parents' key columns with it). */
  private CellGen cell(TablePlan table, String column) {
    Map<String, CellGen> byColumn = cells.computeIfAbsent(table.name(), t -> new HashMap<>());
    CellGen gen = byColumn.get(column);
    if (gen == null) {
      gen = build(table, table.column(column));
      byColumn.put(column, gen);
    }
    return gen;
  }

  private CellGen build(TablePlan table, ColumnPlan rule) {
    Column column =
        table
            .table()
            .column(rule.column())
            .orElseThrow(
                () ->
                    new IllegalStateException(
                        "plan names unknown column " + table.name() + "." + rule.column()));
    long stream = Streams.cells(table.stream(), column.name());
    return switch (rule) {
      case ColumnPlan.Skip skip ->
          throw new IllegalStateException(
              table.name() + "." + column.name() + " is not written: " + skip.reason());
      case ColumnPlan.KeySequence key ->
          new KeyCells.KeySequence(
              column, key.first(), key.span(), key.format(), stream, key.step(), key.block());
      case ColumnPlan.Reference ref -> reference(table, column, ref);
      case ColumnPlan.Derived derived
          when column.type().isText()
              && derived.foreignKey() != null
              && derived.minDelta() == 0
              && derived.maxDelta() == 0 -> {
        // a text copy of the parent's column (a name kept beside its key)
        CellGen copy = parentValue(table, derived.foreignKey(), derived.base());
        yield derived.nullRatio() > 0
            ? new WrapperCells.Nullable(copy, Streams.nulls(stream), derived.nullRatio())
            : copy;
      }
      case ColumnPlan.Derived derived when derived.since() != null -> {
        CellGen inner =
            new KeyCells.Between(
                cell(table, derived.base()),
                cell(table, derived.since()),
                derived.per(),
                stream,
                derived.minDelta(),
                derived.maxDelta(),
                column,
                Literals.numericScale(column));
        yield derived.nullRatio() > 0
            ? new WrapperCells.Nullable(inner, Streams.nulls(stream), derived.nullRatio())
            : inner;
      }
      case ColumnPlan.Derived derived -> {
        CellGen inner =
            new KeyCells.Derived(
                derived.foreignKey() == null
                    ? cell(table, derived.base())
                    : parentValue(table, derived.foreignKey(), derived.base()),
                stream,
                derived.minDelta(),
                derived.maxDelta(),
                Math.max(1, derived.step()),
                column,
                Literals.numericScale(column));
        yield derived.nullRatio() > 0
            ? new WrapperCells.Nullable(inner, Streams.nulls(stream), derived.nullRatio())
            : inner;
      }
      case ColumnPlan.Partitioned partitioned -> {
        CellGen[] leaves = new CellGen[partitioned.leaves().size()];
        for (int i = 0; i < leaves.length; i++) {
          leaves[i] = values(column, partitioned.leaves().get(i), Streams.leaf(stream, i));
        }
        yield new WrapperCells.PerPartition(Streams.partitionLeaf(table.stream()), leaves);
      }
      case ColumnPlan.Profiled profiled ->
          // a group's columns draw one quantile per row, so a row takes one combination
          profiled(
              column,
              profiled,
              profiled.group() == null ? stream : groupStream(table, profiled.group()),
              table.slots(),
              profiled.determinant() == null ? null : determinant(table, profiled));
      case ColumnPlan.Values values -> {
        ValueSpec spec = values.spec();
        // a correlated group's columns draw from one stream, so a row picks the same record in each
        CellGen inner =
            values(column, spec, spec.group() == null ? stream : groupStream(table, spec.group()));
        yield spec.nullRatio() > 0
            ? new WrapperCells.Nullable(inner, Streams.nulls(stream), spec.nullRatio())
            : inner;
      }
    };
  }

  /**
   * The generator of a column's value rule. The one place its problems (a literal the type cannot
   * read, an empty range) are given the column: {@code column 'flag' (boolean): 'maybe' is not...}.
   */
  private static CellGen values(Column column, ValueSpec spec, long stream) {
    try {
      return ValueGens.create(column, spec, stream);
    } catch (IllegalArgumentException e) {
      throw new IllegalArgumentException(
          "column '" + column.name() + "' (" + column.typeName() + "): " + e.getMessage(), e);
    }
  }

  /**
   * The generator of the profiled column that determines {@code rule}'s; a determinant is never
   * determined itself, so no chain or cycle of them is built.
   */
  private ProfiledCells.Drawn determinant(TablePlan table, ColumnPlan.Profiled rule) {
    if (table.column(rule.determinant()) instanceof ColumnPlan.Profiled p
        && p.determinant() == null
        && cell(table, rule.determinant()) instanceof ProfiledCells.Drawn drawn) {
      return drawn;
    }
    throw new IllegalStateException(
        table.name()
            + "."
            + rule.column()
            + " is determined by "
            + rule.determinant()
            + ", which the plan does not draw by a profile of its own");
  }

  /** A profiled column's generator, its problems given the column as {@link #values} does. */
  private static CellGen profiled(
      Column column,
      ColumnPlan.Profiled rule,
      long stream,
      long slots,
      ProfiledCells.Drawn determinant) {
    try {
      return new ProfiledCells.Drawn(
          column, rule.nullRatio(), rule.profile(), stream, slots, determinant);
    } catch (IllegalArgumentException e) {
      throw new IllegalArgumentException(
          "column '" + column.name() + "' (" + column.typeName() + "): " + e.getMessage(), e);
    }
  }

  /**
   * The stream the columns of one correlated group share: derived from the table's, not a column's.
   */
  static long groupStream(TablePlan table, String group) {
    return Streams.group(table.stream(), group);
  }

  private CellGen reference(TablePlan table, Column column, ColumnPlan.Reference ref) {
    ReferencePlan pickPlan = table.reference(ref.foreignKey());
    ForeignKey fk =
        table.table().foreignKeys().stream()
            .filter(f -> f.name().equals(ref.foreignKey()))
            .findFirst()
            .orElseThrow(
                () ->
                    new IllegalStateException(
                        "no foreign key " + ref.foreignKey() + " on " + table.name()));
    TablePlan parent = plan.table(pickPlan.parentTable()); // fk's table, or its trigger's source
    CellGen parentCell = cell(parent, ref.parentColumn());
    Column parentColumn = parent.table().column(ref.parentColumn()).orElseThrow();
    // text is written as the parent's bytes wherever the child's type holds the parent's longest
    boolean bothText = column.type().isText() && parentColumn.type().isText();
    int longest = bothText ? longestText(parent, ref.parentColumn()) : -1;
    boolean holdsText =
        bothText && (column.length() <= 0 || (longest >= 0 && longest <= column.length()));
    boolean sameType =
        holdsText
            || parentColumn.type() == column.type()
                && (column.type() != SqlType.NUMERIC
                    || Literals.numericScale(parentColumn) == Literals.numericScale(column));
    String child = table.name() + "." + column.name() + " (" + column.typeName() + ")";
    String referenced =
        parent.name() + "." + parentColumn.name() + " (" + parentColumn.typeName() + ")";
    if (bothText && !holdsText) {
      throw new IllegalStateException(
          child
              + " references "
              + referenced
              + (longest < 0
                  ? ", whose values have no bound Spate knows"
                  : ", whose values Spate writes up to " + longest + " characters long")
              + ", more than "
              + column.typeName()
              + " holds: widen "
              + table.name()
              + "."
              + column.name()
              + " to the type it references, "
              + parentColumn.typeName()
              + (longest < 0 ? "" : " (or at least " + longest + " characters)"));
    }
    if (!sameType && !(column.type().isIntegral() && parentCell.integral())) {
      throw new IllegalStateException(
          child
              + " references "
              + referenced
              + ": differing types are supported between integer types, and between text types"
              + " whose child holds the parent's values; give "
              + table.name()
              + "."
              + column.name()
              + " the type it references, "
              + parentColumn.typeName());
    }
    return new KeyCells.Reference(pick(table, pickPlan), parentCell, column.type(), sameType);
  }

  /**
   * The longest text the plan writes into a text column, or -1 when no bound is known: a key
   * sequence's longest rendered number (its numbers lie in {@code first} plus an ordinal below its
   * span, or below the table's slots), a reference's parent column's, never more than the declared
   * length.
   */
  private int longestText(TablePlan table, String column) {
    int declared = table.table().column(column).orElseThrow().length();
    int written =
        switch (table.column(column)) {
          case ColumnPlan.KeySequence key -> {
            long last =
                key.first() + Math.max(0, (key.span() == 0 ? table.slots() : key.span()) - 1);
            yield key.format() == null
                ? Math.max(Long.toString(key.first()).length(), Long.toString(last).length())
                : key.format().labels().isEmpty()
                    ? Math.max(
                        key.format().render(key.first()).length(),
                        key.format().render(last).length())
                    : key.format().labels().stream().mapToInt(String::length).max().orElse(0);
          }
          case ColumnPlan.Reference ref ->
              longestText(
                  plan.table(table.reference(ref.foreignKey()).parentTable()), ref.parentColumn());
          default -> -1;
        };
    if (written < 0) {
      return declared > 0 ? declared : -1;
    }
    return declared > 0 ? Math.min(written, declared) : written;
  }

  /**
   * The value of {@code parentColumn} in the parent row {@code foreignKey} picks, recomputed as a
   * reference's parent key is (the first parent row's when the key picks none).
   */
  private CellGen parentValue(TablePlan table, String foreignKey, String parentColumn) {
    ReferencePlan pickPlan = table.reference(foreignKey);
    TablePlan parent = plan.table(pickPlan.parentTable());
    return new KeyCells.ParentValue(pick(table, pickPlan), cell(parent, parentColumn));
  }

  /** The pick of one foreign key, with the pick it is relative to. */
  private ParentPick pick(TablePlan table, ReferencePlan pickPlan) {
    TablePlan parent = plan.table(pickPlan.parentTable());
    if (pickPlan.profile() != null && pickPlan.relativeTo() == null) {
      return new ParentPick(
          pickPlan,
          Streams.foreignKey(table.stream(), pickPlan.foreignKey()),
          Slots.dense(plan, parent) ? null : new Slots.Lineage(plan, parent)::nearestRow,
          table.slots());
    }
    return new ParentPick(
        pickPlan,
        Streams.foreignKey(table.stream(), pickPlan.foreignKey()),
        Slots.dense(plan, parent) ? null : new Slots.Lineage(plan, parent)::nearestRow,
        pickPlan.relativeTo() == null ? null : pick(table, table.reference(pickPlan.relativeTo())));
  }

  /**
   * Whether {@link #encodeLiteral} reads literals of the column's type (and its elements'); the
   * server encodes the others at plan time ({@link ValueSpec#binary()}).
   */
  public static boolean readsLiterals(Column column) {
    return switch (column.type()) {
      case POINT, LINE, LSEG, BOX, PATH, POLYGON, CIRCLE, CUBE, GEOMETRY, GEOGRAPHY, UNSUPPORTED ->
          false;
      case ARRAY, RANGE -> column.supported() && readsLiterals(column.element());
      default -> true;
    };
  }

  /** Whether {@link #encodeLiteral} reads this literal of the column's type. */
  public static boolean readsLiteral(Column column, String literal) {
    try {
      encodeLiteral(column, literal);
      return true;
    } catch (IllegalArgumentException | IllegalStateException e) {
      return false;
    }
  }

  /** Encodes one literal as a field's bytes, for value lists: parsed and encoded once per fill. */
  static byte[] encodeLiteral(Column column, String literal) {
    CopyBinaryWriter out = new CopyBinaryWriter(64);
    writeLiteral(column, literal, out);
    return Arrays.copyOfRange(out.array(), 4, out.size());
  }

  /**
   * Encodes one literal in every writer's form, for value lists: the binary form {@link
   * #encodeLiteral} gives, and the {@code LOAD DATA} text form where the type has one.
   */
  static Encoded encodeBoth(Column column, String literal) {
    byte[] binary = encodeLiteral(column, literal);
    LoadDataTextWriter text = new LoadDataTextWriter(64);
    text.startRow(1);
    try {
      writeLiteral(column, literal, text);
    } catch (UnsupportedOperationException e) {
      return new Encoded(binary, null); // a PostgreSQL-only type
    }
    return new Encoded(binary, Arrays.copyOf(text.array(), text.size() - 1)); // without the LF
  }

  private static void writeLiteral(Column column, String literal, RowWriter out) {
    switch (column.type()) {
      case SMALLINT, INTEGER, BIGINT, DATE, TIME, TIMESTAMP, TIMESTAMPTZ, MONEY ->
          Cells.writeIntegral(column.type(), Literals.toLong(column, literal), out);
      case NUMERIC ->
          out.writeNumeric(Literals.toLong(column, literal), Literals.numericScale(column));
      case REAL -> out.writeFloat4((float) Literals.toDouble(column, literal));
      case DOUBLE -> out.writeFloat8(Literals.toDouble(column, literal));
      case BOOLEAN -> out.writeBool(Literals.toBoolean(column, literal));
      case UUID -> {
        UUID uuid;
        try {
          uuid = UUID.fromString(literal.trim());
        } catch (IllegalArgumentException e) {
          throw new IllegalArgumentException("'" + literal + "' is not a valid uuid", e);
        }
        out.writeUuid(uuid.getMostSignificantBits(), uuid.getLeastSignificantBits());
      }
      case JSONB -> out.writeJsonb(literal);
      case CHAR, VARCHAR, TEXT, CITEXT, JSON, BYTEA, XML -> out.writeText(literal);
      case ENUM -> {
        if (!column.enumLabels().contains(literal)) {
          throw new IllegalArgumentException(
              "'"
                  + literal
                  + "' is not a label of "
                  + column.typeName()
                  + " "
                  + column.enumLabels());
        }
        out.writeText(literal);
      }
      case INET, CIDR, MACADDR, INTERVAL, TIMETZ, BIT, VARBIT, TSVECTOR, ARRAY, RANGE ->
          ExtraLiterals.write(column, literal, out);
      case POINT, LINE, LSEG, BOX, PATH, POLYGON, CIRCLE, CUBE, GEOMETRY, GEOGRAPHY, UNSUPPORTED ->
          throw new IllegalArgumentException(
              "cannot read literals of type " + column.typeName() + " (the server encodes them)");
    }
  }
}
