package io.spate.worker.generate;

import io.spate.protocol.plan.Distribution;
import io.spate.protocol.plan.ReferencePlan;
import io.spate.protocol.seed.Seeds;
import io.spate.protocol.seed.Streams;
import java.util.function.LongUnaryOperator;

/**
 * Computes a foreign key's parent slot from the child's slot, as {@link ReferencePlan} specifies.
 */
final class ParentPick {
  private final ReferencePlan.Pick pick;
  private final long groupSpan;
  private final long parentGroupSpan;
  private final long offset;
  private final long radix;
  private final long size;
  private final Distribution distribution;
  private final long stream;
  private final LongUnaryOperator nearestParentRow;
  private final double nullRatio;
  private final long nullStream;

  /**
   * @param nearestParentRow moves a parent slot to one that holds a row, or null when every parent
   *     slot does
   */
  ParentPick(ReferencePlan plan, long stream, LongUnaryOperator nearestParentRow) {
    this.pick = plan.pick();
    this.groupSpan = plan.groupSpan();
    this.parentGroupSpan = plan.parentGroupSpan();
    this.offset = plan.offset();
    this.radix = plan.radix();
    this.size = plan.size();
    this.distribution = plan.distribution();
    this.stream = stream;
    this.nearestParentRow = nearestParentRow;
    this.nullRatio = plan.nullRatio();
    this.nullStream = Streams.nulls(stream);
  }

  /** The parent slot, or -1 for none (the root of a self-reference's tree). */
  long parentSlot(long slot) {
    if (nullRatio > 0 && Seeds.unit(Seeds.cell(nullStream, slot)) < nullRatio) {
      return -1;
    }
    long group = groupSpan == 0 ? 0 : slot / groupSpan;
    long ordinal = groupSpan == 0 ? slot : slot % groupSpan;
    return switch (pick) {
      case GROUP -> group;
      case INJECTIVE -> group * parentGroupSpan + offset + (ordinal / radix) % size;
      case RANDOM -> {
        long parent =
            group * parentGroupSpan + Draws.index(distribution, Seeds.cell(stream, slot), size);
        yield nearestParentRow == null ? parent : nearestParentRow.applyAsLong(parent);
      }
      case EARLIER -> slot == 0 ? -1 : Draws.index(distribution, Seeds.cell(stream, slot), slot);
      case EARLIER_OR_SELF ->
          group * groupSpan + Draws.index(distribution, Seeds.cell(stream, slot), ordinal + 1);
    };
  }
}
