package io.spate.protocol.plan;

/**
 * A child table filled per row of a parent table: every parent row gets between {@code min} and
 * {@code max} children (drawn per parent row from the seed). {@code min >= 1}, so every parent slot
 * keeps at least its first child slot, which references can always fall back to.
 */
public record Fanout(String parent, int min, int max) {
  public Fanout {
    if (min < 1 || max < min) {
      throw new IllegalArgumentException(
          "per-" + parent + " count must satisfy 1 <= min <= max, got " + min + ".." + max);
    }
  }

  public boolean fixed() {
    return min == max;
  }

  @Override
  public String toString() {
    return fixed() ? min + " per " + parent : min + ".." + max + " per " + parent;
  }
}
