package io.spate.engine.generate;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.spate.engine.encode.CopyBinaryWriter;
import io.spate.protocol.plan.Distribution;
import io.spate.protocol.plan.ValueSpec;
import io.spate.protocol.schema.Column;
import io.spate.protocol.schema.SqlType;
import java.nio.ByteBuffer;
import java.util.Arrays;
import java.util.HashSet;
import java.util.HexFormat;
import java.util.List;
import java.util.Set;
import org.junit.jupiter.api.Test;

/**
 * Generators and literals of the less common types: every value a pure function of its slot, within
 * the type's declared limits, and literals encoded byte for byte as the server's {@code *_send}
 * functions print them (the expected hex strings were read from PostgreSQL 15).
 */
class ExtraTypesTest {

  private static final int INT4_OID = 23;
  private static final int TEXT_OID = 25;
  private static final int MOOD_OID = 22951;
  private static final long STREAM = 0x5EEDL;
  private static final int SLOTS = 2000;

  private static final Column MOOD =
      column("m", SqlType.ENUM, "mood", -1, MOOD_OID, null, List.of("sad", "ok", "happy"));
  private static final Column INT4 =
      column("n", SqlType.INTEGER, "integer", -1, INT4_OID, null, List.of());
  private static final Column TEXT =
      column("t", SqlType.TEXT, "text", -1, TEXT_OID, null, List.of());

  // ---- generators ------------------------------------------------------------------------------

  @Test
  void everyGeneratorIsAPureFunctionOfTheSlot() {
    List<Column> columns =
        List.of(
            column("a", SqlType.INET, "inet", -1, 869, null, List.of()),
            column("c", SqlType.CIDR, "cidr", -1, 650, null, List.of()),
            column("m", SqlType.MACADDR, "macaddr", -1, 829, null, List.of()),
            column("i", SqlType.INTERVAL, "interval", -1, 1186, null, List.of()),
            column("z", SqlType.TIMETZ, "time with time zone", -1, 1266, null, List.of()),
            column("p", SqlType.MONEY, "money", -1, 790, null, List.of()),
            column("b", SqlType.BIT, "bit(8)", 8, 1560, null, List.of()),
            column("v", SqlType.VARBIT, "bit varying(100)", 100, 1562, null, List.of()),
            column("x", SqlType.XML, "xml", -1, 142, null, List.of()),
            column("s", SqlType.TSVECTOR, "tsvector", -1, 3614, null, List.of()),
            column("e", SqlType.CITEXT, "citext", -1, 16_400, null, List.of()),
            MOOD,
            array("ms", MOOD),
            array("ts", TEXT),
            range("r", INT4, "int4range"),
            range(
                "rn",
                column("rn", SqlType.NUMERIC, "numeric", -1, 1700, null, List.of()),
                "numrange"),
            range(
                "rt",
                column(
                    "rt",
                    SqlType.TIMESTAMPTZ,
                    "timestamp with time zone",
                    -1,
                    1184,
                    null,
                    List.of()),
                "tstzrange"));
    for (Column c : columns) {
      byte[][] forward = new byte[SLOTS][];
      CellGen gen = ValueGens.create(c, spec(c), STREAM);
      for (int slot = 0; slot < SLOTS; slot++) {
        forward[slot] = field(gen, slot);
      }
      CellGen other = ValueGens.create(c, spec(c), STREAM);
      for (int slot = SLOTS - 1; slot >= 0; slot--) {
        assertArrayEquals(
            forward[slot],
            field(other, slot),
            c.typeName() + " at slot " + slot + ", drawn backwards by another generator");
      }
      Set<String> distinct = new HashSet<>();
      Arrays.stream(forward).map(HexFormat.of()::formatHex).forEach(distinct::add);
      assertTrue(
          distinct.size() > (c.type() == SqlType.ENUM ? 2 : 100),
          c.typeName() + " varies: " + distinct.size() + " distinct values");
    }
  }

