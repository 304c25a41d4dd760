package io.spate.bench.e2e;

import java.util.ArrayList;
import java.util.List;

/**
 * One row in {@code LOAD DATA}'s default text format, both ways: fields separated by a tab, the row
 * ended by a newline, NULL as {@code \N}, and a backslash, tab, newline, carriage return or NUL in
 * a value escaped with a backslash, so a row is always exactly one line.
 */
final class TextRows {

  private TextRows() {}

  /** Appends the row's line, newline included. */
  static void append(StringBuilder line, List<String> values) {
    for (int i = 0; i < values.size(); i++) {
      if (i > 0) {
        line.append('\t');
      }
      String v = values.get(i);
      if (v == null) {
        line.append("\\N");
        continue;
      }
      for (int k = 0; k < v.length(); k++) {
        char c = v.charAt(k);
        switch (c) {
          case '\\' -> line.append("\\\\");
          case '\t' -> line.append("\\t");
          case '\n' -> line.append("\\n");
          case '\r' -> line.append("\\r");
          case '\0' -> line.append("\\0");
          default -> line.append(c);
        }
      }
    }
    line.append('\n');
  }

  /** The values of a line {@link #append} wrote (without its newline); null for {@code \N}. */
  static List<String> parse(String line) {
    List<String> values = new ArrayList<>();
    StringBuilder v = new StringBuilder();
    boolean isNull = false;
    for (int k = 0; k <= line.length(); k++) {
      char c = k < line.length() ? line.charAt(k) : '\t';
      if (c == '\t') {
        values.add(isNull ? null : v.toString());
        v.setLength(0);
        isNull = false;
      } else if (c == '\\') {
        char e = line.charAt(++k);
        switch (e) {
          case 'N' -> isNull = true;
          case 't' -> v.append('\t');
          case 'n' -> v.append('\n');
          case 'r' -> v.append('\r');
          case '0' -> v.append('\0');
          default -> v.append(e);
        }
      } else {
        v.append(c);
      }
    }
    return values;
  }
}
