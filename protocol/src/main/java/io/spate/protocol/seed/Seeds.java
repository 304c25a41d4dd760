package io.spate.protocol.seed;

import java.nio.charset.StandardCharsets;

/**
 * Counter-based hashing: every random draw in a fill is {@code mix(stream + counter)}, where the
 * stream is derived from (job seed, table, column) and the counter from (row, draw). No state is
 * carried from one draw to the next, so any row can be computed alone, in any order, on any host.
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

  /** Derives a child stream from a parent stream and a name (a table or a column). */
  public static long derive(long parent, String name) {
    long h = 0xCBF29CE484222325L; // FNV-1a over UTF-8, then mixed with the parent
    for (byte b : name.getBytes(StandardCharsets.UTF_8)) {
      h = (h ^ (b & 0xff)) * 0x100000001B3L;
    }
    return mix(parent ^ mix(h));
  }

  /** Derives a child stream from a parent stream and a number (a purpose tag). */
  public static long derive(long parent, long tag) {
    return mix(parent ^ mix(tag * GAMMA + 0x632BE59BD9B4E019L));
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