  @Test
  void bitStringsKeepTheirDeclaredLength() {
    Column bit = column("b", SqlType.BIT, "bit(13)", 13, 1560, null, List.of());
    Column varbit = column("v", SqlType.VARBIT, "bit varying(12)", 12, 1562, null, List.of());
    CellGen bits = ValueGens.create(bit, spec(bit), STREAM);
    CellGen varbits = ValueGens.create(varbit, spec(varbit), STREAM);
    Set<Integer> varbitLengths = new HashSet<>();
    for (int slot = 0; slot < SLOTS; slot++) {
      ByteBuffer b = ByteBuffer.wrap(field(bits, slot));
      assertEquals(13, b.getInt());
      assertEquals(0, b.get(b.limit() - 1) & 0b111, "padding bits are zero");
      ByteBuffer v = ByteBuffer.wrap(field(varbits, slot));
      varbitLengths.add(v.getInt());
      assertEquals((v.getInt(0) + 7) / 8, v.remaining());
    }
    assertEquals(Set.of(1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12), varbitLengths);
  }

  @Test
  void arraysAreOneDimensionalWithTheElementOidAndZeroToFourLabels() {
    Column moods = array("ms", MOOD);
    CellGen gen = ValueGens.create(moods, spec(moods), STREAM);
    Set<Integer> counts = new HashSet<>();
    for (int slot = 0; slot < SLOTS; slot++) {
      ByteBuffer a = ByteBuffer.wrap(field(gen, slot));
      int ndim = a.getInt();
      assertEquals(0, a.getInt(), "no NULL elements");
      assertEquals(MOOD_OID, a.getInt());
      int count = ndim == 0 ? 0 : a.getInt();
      if (ndim == 1) {
        assertEquals(1, a.getInt(), "lower bound");
        assertTrue(count > 0, "an empty array has no dimension");
      }
      counts.add(count);
      for (int i = 0; i < count; i++) {
        byte[] label = new byte[a.getInt()];
        a.get(label);
        assertTrue(
            MOOD.enumLabels().contains(new String(label, java.nio.charset.StandardCharsets.UTF_8)));
      }
      assertEquals(0, a.remaining());
    }
    assertEquals(Set.of(0, 1, 2, 3, 4), counts);
  }

  @Test
  void rangesAreLowerInclusiveUpperExclusiveAndNeverEmpty() {
    Column r = range("r", INT4, "int4range");
    CellGen gen = ValueGens.create(r, spec(r), STREAM);
    for (int slot = 0; slot < SLOTS; slot++) {
      ByteBuffer b = ByteBuffer.wrap(field(gen, slot));
      assertEquals(CopyBinaryWriter.RANGE_LB_INC, b.get());
      assertEquals(4, b.getInt());
      int lower = b.getInt();
      assertEquals(4, b.getInt());
      int upper = b.getInt();
      assertTrue(lower >= 0 && lower < upper && upper - lower <= 1000, lower + ".." + upper);
    }
  }

  @Test
  void cidrNetworksHaveNoHostBits() {
    Column cidr = column("c", SqlType.CIDR, "cidr", -1, 650, null, List.of());
    CellGen gen = ValueGens.create(cidr, spec(cidr), STREAM);
    for (int slot = 0; slot < SLOTS; slot++) {
      ByteBuffer b = ByteBuffer.wrap(field(gen, slot));
      assertEquals(2, b.get(), "IPv4");
      int bits = b.get();
      assertEquals(1, b.get(), "cidr flag");
      assertEquals(4, b.get());
      int address = b.getInt();
      assertTrue(bits >= 8 && bits <= 32);
      assertEquals(0, bits == 32 ? 0 : address & (-1 >>> bits), "host bits of /" + bits);
    }
  }

  @Test
  void tsvectorLexemesAreSortedAndDistinct() {
    Column ts = column("s", SqlType.TSVECTOR, "tsvector", -1, 3614, null, List.of());
    CellGen gen = ValueGens.create(ts, spec(ts), STREAM);
    for (int slot = 0; slot < SLOTS; slot++) {
      ByteBuffer b = ByteBuffer.wrap(field(gen, slot));
      int count = b.getInt();
      assertTrue(count >= 1 && count <= 5);
      String previous = null;
      for (int i = 0; i < count; i++) {
        StringBuilder lexeme = new StringBuilder();
        for (byte c = b.get(); c != 0; c = b.get()) {
          lexeme.append((char) c);
        }
        assertEquals(1, b.getShort());
        int position = b.getShort();
        assertTrue(position >= 1 && position <= 5);
        assertTrue(lexeme.toString().matches("[a-z]{3,8}"), lexeme.toString());
        assertTrue(
            previous == null || previous.compareTo(lexeme.toString()) < 0,
            previous + " before " + lexeme);
        previous = lexeme.toString();
      }
      assertEquals(0, b.remaining());
    }
  }

