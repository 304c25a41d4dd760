package io.spate.protocol.seed;

import java.nio.charset.StandardCharsets;

/**
 * Counter-based hashing: every random draw in a fill is {@code mix(stream + counter)}, where the
 * stream is derived (by {@link Streams}) from (job seed, table, column, purpose) and the counter
 * from (row, draw). No state is carried from one draw to the next, so any row can be computed
 * alone, in any order, on any host.
 *
 * <p>Names are hashed from their UTF-8 bytes, never {@code String.hashCode()} or anything that
 * depends on the JVM's locale, charset or time zone.
 */
public final class Seeds {

  /** The golden-ratio increment of SplitMix64; consecutive counters land far apart. */
  private static final long GAMMA = 0x9E3779B97F4A7C15L;

  private Seeds() {}

  /** A strong 64-bit finaliser (Stafford's variant 13, as in SplitMix64). A bijection. */
  public static long mix(long z) {
    z = (z ^ (z >>> 30)) * 0xBF58476D1CE4E5B9L;
    z = (z ^ (z >>> 27)) * 0x94D049BB133111EBL;
    return z ^ (z >>> 31);
  }

  /** FNV-1a's offset basis: the hash of no bytes. */
  static final long FNV_BASIS = 0xCBF29CE484222325L;

  /**
   * Derives a child stream from a parent stream and a name (a table or a column). Package-private:
   * {@link Streams} is the one place that says which stream serves which purpose.
   */
  static long derive(long parent, String name) {
    return fromHash(parent, fnv(FNV_BASIS, name.getBytes(StandardCharsets.UTF_8)));
  }

  /** The child stream of {@code parent} whose bytes hashed (by {@link #fnv}) to {@code hash}. */
  static long fromHash(long parent, long hash) {
    return mix(parent ^ mix(hash));
  }

  /** FNV-1a over {@code bytes}, continuing from {@code h} (start at {@link #FNV_BASIS}). */
  static long fnv(long h, byte[] bytes) {
    for (byte b : bytes) {
      h = fnv(h, b);
    }
    return h;
  }

  /** One FNV-1a step over the byte {@code b}. */
  static long fnv(long h, byte b) {
    return (h ^ (b & 0xff)) * 0x100000001B3L;
  }

  /** The hash of one cell: the stream of its column at one row. */
  public static long cell(long columnStream, long row) {
    return mix(columnStream + row * GAMMA);
  }

  /** The {@code draw}-th independent draw within one cell (the k-th character block, say). */
  public static long draw(long cellHash, long draw) {
    return mix(cellHash + (draw + 1) * 0xD1B54A32D192ED03L);
  }

  /** A uniform number in [0, bound) from a hash, by multiply-high (no modulo bias worth noting). */
  public static long below(long hash, long bound) {
    return Math.unsignedMultiplyHigh(hash, bound);
  }

  /** A uniform double in [0, 1) from the top 53 bits of a hash. */
  public static double unit(long hash) {
    return (hash >>> 11) * 0x1.0p-53;
  }
}
