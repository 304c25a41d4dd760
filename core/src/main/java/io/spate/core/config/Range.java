package io.spate.core.config;

import io.spate.protocol.error.SpateException;

/** An inclusive integer range written {@code 7} or {@code 5..15} in the config. */
public record Range(int min, int max) {

  public static Range parse(String what, String text) {
    String t = text.trim();
    try {
      int dots = t.indexOf("..");
      Range r =
          dots < 0
              ? new Range(Integer.parseInt(t), Integer.parseInt(t))
              : new Range(
                  Integer.parseInt(t.substring(0, dots).trim()),
                  Integer.parseInt(t.substring(dots + 2).trim()));
      if (r.min < 0 || r.max < r.min) {
        throw new SpateException(
            what + ": '" + text + "' must be N or MIN..MAX with 0 <= MIN <= MAX");
      }
      return r;
    } catch (NumberFormatException e) {
      throw new SpateException(what + ": '" + text + "' must be N or MIN..MAX", e);
    }
  }
}