  // ---- literals --------------------------------------------------------------------------------

  @Test
  void literalsEncodeAsTheServerSendsThem() {
    assertLiteral(
        "021800040a000001",
        column("a", SqlType.INET, "inet", -1, 869, null, List.of()),
        "10.0.0.1/24");
    assertLiteral(
        "022000040a000001",
        column("a", SqlType.INET, "inet", -1, 869, null, List.of()),
        "10.0.0.1");
    assertLiteral(
        "021001040a010000",
        column("c", SqlType.CIDR, "cidr", -1, 650, null, List.of()),
        "10.1.0.0/16");
    Column mac = column("m", SqlType.MACADDR, "macaddr", -1, 829, null, List.of());
    assertLiteral("08002b010203", mac, "08:00:2b:01:02:03");
    assertLiteral("08002b010203", mac, "08-00-2B-01-02-03");
    assertLiteral("08002b010203", mac, "0800.2b01.0203");
    Column interval = column("i", SqlType.INTERVAL, "interval", -1, 1186, null, List.of());
    assertLiteral("00000000002dc6c00000000200000001", interval, "1 mon 2 days 00:00:03");
    assertLiteral("000000036c9361a0000000030000000e", interval, "1 year 2 mons 3 days 04:05:06.5");
    assertLiteral("fffffffe52d8b800ffffffff00000000", interval, "-1 day -02:00:00");
    Column timetz = column("z", SqlType.TIMETZ, "time with time zone", -1, 1266, null, List.of());
    assertLiteral("0000000a0eebb000ffffe3e0", timetz, "12:00:00+02");
    assertLiteral("0000000a0eebb00000000000", timetz, "12:00:00");
    assertLiteral(
        "00000000000004d2",
        column("p", SqlType.MONEY, "money", -1, 790, null, List.of()),
        "$12.34");
    assertLiteral(
        "00000005a8", column("b", SqlType.BIT, "bit(5)", 5, 1560, null, List.of()), "10101");
    assertLiteral(
        "000000081f", column("v", SqlType.VARBIT, "bit varying", -1, 1562, null, List.of()), "X1F");
    Column ts = column("s", SqlType.TSVECTOR, "tsvector", -1, 3614, null, List.of());
    assertLiteral("0000000261000002c001000362000000", ts, "a:1A,3 b");
    assertLiteral("00000002626174000001000263617400000200010003", ts, "cat:1 bat:2 cat:3");
    assertLiteral("6f6b", MOOD, "ok");
    assertLiteral(
        "0000000100000000000059a70000000200000001000000026f6b00000003736164",
        array("ms", MOOD),
        "{ok,sad}");
    assertLiteral(
        "00000001000000010000001700000002000000010000000400000001ffffffff",
        array("ns", INT4),
        "{1, NULL}");
    assertLiteral(
        "0000000100000000000000190000000200000001000000036120620000000163",
        array("ts", TEXT),
        "{\"a b\",c}");
    assertLiteral("000000000000000000000017", array("ns", INT4), "{}");
    Column int4range = range("r", INT4, "int4range");
    assertLiteral("0200000004000000010000000400000005", int4range, "[1,5)");
    assertLiteral("01", int4range, "empty");
    assertLiteral("120000000400000001", int4range, "[1,)");
    Column numeric = column("rn", SqlType.NUMERIC, "numeric", -1, 1700, null, List.of());
    assertLiteral(
        "020000000c0002000000000002000109c40000000c0002000000000002000209c4",
        range("rn", numeric, "numrange"),
        "[1.25,2.25)");
    Column tstz =
        column("rt", SqlType.TIMESTAMPTZ, "timestamp with time zone", -1, 1184, null, List.of());
    assertLiteral(
        "0200000008fffffffe52d8b80000000008000000141dd76000",
        range("rt", tstz, "tstzrange"),
        "[\"2000-01-01 00:00:00+02\",2000-01-02)");
  }

