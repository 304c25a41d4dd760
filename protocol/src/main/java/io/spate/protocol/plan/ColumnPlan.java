package io.spate.protocol.plan;

import com.fasterxml.jackson.annotation.JsonInclude;
import com.fasterxml.jackson.annotation.JsonSubTypes;
import com.fasterxml.jackson.annotation.JsonTypeInfo;
import java.util.List;

/**
 * How one column of a table gets its values. Every cell is a pure function of its row slot.
 *
 * <p>On the wire each plan carries a {@code kind}; the names are part of the message protocol and
 * never change (a new kind is a new major message version).
 */
@JsonTypeInfo(use = JsonTypeInfo.Id.NAME, property = "kind")
@JsonSubTypes({
  @JsonSubTypes.Type(value = ColumnPlan.Skip.class, name = "skip"),
  @JsonSubTypes.Type(value = ColumnPlan.KeySequence.class, name = "key"),
  @JsonSubTypes.Type(value = ColumnPlan.Reference.class, name = "ref"),
  @JsonSubTypes.Type(value = ColumnPlan.Values.class, name = "values"),
  @JsonSubTypes.Type(value = ColumnPlan.Derived.class, name = "derived"),
  @JsonSubTypes.Type(value = ColumnPlan.Partitioned.class, name = "partitioned"),
  @JsonSubTypes.Type(value = ColumnPlan.Profiled.class, name = "profiled")
})
public sealed interface ColumnPlan {

  String column();

  /** Not written: the database computes it (generated column) or the config leaves it out. */
  record Skip(String column, String reason) implements ColumnPlan {}

  /**
   * A unique key component: {@code first + ordinal}, where the ordinal is the slot itself when
   * {@code span} is 0, else {@code slot % span} (the position within the ancestor group whose other
   * key columns already tell rows apart). Text and uuid columns render the same number; a text
   * column with a {@code format} (null: the bare digits) writes it in that form. With a {@code
   * step} above 1 (a timestamp's) the value is {@code first + ordinal * step} plus a jitter below
   * {@code step} drawn for the ordinal (in whole seconds when the step is), so the keys spread over
   * a span of time and stay distinct and ordered.
   *
   * <p>With a {@code block} above 1 (the config's {@code block} setting, never a key's) the ordinal
   * is divided by it: {@code block} consecutive slots share a value, so the column numbers the
   * blocks of rows (pgbench's {@code bid}, 100,000 accounts to a branch) and is not unique.
   *
   * @param block slots that share a value; 0 or 1 for a value per slot, and left out of the JSON
   *     when 0
   */
  record KeySequence(
      String column,
      long first,
      long span,
      KeyFormat format,
      long step,
      @JsonInclude(JsonInclude.Include.NON_DEFAULT) long block)
      implements ColumnPlan {

    public KeySequence {
      step = Math.max(1, step);
      if (block < 0) {
        throw new IllegalArgumentException("block must not be negative, got " + block);
      }
      if (block > 1 && step > 1) {
        throw new IllegalArgumentException(
            "a key sequence numbers blocks (block " + block + ") or steps in time, not both");
      }
    }

    /** A key sequence, a value per slot. */
    public KeySequence(String column, long first, long span, KeyFormat format, long step) {
      this(column, first, span, format, step, 0);
    }

    /** A key sequence in steps of one. */
    public KeySequence(String column, long first, long span, KeyFormat format) {
      this(column, first, span, format, 1);
    }

    /**
     * The numbers of the blocks of {@code block} consecutive slots, from {@code first}: not a key.
     */
    public static KeySequence blocks(String column, long first, long block) {
      return new KeySequence(column, first, 0, null, 1, block);
    }

    /** A key sequence written as the bare number. */
    public KeySequence(String column, long first, long span) {
      this(column, first, span, null, 1);
    }
  }

  /**
   * One column of a foreign key: the parent's own value in {@code parentColumn} at the row {@code
   * foreignKey} picks (a column of {@link ReferencePlan#parentTable()}, which for a trigger's rows
   * is the column the trigger copies).
   */
  record Reference(String column, String foreignKey, String parentColumn) implements ColumnPlan {}

  /** Drawn from a range, a list, or the type's default domain. */
  record Values(String column, ValueSpec spec) implements ColumnPlan {}

