package io.spate.engine.generate;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.spate.engine.encode.CopyBinaryWriter;
import io.spate.protocol.plan.KeyFormat;
import io.spate.protocol.schema.Column;
import io.spate.protocol.schema.SqlType;
import java.nio.charset.StandardCharsets;
import java.util.HashSet;
import java.util.List;
import java.util.Set;
import org.junit.jupiter.api.Test;

class KeyCellsTest {

  private static Column chars(int length) {
    return new Column(
        "code",
        SqlType.CHAR,
        "character(" + length + ")",
        length,
        -1,
        -1,
        false,
        false,
        false,
        null);
  }

  /** The text a key sequence starting at 1 writes for the row in {@code slot}. */
  private static String key(KeyCells.KeySequence key, long slot) {
    CopyBinaryWriter out = new CopyBinaryWriter(16);
    key.write(slot, out);
    return new String(out.array(), 4, out.size() - 4, StandardCharsets.US_ASCII);
  }

  @Test
  void charCodesRunPastTheirDigitsIntoDistinctCodesOfDigitsAndCapitalLetters() {
    for (int length = 1; length <= 3; length++) {
      long capacity = KeyCells.capacity(chars(length));
      assertEquals((long) Math.pow(36, length) - 1, capacity);
      KeyCells.KeySequence seq = new KeyCells.KeySequence(chars(length), 1, 0, null, 7);
      Set<String> seen = new HashSet<>();
      for (long slot = 0; slot < capacity; slot++) {
        String code = key(seq, slot);
        assertTrue(code.length() <= length && code.matches("[0-9A-Z]+"), code);
        assertTrue(seen.add(code), () -> "repeated " + code);
        assertEquals(slot + 1 < Math.pow(10, length), code.matches("[0-9]+"), code);
      }
    }
  }

  @Test
  void aBlockedSequenceNumbersTheBlocksOfConsecutiveSlots() {
    Column bid =
        new Column("bid", SqlType.INTEGER, "integer", -1, -1, -1, true, false, false, null);
    KeyCells.KeySequence blocks = new KeyCells.KeySequence(bid, 1, 0, null, 7, 1, 100_000);
    assertEquals(1, blocks.longValue(0));
    assertEquals(1, blocks.longValue(99_999));
    assertEquals(2, blocks.longValue(100_000));
    assertEquals(50, blocks.longValue(4_999_999));
    KeyCells.KeySequence plain = new KeyCells.KeySequence(bid, 1, 0, null, 7, 1, 0);
    assertEquals(100_001, plain.longValue(100_000), "block 0 is a value per slot");
  }

  @Test
  void enumAndBooleanKeysCycleThroughTheirValues() {
    Column kind =
        new Column(
            "kind",
            SqlType.ENUM,
            "kind",
            -1,
            -1,
            -1,
            false,
            false,
            false,
            null,
            1,
            null,
            List.of("small", "large"),
            List.of());
    KeyCells.KeySequence seq = new KeyCells.KeySequence(kind, 1, 0, null, 7);
    assertEquals(
        List.of("small", "large", "small"), List.of(key(seq, 0), key(seq, 1), key(seq, 2)));
    assertEquals(2, KeyCells.capacity(kind));
    assertEquals(2, KeyCells.capacity(Column.of("flag", SqlType.BOOLEAN)));
  }

  @Test
  void aFormattedTextKeyWritesWhatItsFormatRendersForEveryRow() {
    for (KeyFormat format :
        List.of(
            new KeyFormat("k", 0, ""),
            new KeyFormat("", 6, ""),
            new KeyFormat("user", 2, "@example.com"))) {
      KeyCells.KeySequence seq =
          new KeyCells.KeySequence(Column.of("name", SqlType.TEXT), 1, 0, format, 7);
      for (long slot : new long[] {0, 8, 9, 99, 123_456, 9_999_999}) {
        assertEquals(format.render(slot + 1), key(seq, slot));
      }
    }
    assertEquals("k1", new KeyFormat("k", 0, "").render(1));
    assertEquals("000042", new KeyFormat("", 6, "").render(42));
    assertEquals("user1234567", new KeyFormat("user", 2, "").render(1234567));
  }

  @Test
  void anArrayKeyFormatsItsElementOnly() {
    Column tags =
        new Column(
            "tags",
            SqlType.ARRAY,
            "text[]",
            -1,
            -1,
            -1,
            false,
            false,
            false,
            null,
            1009,
            new Column(
                "tags",
                SqlType.TEXT,
                "text",
                -1,
                -1,
                -1,
                false,
                false,
                false,
                null,
                25,
                null,
                List.of(),
                List.of()),
            List.of(),
            List.of());
    KeyCells.KeySequence seq = new KeyCells.KeySequence(tags, 1, 0, new KeyFormat("k", 0, ""), 7);
    CopyBinaryWriter out = new CopyBinaryWriter(64);
    seq.write(4, out);
    String written = new String(out.array(), 0, out.size(), StandardCharsets.US_ASCII);
    assertTrue(written.endsWith("k5"), written);
  }

  /** The uuid a key sequence writes for the row in {@code slot}. */
  private static java.util.UUID uuid(KeyCells.KeySequence key, long slot) {
    CopyBinaryWriter out = new CopyBinaryWriter(32);
    key.write(slot, out);
    java.nio.ByteBuffer b = java.nio.ByteBuffer.wrap(out.array(), 4, 16);
    return new java.util.UUID(b.getLong(), b.getLong());
  }

  @Test
  void uuidKeysAreDistinctVersion4UuidsMixedOverAll128BitsAndApartAcrossTables() {
    Column id = Column.of("id", SqlType.UUID);
    KeyCells.KeySequence orders = new KeyCells.KeySequence(id, 1, 0, null, 7);
    KeyCells.KeySequence people = new KeyCells.KeySequence(id, 1, 0, null, 8);
    Set<java.util.UUID> seen = new HashSet<>();
    Set<Long> highs = new HashSet<>();
    int rows = 100_000;
    for (long slot = 0; slot < rows; slot++) {
      java.util.UUID u = uuid(orders, slot);
      assertEquals(4, u.version());
      assertEquals(2, u.variant());
      assertTrue(seen.add(u), () -> "repeated " + u);
      highs.add(u.getMostSignificantBits());
      assertTrue(
          u.getMostSignificantBits() != uuid(people, slot).getMostSignificantBits()
              && u.getLeastSignificantBits() != uuid(people, slot).getLeastSignificantBits(),
          "the same row index gives another uuid in another table");
    }
    assertEquals(rows, highs.size(), "no two keys share their first 64 bits");
  }

  @Test
  void timestampKeysWithAStepSpreadOverTimeInWholeSecondsAndStayOrdered() {
    Column at = Column.of("created_at", SqlType.TIMESTAMPTZ);
    long step = 3_600_000_000L;
    KeyCells.KeySequence seq = new KeyCells.KeySequence(at, 1_000, 0, null, 7, step);
    long previous = Long.MIN_VALUE;
    Set<Long> offsets = new HashSet<>();
    for (long slot = 0; slot < 10_000; slot++) {
      long v = seq.longValue(slot);
      assertTrue(v >= 1_000 + slot * step && v < 1_000 + (slot + 1) * step, "inside its own hour");
      assertEquals(0, (v - 1_000) % 1_000_000, "whole seconds");
      assertTrue(v > previous, "ordered, so distinct");
      previous = v;
      offsets.add((v - 1_000) % step);
    }
    assertTrue(offsets.size() > 1_000, "not one fixed offset in every hour: " + offsets.size());
  }
}
