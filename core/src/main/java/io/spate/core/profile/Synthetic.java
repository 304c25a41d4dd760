package io.spate.core.profile;

import java.util.ArrayList;
import java.util.HashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;

/**
 * Synthetic stand-ins for a column's source text values: the value at position i becomes i written
 * in letters ({@code a}, {@code b}, ..., {@code ba}, all of one width) padded with {@code x} to the
 * source value's length. The stand-in depends on the position and the length alone, never on the
 * text, so a profile reveals nothing else of it; lengths and frequencies are kept, and so is the
 * order of histogram bounds wherever a value is at least as long as the letters' width. {@link
 * #byValue} gives equal values one stand-in, for lists where a value repeats.
 */
final class Synthetic {

  private Synthetic() {}

  static List<String> of(List<String> values) {
    int width = 1;
    for (long n = 26; n < values.size(); n *= 26) {
      width++;
    }
    List<String> out = new ArrayList<>(values.size());
    for (int i = 0; i < values.size(); i++) {
      int length = values.get(i).codePointCount(0, values.get(i).length());
      out.add(pad(letters(i, width), length));
    }
    return out;
  }

  /** Stand-ins where equal values get one, the i-th distinct value (first seen) as i. */
  static List<String> byValue(List<String> values) {
    Map<String, Integer> index = new HashMap<>();
    List<String> distinct = new ArrayList<>();
    for (String v : values) {
      if (v != null && index.putIfAbsent(v, distinct.size()) == null) {
        distinct.add(v);
      }
    }
    List<String> standIns = of(distinct);
    return values.stream().map(v -> v == null ? null : standIns.get(index.get(v))).toList();
  }

  /**
   * Stand-ins given values of the column's realistic pool (the planner's value list for it), at a
   * fill: each distinct stand-in, in order, takes the unused pool value nearest its length (the
   * first such in the pool's order), so frequencies and lengths stay as the profile has them and
   * equal stand-ins get one value. Stand-ins past the pool's distinct values stay as they are.
   */
  static List<String> fromPool(List<String> standIns, List<String> pool) {
    List<String> free = new ArrayList<>(new LinkedHashSet<>(pool));
    free.removeAll(standIns); // a stand-in left as it is never meets a pool value
    Map<String, String> chosen = new HashMap<>();
    List<String> out = new ArrayList<>(standIns.size());
    for (String s : standIns) {
      out.add(s == null ? null : chosen.computeIfAbsent(s, k -> nearest(k, free)));
    }
    return out;
  }

  /** Takes from {@code free} the value nearest {@code standIn}'s length; the stand-in if none. */
  private static String nearest(String standIn, List<String> free) {
    int length = standIn.codePointCount(0, standIn.length());
    int best = -1;
    int bestGap = Integer.MAX_VALUE;
    for (int i = 0; i < free.size() && bestGap > 0; i++) {
      String v = free.get(i);
      int gap = Math.abs(v.codePointCount(0, v.length()) - length);
      if (gap < bestGap) {
        best = i;
        bestGap = gap;
      }
    }
    return best < 0 ? standIn : free.remove(best);
  }

  private static String letters(int index, int width) {
    char[] c = new char[width];
    for (int p = width - 1, n = index; p >= 0; p--, n /= 26) {
      c[p] = (char) ('a' + n % 26);
    }
    return new String(c);
  }

  private static String pad(String letters, int length) {
    return letters.length() >= length
        ? letters.substring(0, length)
        : letters + "x".repeat(length - letters.length());
  }
}