  /**
   * Offset from another column of the same row, so a CHECK between the two holds, or a lifecycle's
   * order (created, then updated): the value is {@code base + delta}, delta uniform in [minDelta,
   * maxDelta], in the type's unit (days, microseconds, integer steps, unscaled numeric steps).
   *
   * @param nullRatio share of NULLs (an end of life mostly unset); left out of the JSON when 0
   * @param foreignKey null, or the foreign key whose picked parent row holds {@code base}: a
   *     child's creation after its parent's, the parent's value recomputed from the pick as a
   *     reference's is; left out of the JSON when null
   * @param step the delta is {@code minDelta} plus a whole number of steps (a timestamp's second,
   *     so a value stays at whole seconds as its base is); 0 or 1 for any delta, and left out of
   *     the JSON then
   * @param since null, or a column of the same row the value is measured from: the value is then
   *     {@code (base - since) / per + delta}, the time between two of the row's times in the
   *     column's own unit (a session's length beside its start and stop); left out of the JSON when
   *     null
   * @param per with {@code since}, how many of the times' units make one of the column's (a
   *     timestamp's microseconds per second: 1,000,000); left out of the JSON when 0
   */
  record Derived(
      String column,
      String base,
      long minDelta,
      long maxDelta,
      @JsonInclude(JsonInclude.Include.NON_DEFAULT) double nullRatio,
      @JsonInclude(JsonInclude.Include.NON_NULL) String foreignKey,
      @JsonInclude(JsonInclude.Include.NON_DEFAULT) long step,
      @JsonInclude(JsonInclude.Include.NON_NULL) String since,
      @JsonInclude(JsonInclude.Include.NON_DEFAULT) long per)
      implements ColumnPlan {

    public Derived {
      if (nullRatio < 0 || nullRatio > 1) {
        throw new IllegalArgumentException("null ratio must be in [0, 1], got " + nullRatio);
      }
      if (step < 0) {
        throw new IllegalArgumentException("step must not be negative, got " + step);
      }
      if (since != null && (per < 1 || foreignKey != null)) {
        throw new IllegalArgumentException(
            "a time between two columns needs per >= 1 and no foreign key, got per " + per);
      }
    }

    /** Offset from a column of the same row (or a parent's, through {@code foreignKey}). */
    public Derived(
        String column,
        String base,
        long minDelta,
        long maxDelta,
        double nullRatio,
        String foreignKey,
        long step) {
      this(column, base, minDelta, maxDelta, nullRatio, foreignKey, step, null, 0);
    }

    /** Offset from a column of the same row, never NULL. */
    public Derived(String column, String base, long minDelta, long maxDelta) {
      this(column, base, minDelta, maxDelta, 0, null, 0);
    }
  }

  /**
   * A partition-key column: each row first picks a leaf partition (one pick per row, shared by all
   * of the table's partition-key columns, so their values agree on the leaf), then draws from that
   * leaf's spec.
   *
   * @param leaves one spec per leaf partition, in {@link
   *     io.spate.protocol.schema.Table#partitions()} order
   */
  record Partitioned(String column, List<ValueSpec> leaves) implements ColumnPlan {
    public Partitioned {
      leaves = List.copyOf(leaves);
    }
  }

  /**
   * Drawn to match a source database's statistics ({@code spate local --profile}): NULL at {@code
   * nullRatio}, else by the {@link ValueProfile}.
   *
   * @param group null, or the group of columns whose frequent values are combinations: they draw
   *     one quantile per row (from the group's stream), so a row takes the i-th value of each, one
   *     combination (which keeps a functional dependency between them)
   * @param determinant null, or a profiled column of the table (drawn on its own) that determines
   *     this one: a row whose determinant is not NULL draws this column's quantile from the
   *     determinant's value alone, so rows with equal determinants hold equal values here
   */
  record Profiled(
      String column, double nullRatio, ValueProfile profile, String group, String determinant)
      implements ColumnPlan {
    public Profiled {
      if (nullRatio < 0 || nullRatio > 1) {
        throw new IllegalArgumentException("null ratio must be in [0, 1], got " + nullRatio);
      }
      if (determinant != null && (group != null || determinant.equals(column))) {
        throw new IllegalArgumentException(
            column + " cannot be determined by " + determinant + " in group " + group);
      }
    }

    /** A column drawn on its own. */
    public Profiled(String column, double nullRatio, ValueProfile profile) {
      this(column, nullRatio, profile, null, null);
    }

    /** This column, determined by {@code column}. */
    public Profiled determinedBy(String column) {
      return new Profiled(this.column, nullRatio, profile, group, column);
    }
  }
}
