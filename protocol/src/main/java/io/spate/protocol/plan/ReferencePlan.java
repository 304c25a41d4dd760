package io.spate.protocol.plan;

/**
 * How a foreign key picks its parent row; the parent's key is then recomputed at that row, never
 * read from the database.
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
    double nullRatio) {

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
        0);
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
        ratio);
  }

  public enum Pick {
    GROUP,
    INJECTIVE,
    RANDOM,
    EARLIER,
    EARLIER_OR_SELF
  }
}
