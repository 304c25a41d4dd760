package io.spate.coordinator.profile;

import java.util.ArrayList;
import java.util.HashMap;
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
