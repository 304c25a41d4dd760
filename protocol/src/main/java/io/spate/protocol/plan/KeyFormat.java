package io.spate.protocol.plan;

import com.fasterxml.jackson.annotation.JsonInclude;
import java.util.List;

/**
 * How a unique text key writes its number when the bare digits would break a CHECK on the column:
 * {@code prefix}, the number's decimal digits zero-padded to {@code width}, then {@code suffix}
 * ({@code k7}, {@code 007}, {@code user7@example.com}); or, when its CHECKs list the values it may
 * hold ({@code CHECK (lock = 'X')}, {@code IN ('a', 'b')}), label {@code (n - 1) mod labels} of
 * {@code labels}, as an enum key writes its labels. Distinct numbers within the labels give
 * distinct strings, so the key stays unique by construction.
 */
public record KeyFormat(
    String prefix,
    int width,
    String suffix,
    @JsonInclude(JsonInclude.Include.NON_EMPTY) List<String> labels) {

  /** The widest padding: a bytea key padded to the exact length its CHECK asks for. */
  public static final int MAX_WIDTH = 64;

  /** A numbered format. */
  public KeyFormat(String prefix, int width, String suffix) {
    this(prefix, width, suffix, List.of());
  }

  /** The listed values of a key its CHECKs list. */
  public static KeyFormat listed(List<String> labels) {
    return new KeyFormat("", 0, "", labels);
  }

  public KeyFormat {
    labels = labels == null ? List.of() : List.copyOf(labels);
    if (prefix == null || suffix == null || width < 0 || width > MAX_WIDTH) {
      throw new IllegalArgumentException(
          "a key format needs a prefix, a suffix and a width in 0.."
              + MAX_WIDTH
              + ", got "
              + prefix
              + ", "
              + width
              + ", "
              + suffix);
    }
  }

  /** The text of key number {@code n} (n >= 0; n >= 1 for labels). */
  public String render(long n) {
    if (!labels.isEmpty()) {
      return labels.get((int) Math.floorMod(n - 1, (long) labels.size()));
    }
    String digits = Long.toString(n);
    return prefix + "0".repeat(Math.max(0, width - digits.length())) + digits + suffix;
  }
}
