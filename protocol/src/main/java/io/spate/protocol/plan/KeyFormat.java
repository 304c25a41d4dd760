package io.spate.protocol.plan;

/**
 * How a unique text key writes its number when the bare digits would break a CHECK on the column:
 * {@code prefix}, the number's decimal digits zero-padded to {@code width}, then {@code suffix}
 * ({@code k7}, {@code 007}, {@code user7@example.com}). Distinct numbers give distinct strings, so
 * the key stays unique by construction.
 */
public record KeyFormat(String prefix, int width, String suffix) {

  public KeyFormat {
    if (prefix == null || suffix == null || width < 0 || width > 19) {
      throw new IllegalArgumentException(
          "a key format needs a prefix, a suffix and a width in 0..19, got "
              + prefix
              + ", "
              + width
              + ", "
              + suffix);
    }
  }

  /** The text of key number {@code n} (n >= 0). */
  public String render(long n) {
    String digits = Long.toString(n);
    return prefix + "0".repeat(Math.max(0, width - digits.length())) + digits + suffix;
  }
}
