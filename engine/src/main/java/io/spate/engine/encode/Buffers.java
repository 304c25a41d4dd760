package io.spate.engine.encode;

import java.util.Arrays;

/** Growth of the writers' byte buffers: by doubling, so amortised away at a working size. */
final class Buffers {

  /** Array sizes above this may fail on some VMs. */
  private static final int MAX_BUFFER_SIZE = Integer.MAX_VALUE - 8;

  private Buffers() {}

  /**
   * A copy of {@code buffer} with room for {@code extra} bytes after {@code position}.
   *
   * @param format the writer's format, for the message when the buffer would pass 2 GiB
   */
  static byte[] grown(byte[] buffer, int position, long extra, String format) {
    long required = position + extra;
    if (required > MAX_BUFFER_SIZE) {
      throw new IllegalStateException(
          format + " buffer would exceed " + MAX_BUFFER_SIZE + " bytes");
    }
    long doubled = Math.max(2L * buffer.length, 64);
    return Arrays.copyOf(buffer, (int) Math.min(Math.max(doubled, required), MAX_BUFFER_SIZE));
  }
}
