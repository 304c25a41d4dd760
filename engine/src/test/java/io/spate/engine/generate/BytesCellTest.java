package io.spate.engine.generate;

import static org.junit.jupiter.api.Assertions.assertEquals;

import io.spate.engine.encode.CopyBinaryWriter;
import java.nio.ByteBuffer;
import java.util.TreeSet;
import org.junit.jupiter.api.Test;

/** Binary values respect a declared length ({@code binary(n)}, {@code varbinary(n)}). */
class BytesCellTest {

  /** The distinct lengths of 2,000 generated values. */
  private static TreeSet<Integer> lengths(int declaredLength) {
    TextCells.Bytes bytes = new TextCells.Bytes(42, declaredLength);
    TreeSet<Integer> lengths = new TreeSet<>();
    for (long slot = 0; slot < 2_000; slot++) {
      CopyBinaryWriter out = new CopyBinaryWriter(64);
      bytes.write(slot, out);
      int length = ByteBuffer.wrap(out.array()).getInt(0);
      assertEquals(4 + length, out.size());
      lengths.add(length);
    }
    return lengths;
  }

  @Test
  void withoutADeclaredLengthValuesAre8To32Bytes() {
    assertEquals(8, lengths(0).first());
    assertEquals(32, lengths(-1).last());
  }

  @Test
  void aDeclaredLengthCapsTheValues() {
    assertEquals(8, lengths(20).first());
    assertEquals(20, lengths(20).last());
    assertEquals(java.util.Set.of(4), lengths(4));
  }
}
