package io.spate.protocol.plan;

/**
 * How a foreign key picks its parent row; the parent's key is then recomputed at that row, never
 * read from the database.
 *
 * <p>{@code parentTable} is the table the foreign key references, or, where only an insert trigger
 * writes that table's rows and each copies the key of the row it fires for ({@link
 * io.spate.protocol.schema.TriggerWrite#copies()}), the table the trigger fires on: a row of it is
 * picked, and each {@link ColumnPlan.Reference#parentColumn()} names the column of it the trigger
 * copies, so the value is the key of the trigger's row.
 *
 * <p>A child slot falls in group {@code g = slot / groupSpan} at ordinal {@code slot % groupSpan}
 * ({@code g = 0}, ordinal = slot, when {@code groupSpan} is 0). The parent slot is:
 *
 * <ul>
 *   <li>{@link Pick#GROUP}: {@code g} itself: the row's lineage parent or one of its ancestors.
 *   <li>{@link Pick#INJECTIVE}: {@code g * parentGroupSpan + offset + (ordinal / radix) % size}:
 *       distinct ordinals in a group get distinct parents, which keeps a key made of foreign keys
 *       unique (mixed radix when several foreign keys share the key).
 *   <li>{@link Pick#RANDOM}: {@code g * parentGroupSpan + draw(size)} by {@code distribution},
 *       moved to a slot the parent really has when its fan-out varies.
 *   <li>{@link Pick#EARLIER}: a self-reference: {@code draw(slot)} by {@code distribution}, an
 *       earlier row of the same table, so the rows form trees; slot 0 is a root (NULL).
 *   <li>{@link Pick#EARLIER_OR_SELF}: a NOT NULL self-reference: {@code g * groupSpan +
 *       draw(ordinal + 1)} by {@code distribution}, an earlier row of the same block of {@code
 *       groupSpan} slots or the row itself (a root references itself). The tasks of the table cover
 *       whole blocks, so every row a task references is its own or already committed.
 * </ul>
 *
 * <p>With a {@code nullRatio} above 0 (random picks of a nullable foreign key only), that share of
 * rows, drawn once per row for all the key's columns, references nothing (NULL).
 *
 * <p>With a {@code profile} (random picks with {@code groupSpan} 0 only), the parent slot is drawn
 * by that {@link ValueProfile} over slot numbers in place of {@code distribution}: a source's hot
 * parents stay hot.
 *
 * <p>A CHECK between two foreign keys of a row to the same parent key ({@code entity0 <> entity1},
 * {@code tag1 < tag2}) makes one pick relative to the other's parent slot {@code b} ({@code
 * relativeTo} names that foreign key, {@code groupSpan} is 0 for both): with {@code relation}
 * {@code <>} the slot is {@code (b + 1 + d) % size}, {@code d} the pick's own draw (random) or
 * digit (injective) over {@code size - 1}; with {@code >} it is {@code b + 1 + draw(size - 1 - b)},
 * with {@code >=} {@code b + draw(size - b)} (random picks only; the other's {@code size} leaves
 * room). Where {@code b} is NULL the pick is made as if unrelated.
 */
public record ReferencePlan(
    String foreignKey,
    String parentTable,
    Pick pick,
    long groupSpan,
    long parentGroupSpan,
    long offset,
    long radix,
    long size,
    Distribution distribution,
    double nullRatio,
    String relativeTo,
    String relation,
    ValueProfile profile) {

  public ReferencePlan(
      String foreignKey,
      String parentTable,
      Pick pick,
      long groupSpan,
      long parentGroupSpan,
      long offset,
      long radix,
      long size,
      Distribution distribution,
      double nullRatio,
      String relativeTo,
      String relation) {
    this(
        foreignKey,
        parentTable,
        pick,
        groupSpan,
        parentGroupSpan,
        offset,
        radix,
        size,
        distribution,
        nullRatio,
        relativeTo,
        relation,
        null);
  }

  public ReferencePlan(
      String foreignKey,
      String parentTable,
      Pick pick,
      long groupSpan,
      long parentGroupSpan,
      long offset,
      long radix,
      long size,
      Distribution distribution) {
    this(
        foreignKey,
        parentTable,
        pick,
        groupSpan,
        parentGroupSpan,
        offset,
        radix,
        size,
        distribution,
        0,
        null,
        null);
  }

  public ReferencePlan withNullRatio(double ratio) {
    return new ReferencePlan(
        foreignKey,
        parentTable,
        pick,
        groupSpan,
        parentGroupSpan,
        offset,
        radix,
        size,
        distribution,
        ratio,
        relativeTo,
        relation,
        profile);
  }

  /**
   * This pick made relative to {@code other}'s: {@code relation} is {@code <>}, {@code >} or {@code
   * >=}.
   */
  public ReferencePlan relativeTo(String other, String relation) {
    return new ReferencePlan(
        foreignKey,
        parentTable,
        pick,
        groupSpan,
        parentGroupSpan,
        offset,
        radix,
        size,
        distribution,
        nullRatio,
        other,
        relation,
        profile);
  }

  /** This pick over {@code size} parent slots. */
  public ReferencePlan withSize(long size) {
    return new ReferencePlan(
        foreignKey,
        parentTable,
        pick,
        groupSpan,
        parentGroupSpan,
        offset,
        radix,
        size,
        distribution,
        nullRatio,
        relativeTo,
        relation,
        profile);
  }

  /** This pick drawn by {@code profile} (parent slot numbers) instead of its distribution. */
  public ReferencePlan withProfile(ValueProfile profile) {
    return new ReferencePlan(
        foreignKey,
        parentTable,
        pick,
        groupSpan,
        parentGroupSpan,
        offset,
        radix,
        size,
        distribution,
        nullRatio,
        relativeTo,
        relation,
        profile);
  }

  public enum Pick {
    GROUP,
    INJECTIVE,
    RANDOM,
    EARLIER,
    EARLIER_OR_SELF
  }
}
