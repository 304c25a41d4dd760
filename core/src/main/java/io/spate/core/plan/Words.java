package io.spate.core.plan;

import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;
import java.util.regex.Pattern;

/**
 * The words of a column or table name, for the rules that read what a column means: lower case,
 * split at underscores, other punctuation and camel case ({@code shipPostalCode_2} is {@code ship},
 * {@code postal}, {@code code}), with the trailing digits of the last word and words of digits
 * alone dropped.
 */
final class Words {

  private Words() {}

  /**
   * The words of {@code name}, unmodifiable. The rules ask for the words of one name many times
   * (every pair of a table's columns, every column's meaning), so they are split once a name and
   * kept; the cache is emptied when it holds {@link #MAX_KNOWN} names.
   */
  static List<String> of(String name) {
    List<String> words = KNOWN.get(name);
    if (words == null) {
      words = split(name);
      if (KNOWN.size() >= MAX_KNOWN) {
        KNOWN.clear();
      }
      KNOWN.put(name, words);
    }
    return words;
  }

  private static final Map<String, List<String>> KNOWN = new ConcurrentHashMap<>();

  private static final int MAX_KNOWN = 16_384;

  private static final Pattern CAMEL = Pattern.compile("([a-z0-9])([A-Z])");
  private static final Pattern ACRONYM = Pattern.compile("([A-Z]+)([A-Z][a-z])");
  private static final Pattern NOT_WORD = Pattern.compile("[^a-z0-9]+");
  private static final Pattern TRAILING_DIGITS = Pattern.compile("[0-9]+$");

  private static List<String> split(String name) {
    String split =
        ACRONYM
            .matcher(CAMEL.matcher(name).replaceAll("$1_$2"))
            .replaceAll("$1_$2")
            .toLowerCase(Locale.ROOT);
    List<String> words = new ArrayList<>();
    for (String w : NOT_WORD.split(split)) {
      if (!w.isEmpty() && !w.chars().allMatch(Character::isDigit)) {
        words.add(w);
      }
    }
    if (!words.isEmpty()) {
      String last = TRAILING_DIGITS.matcher(words.getLast()).replaceAll("");
      words.set(words.size() - 1, last);
    }
    return List.copyOf(words);
  }

  /** The words run together: {@code [postal, code]} is {@code postalcode}. */
  static String joined(List<String> words) {
    return String.join("", words);
  }

  /** The last word, or "" for a name with none. */
  static String last(String name) {
    List<String> words = of(name);
    return words.isEmpty() ? "" : words.getLast();
  }

  /**
   * The thing a table holds: its last word in the singular ({@code order_items} holds an {@code
   * item}, {@code people} a {@code person}, {@code categories} a {@code category}).
   */
  static String entity(String tableName) {
    String w = last(tableName);
    if (w.equals("people")) {
      return "person";
    }
    if (w.endsWith("ies") && w.length() > 4) {
      return w.substring(0, w.length() - 3) + "y";
    }
    if (w.endsWith("sses") || w.endsWith("xes") || w.endsWith("ches") || w.endsWith("shes")) {
      return w.substring(0, w.length() - 2);
    }
    if (w.endsWith("s") && !w.endsWith("ss") && !w.endsWith("us") && w.length() > 3) {
      return w.substring(0, w.length() - 1);
    }
    return w;
  }
}
