package io.spate.protocol.plan;

import io.spate.protocol.seed.Seeds;
import io.spate.protocol.seed.Streams;

/**
 * The slot arithmetic shared by the planner (row counts) and the engine (which slots hold rows):
 * slot {@code s} of a per-parent table is child {@code s % max} of parent slot {@code s / max}, and
 * holds a row when its parent slot does and the child index is below the parent's drawn count.
 */
public final class Slots {

  private Slots() {}

  /** How many children parent slot {@code parentSlot} gets. */
  public static int childCount(TablePlan table, long parentSlot) {
    Fanout f = table.fanout();
    return f.fixed() ? f.min() : drawCount(f, Streams.fanout(table.stream()), parentSlot);
  }

  private static int drawCount(Fanout f, long fanoutStream, long parentSlot) {
    return f.min()
        + (int) Seeds.below(Seeds.cell(fanoutStream, parentSlot), f.max() - f.min() + 1L);
  }

  /**
   * The lineage of a table resolved once, for the hot path: the same answers as {@link #holdsRow}
   * and {@link #nearestRow} without looking tables up by name on every slot.
   */
  public static final class Lineage {
    private final Fanout[] fanouts; // fanouts[0] is the table's own; null-free, root excluded
    private final long[] fanoutStreams;
    private final long rootSlots;

    public Lineage(FillPlan plan, TablePlan table) {
      java.util.List<Fanout> f = new java.util.ArrayList<>();
      java.util.List<Long> streams = new java.util.ArrayList<>();
      TablePlan t = table;
      for (; t.fanout() != null; t = plan.table(t.fanout().parent())) {
        f.add(t.fanout());
        streams.add(Streams.fanout(t.stream()));
      }
      this.fanouts = f.toArray(Fanout[]::new);
      this.fanoutStreams = streams.stream().mapToLong(Long::longValue).toArray();
      this.rootSlots = t.slots();
    }

    private int count(int level, long parentSlot) {
      Fanout f = fanouts[level];
      return f.fixed() ? f.min() : drawCount(f, fanoutStreams[level], parentSlot);
    }

    public boolean holdsRow(long slot) {
      long s = slot;
      for (int level = 0; level < fanouts.length; level++) {
        int max = fanouts[level].max();
        long parent = s / max;
        if (s % max >= count(level, parent)) {
          return false;
        }
        s = parent;
      }
      return s < rootSlots;
    }

    public long nearestRow(long slot) {
      return nearest(0, slot);
    }

    private long nearest(int level, long slot) {
      if (level == fanouts.length) {
        return slot;
      }
      int max = fanouts[level].max();
      long parent = nearest(level + 1, slot / max);
      return parent * max + (slot % max) % count(level, parent);
    }
  }

  /** Whether every slot of the table holds a row (fixed counts all the way up). */
  public static boolean dense(FillPlan plan, TablePlan table) {
    for (TablePlan t = table; t.fanout() != null; t = plan.table(t.fanout().parent())) {
      if (!t.fanout().fixed()) {
        return false;
      }
    }
    return true;
  }

  public static boolean holdsRow(FillPlan plan, TablePlan table, long slot) {
    if (table.fanout() == null) {
      return slot < table.slots();
    }
    long parentSlot = slot / table.fanout().max();
    return slot % table.fanout().max() < childCount(table, parentSlot)
        && holdsRow(plan, plan.table(table.fanout().parent()), parentSlot);
  }

  /**
   * The slot itself if it holds a row, else a nearby one that does (same parent, or recursively).
   */
  public static long nearestRow(FillPlan plan, TablePlan table, long slot) {
    if (table.fanout() == null) {
      return slot;
    }
    int max = table.fanout().max();
    long parentSlot = nearestRow(plan, plan.table(table.fanout().parent()), slot / max);
    return parentSlot * max + (slot % max) % childCount(table, parentSlot);
  }
}
