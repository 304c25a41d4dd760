package io.spate.core.plan;

import java.util.ArrayList;
import java.util.List;
import java.util.Locale;

/**
 * The words of a column or table name, for the rules that read what a column means: lower case,
 * split at underscores, other punctuation and camel case ({@code shipPostalCode_2} is {@code ship},
 * {@code postal}, {@code code}), with the trailing digits of the last word and words of digits
 * alone dropped.
 */
final class Words {

  private Words() {}

  static List<String> of(String name) {
    String split =
        name.replaceAll("([a-z0-9])([A-Z])", "$1_$2")
            .replaceAll("([A-Z]+)([A-Z][a-z])", "$1_$2")
            .toLowerCase(Locale.ROOT);
    List<String> words = new ArrayList<>();
    for (String w : split.split("[^a-z0-9]+")) {
      if (!w.isEmpty() && !w.chars().allMatch(Character::isDigit)) {
        words.add(w);
      }
    }
    if (!words.isEmpty()) {
      String last = words.getLast().replaceAll("[0-9]+$", "");
      words.set(words.size() - 1, last);
    }
    return words;
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
