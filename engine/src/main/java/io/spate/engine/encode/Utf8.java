package io.spate.engine.encode;

/** UTF-8 encoding into a byte array, shared by the writers; allocates nothing. */
final class Utf8 {

  private Utf8() {}

  /**
   * Writes {@code s} in UTF-8 at {@code out[p]}, unpaired surrogates as {@code '?'}; {@code out}
   * must have room for 3 bytes per {@code char}.
   *
   * @return the position after the bytes written
   */
  static int put(String s, byte[] out, int p) {
    int length = s.length();
    int i = 0;
    while (i < length) { // ASCII run, the common case
      char c = s.charAt(i);
      if (c >= 0x80) {
        break;
      }
      out[p++] = (byte) c;
      i++;
    }
    for (; i < length; i++) {
      char c = s.charAt(i);
      if (c < 0x80) {
        out[p++] = (byte) c;
      } else {
        int next = putNonAscii(s, i, out, p);
        if (next - p == 4) {
          i++; // the low surrogate of the pair just written
        }
        p = next;
      }
    }
    return p;
  }

  /**
   * Writes the UTF-8 bytes of the non-ASCII code unit {@code s.charAt(i)} at {@code out[p]}, with
   * the low surrogate after it when the two make a pair (then 4 bytes are written, and only then:
   * the caller skips the low surrogate). An unpaired surrogate becomes {@code '?'}, as in {@link
   * String#getBytes(java.nio.charset.Charset)}. {@code out} must have room for 4 bytes.
   *
   * @return the position after the bytes written
   */
  static int putNonAscii(String s, int i, byte[] out, int p) {
    char c = s.charAt(i);
    if (c < 0x800) {
      out[p++] = (byte) (0xC0 | (c >> 6));
      out[p++] = (byte) (0x80 | (c & 0x3F));
    } else if (!Character.isSurrogate(c)) {
      out[p++] = (byte) (0xE0 | (c >> 12));
      out[p++] = (byte) (0x80 | ((c >> 6) & 0x3F));
      out[p++] = (byte) (0x80 | (c & 0x3F));
    } else if (Character.isHighSurrogate(c)
        && i + 1 < s.length()
        && Character.isLowSurrogate(s.charAt(i + 1))) {
      int codePoint = Character.toCodePoint(c, s.charAt(i + 1));
      out[p++] = (byte) (0xF0 | (codePoint >> 18));
      out[p++] = (byte) (0x80 | ((codePoint >> 12) & 0x3F));
      out[p++] = (byte) (0x80 | ((codePoint >> 6) & 0x3F));
      out[p++] = (byte) (0x80 | (codePoint & 0x3F));
    } else {
      out[p++] = '?';
    }
    return p;
  }
}