  @Test
  void literalsOutsideTheTypeAreRefusedNamingTheForm() {
    IllegalArgumentException hostBits =
        assertThrows(
            IllegalArgumentException.class,
            () ->
                Engine.encodeLiteral(
                    column("c", SqlType.CIDR, "cidr", -1, 650, null, List.of()), "10.1.0.1/16"));
    assertTrue(
        hostBits.getMessage().startsWith("'10.1.0.1/16' is not a valid cidr value"),
        hostBits.getMessage());
    assertThrows(
        IllegalArgumentException.class,
        () ->
            Engine.encodeLiteral(
                column("b", SqlType.BIT, "bit(5)", 5, 1560, null, List.of()), "101"));
    assertThrows(
        IllegalArgumentException.class,
        () ->
            Engine.encodeLiteral(
                column("v", SqlType.VARBIT, "bit varying(2)", 2, 1562, null, List.of()), "101"));
    assertThrows(
        IllegalArgumentException.class,
        () ->
            Engine.encodeLiteral(
                column("a", SqlType.INET, "inet", -1, 869, null, List.of()), "::1"));
    IllegalArgumentException label =
        assertThrows(IllegalArgumentException.class, () -> Engine.encodeLiteral(MOOD, "angry"));
    assertEquals("'angry' is not a label of mood [sad, ok, happy]", label.getMessage());
    assertThrows(
        IllegalArgumentException.class, () -> Engine.encodeLiteral(array("ns", INT4), "{{1},{2}}"));
    assertThrows(
        IllegalArgumentException.class,
        () -> Engine.encodeLiteral(range("r", INT4, "int4range"), "[1,2,3)"));
  }

  // ---- helpers ---------------------------------------------------------------------------------

  private static void assertLiteral(String sendHex, Column column, String literal) {
    assertEquals(
        sendHex,
        HexFormat.of().formatHex(Engine.encodeLiteral(column, literal)),
        column.typeName() + " '" + literal + "'");
  }

  private static Column column(
      String name,
      SqlType type,
      String typeName,
      int length,
      long oid,
      Column element,
      List<String> labels) {
    return new Column(
        name, type, typeName, length, -1, -1, false, false, false, null, oid, element, labels,
        List.of());
  }

  private static Column array(String name, Column element) {
    return column(
        name,
        SqlType.ARRAY,
        element.typeName() + "[]",
        -1,
        1000 + element.typeOid(),
        element,
        List.of());
  }

  private static Column range(String name, Column subtype, String typeName) {
    return column(name, SqlType.RANGE, typeName, -1, 3904, subtype, List.of());
  }

  /**
   * The planner's default spec for a column: lengths as the planner's ValueSpecs sets them, no
   * NULLs.
   */
  private static ValueSpec spec(Column c) {
    int[] length =
        switch (c.type()) {
          case BIT -> new int[] {c.length(), c.length()};
          case VARBIT -> new int[] {1, c.length() > 0 ? c.length() : 64};
          case ARRAY -> new int[] {0, 4};
          default -> new int[] {8, 64};
        };
    List<String> values = c.type() == SqlType.ENUM ? c.enumLabels() : List.of();
    ValueSpec element = c.type() == SqlType.ARRAY ? spec(c.element()) : null;
    return new ValueSpec(
        values,
        List.of(),
        null,
        null,
        false,
        false,
        length[0],
        length[1],
        Distribution.UNIFORM,
        0,
        element);
  }

  /** One cell's field, without its length prefix. */
  private static byte[] field(CellGen gen, long slot) {
    CopyBinaryWriter out = new CopyBinaryWriter(64);
    gen.write(slot, out);
    int length = ByteBuffer.wrap(out.array()).getInt();
    assertEquals(out.size() - 4, length, "the field's length prefix");
    return Arrays.copyOfRange(out.array(), 4, out.size());
  }
}
