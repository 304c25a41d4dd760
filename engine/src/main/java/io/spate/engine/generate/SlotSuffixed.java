package io.spate.engine.generate;

import io.spate.engine.encode.RowWriter;
import io.spate.protocol.plan.Distribution;
import io.spate.protocol.seed.Seeds;
import java.nio.charset.StandardCharsets;
import java.util.Arrays;
import java.util.List;

/**
 * Text drawn from a list with the row's slot number inserted before the first {@code @} (or
 * appended): {@code ada.lovelace@example.com} becomes {@code ada.lovelace1234@example.com} in slot
 * 1234. When no value holds a digit, the digits before the {@code @} are exactly the slot, so two
 * rows never share a value: a unique column stays unique with no coordination.
 */
final class SlotSuffixed extends CellGen {

  private final long stream;
  private final byte[][] heads;
  private final byte[][] tails;
  private final Distribution distribution;
  private final byte[] digits = new byte[20];
  private byte[] scratch = new byte[64];

  SlotSuffixed(long stream, List<String> values, Distribution distribution) {
    this.stream = stream;
    this.distribution = distribution;
    heads = new byte[values.size()][];
    tails = new byte[values.size()][];
    for (int i = 0; i < values.size(); i++) {
      String v = values.get(i);
      int at = v.indexOf('@');
      int cut = at < 0 ? v.length() : at;
      heads[i] = v.substring(0, cut).getBytes(StandardCharsets.UTF_8);
      tails[i] = v.substring(cut).getBytes(StandardCharsets.UTF_8);
    }
  }

  @Override
  void write(long slot, RowWriter out) {
    int i = (int) Draws.index(distribution, Seeds.cell(stream, slot), heads.length);
    int n = Cells.digits(slot, digits);
    int length = heads[i].length + n + tails[i].length;
    if (scratch.length < length) {
      scratch = Arrays.copyOf(scratch, Math.max(length, 2 * scratch.length));
    }
    System.arraycopy(heads[i], 0, scratch, 0, heads[i].length);
    System.arraycopy(digits, digits.length - n, scratch, heads[i].length, n);
    System.arraycopy(tails[i], 0, scratch, heads[i].length + n, tails[i].length);
    out.writeBytes(scratch, 0, length);
  }
}
