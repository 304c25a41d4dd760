package io.spate.engine.generate;

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
  private final ParentPick base;
  private final String relation;
  private final ProfiledCells.ParentSlots profiled;

  /**
   * @param nearestParentRow moves a parent slot to one that holds a row, or null when every parent
   *     slot does
   */
  ParentPick(ReferencePlan plan, long stream, LongUnaryOperator nearestParentRow) {
    this(plan, stream, nearestParentRow, null);
  }

  /**
   * @param base the pick of the foreign key {@code plan} is {@linkplain ReferencePlan#relativeTo()
   *     relative to}, or null
   */
  ParentPick(ReferencePlan plan, long stream, LongUnaryOperator nearestParentRow, ParentPick base) {
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
    this.base = base;
    this.relation = plan.relation();
    this.profiled = null;
  }

  /** A random pick drawn by the plan's {@link ReferencePlan#profile()} over a table's slots. */
  ParentPick(ReferencePlan plan, long stream, LongUnaryOperator nearestParentRow, long slots) {
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
    this.base = null;
    this.relation = plan.relation();
    this.profiled = new ProfiledCells.ParentSlots(plan, stream, slots, size);
  }

  /** The parent slot, or -1 for none (the root of a self-reference's tree). */
  long parentSlot(long slot) {
    if (nullRatio > 0 && Seeds.unit(Seeds.cell(nullStream, slot)) < nullRatio) {
      return -1;
    }
    long b = base == null ? -1 : base.parentSlot(slot);
    if (b >= 0) {
      return relative(slot, b);
    }
    long group = groupSpan == 0 ? 0 : slot / groupSpan;
    long ordinal = groupSpan == 0 ? slot : slot % groupSpan;
    return switch (pick) {
      case GROUP -> group;
      case INJECTIVE -> group * parentGroupSpan + offset + (ordinal / radix) % size;
      case RANDOM -> {
        long parent =
            group * parentGroupSpan
                + (profiled != null
                    ? profiled.pick(slot)
                    : Draws.index(distribution, Seeds.cell(stream, slot), size));
        yield nearestParentRow == null ? parent : nearestParentRow.applyAsLong(parent);
      }
      case EARLIER -> slot == 0 ? -1 : Draws.index(distribution, Seeds.cell(stream, slot), slot);
      case EARLIER_OR_SELF ->
          group * groupSpan + Draws.index(distribution, Seeds.cell(stream, slot), ordinal + 1);
    };
  }

  /** The slot in {@code relation} to the base's parent slot {@code b} (groupSpan 0). */
  private long relative(long slot, long b) {
    long cell = Seeds.cell(stream, slot);
    return switch (relation) {
      case "<>" -> {
        long d =
            pick == ReferencePlan.Pick.INJECTIVE
                ? (slot / radix) % (size - 1)
                : Draws.index(distribution, cell, size - 1);
        yield (b + 1 + d) % size;
      }
      case ">" -> b + 1 + Draws.index(distribution, cell, size - 1 - b);
      case ">=" -> b + Draws.index(distribution, cell, size - b);
      default -> throw new IllegalStateException("no relation " + relation);
    };
  }
}
