package io.spate.engine.generate;

/** The next slot to generate within a task's range [next, end). */
public final class SlotCursor {
  private long next;
  private final long end;

  public SlotCursor(long start, long end) {
    this.next = start;
    this.end = end;
  }

  public boolean done() {
    return next >= end;
  }

  long next() {
    return next;
  }

  long end() {
    return end;
  }

  void advanceTo(long slot) {
    next = slot;
  }
}
