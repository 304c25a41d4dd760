package io.spate.engine.generate;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.spate.engine.encode.CopyBinaryWriter;
import io.spate.protocol.plan.ColumnPlan;
import io.spate.protocol.plan.Distribution;
import io.spate.protocol.plan.FillPlan;
import io.spate.protocol.plan.ReferencePlan;
import io.spate.protocol.plan.TablePlan;
import io.spate.protocol.plan.ValueSpec;
import io.spate.protocol.schema.Column;
import io.spate.protocol.schema.ForeignKey;
import io.spate.protocol.schema.SqlType;
import io.spate.protocol.schema.Table;
import io.spate.protocol.schema.UniqueKey;
import java.nio.ByteBuffer;
import java.nio.charset.StandardCharsets;
import java.security.MessageDigest;
import java.security.NoSuchAlgorithmException;
import java.util.ArrayList;
import java.util.HexFormat;
import java.util.List;
import org.junit.jupiter.api.Test;

/**
 * Columns named after a stream's purpose ({@code partition}, {@code group:person}, {@code fk:x})
 * draw from streams of their own: in version 2 each drew exactly the partition leaf, the group's
 * record or the foreign key's parent of its row. Plain columns keep the values version 2 gave them.
 *
 * <p>Table {@code parent} has 10 rows; {@code child} has a partition key over two leaves (0 and 1),
 * a correlated group {@code person}, a random foreign key {@code x} to the parent, and beside each
 * a column named as its stream was in version 2, drawing from the same range.
 */
class StreamSeparationTest {

  private static final long SLOTS = 20_000;
  private static final int PARENTS = 10;
  private static final List<String> PEOPLE = List.of("ada", "alan", "grace", "edsger");

  /** Table streams as literals, so the pinned bytes do not depend on how tables are derived. */
  private static final long PARENT_STREAM = 0x1234_5678_9ABC_DEF0L;

  private static final long CHILD_STREAM = 0x0FED_CBA9_8765_4321L;

  @Test
  void aColumnNamedPartitionDoesNotFollowTheRowsLeaf() {
    assertAgreesInAboutOneRowIn(2, "part", "partition");
  }

  @Test
  void aColumnNamedAfterAGroupDoesNotFollowTheGroupsPick() {
    assertAgreesInAboutOneRowIn(PEOPLE.size(), "first_name", "group:person");
  }

  @Test
  void aColumnNamedAfterAForeignKeyDoesNotFollowItsParentPick() {
    assertAgreesInAboutOneRowIn(PARENTS, "parent_id", "fk:x");
  }

  /** The first 1,000 rows of the plain columns, as version 2 wrote them. */
  @Test
  void plainColumnsKeepTheirBytes() throws NoSuchAlgorithmException {
    MessageDigest sha = MessageDigest.getInstance("SHA-256");
    for (String[] row : rows().subList(0, 1_000)) {
      for (String column : List.of("id", "leaf0", "null", "[0]", "pattern", "note")) {
        sha.update(row[index(column)].getBytes(StandardCharsets.UTF_8));
        sha.update((byte) 0);
      }
    }
    assertEquals(
        "55eebef209fbb8fdb018bb5f169ef6e429c04f9f04ccfb2065850a48af5a61e8",
        HexFormat.of().formatHex(sha.digest()));
  }

  private static void assertAgreesInAboutOneRowIn(int n, String column, String namesake) {
    int a = index(column);
    int b = index(namesake);
    int agree = 0;
    List<String[]> rows = rows();
    for (String[] row : rows) {
      agree += row[a].equals(row[b]) ? 1 : 0;
    }
    double share = (double) agree / rows.size();
    assertTrue(
        Math.abs(share - 1.0 / n) < 0.03,
        namesake + " agrees with " + column + " in " + agree + " of " + rows.size() + " rows");
  }

  // ---- the plan and its rows ------------------------------------------------------------------

  private static final List<String> CHILD_COLUMNS =
      List.of(
          "id",
          "part",
          "partition",
          "first_name",
          "group:person",
          "parent_id",
          "fk:x",
          "leaf0",
          "null",
          "[0]",
          "pattern",
          "note");

  private static int index(String column) {
    return CHILD_COLUMNS.indexOf(column);
  }

  private static FillPlan plan() {
    TablePlan parent =
        new TablePlan(
            "parent",
            table("parent", List.of(integer("id")), List.of()),
            null,
            PARENTS,
            PARENTS,
            PARENT_STREAM,
            List.of(new ColumnPlan.KeySequence("id", 1, 0)),
            List.of());
    List<Column> columns = new ArrayList<>();
    for (String name : CHILD_COLUMNS) {
      boolean text = List.of("first_name", "group:person", "note").contains(name);
      columns.add(text ? Column.of(name, SqlType.TEXT) : integer(name));
    }
    TablePlan child =
        new TablePlan(
            "child",
            table(
                "child",
                columns,
                List.of(new ForeignKey("x", List.of("parent_id"), "parent", List.of("id")))),
            null,
            SLOTS,
            SLOTS,
            CHILD_STREAM,
            List.of(
                new ColumnPlan.KeySequence("id", 1, 0),
                new ColumnPlan.Partitioned("part", List.of(range(0, 0), range(1, 1))),
                new ColumnPlan.Values("partition", range(0, 1)),
                new ColumnPlan.Values("first_name", people("person")),
                new ColumnPlan.Values("group:person", people(null)),
                new ColumnPlan.Reference("parent_id", "x", "id"),
                new ColumnPlan.Values("fk:x", range(1, PARENTS)),
                new ColumnPlan.Values("leaf0", range(0, 1_000_000)),
                new ColumnPlan.Values("null", range(0, 1_000_000)),
                new ColumnPlan.Values("[0]", range(0, 1_000_000)),
                new ColumnPlan.Values("pattern", range(0, 1_000_000)),
                new ColumnPlan.Values("note", text())),
            List.of(
                new ReferencePlan(
                    "x",
                    "parent",
                    ReferencePlan.Pick.RANDOM,
                    0,
                    0,
                    0,
                    1,
                    PARENTS,
                    Distribution.UNIFORM)));
    return new FillPlan(
        FillPlan.GENERATION_VERSION,
        7,
        List.of(parent, child),
        List.of(List.of("parent"), List.of("child")),
        List.of());
  }

  private static Table table(String name, List<Column> columns, List<ForeignKey> fks) {
    return new Table(
        "public",
        name,
        columns,
        new UniqueKey(name + "_pkey", List.of("id"), true),
        List.of(),
        fks,
        List.of());
  }

  private static Column integer(String name) {
    return new Column(name, SqlType.INTEGER, "integer", -1, -1, -1, false, false, false, null);
  }

  private static ValueSpec range(long min, long max) {
    return new ValueSpec(
        List.of(),
        List.of(),
        Long.toString(min),
        Long.toString(max),
        false,
        false,
        0,
        0,
        Distribution.UNIFORM,
        0);
  }

  private static ValueSpec text() {
    return new ValueSpec(
        List.of(), List.of(), null, null, false, false, 1, 20, Distribution.UNIFORM, 0);
  }

  private static ValueSpec people(String group) {
    return new ValueSpec(
        PEOPLE,
        List.of(),
        null,
        null,
        false,
        false,
        0,
        0,
        Distribution.UNIFORM,
        0,
        null,
        group,
        false);
  }

  /** Every row of {@code child}, each field as text (an int4 as its decimal digits). */
  private static List<String[]> rows() {
    TableEngine engine = new Engine(plan()).table("child");
    CopyBinaryWriter out = new CopyBinaryWriter(1 << 16);
    SlotCursor cursor = new SlotCursor(0, SLOTS);
    List<String[]> rows = new ArrayList<>();
    while (!cursor.done()) {
      out.reset();
      engine.fill(cursor, out, 1 << 16);
      ByteBuffer in = ByteBuffer.wrap(out.array(), 0, out.size());
      while (in.hasRemaining()) {
        String[] row = new String[in.getShort()];
        for (int i = 0; i < row.length; i++) {
          byte[] field = new byte[in.getInt()];
          in.get(field);
          row[i] =
              columnIsText(i)
                  ? new String(field, StandardCharsets.UTF_8)
                  : Integer.toString(ByteBuffer.wrap(field).getInt());
        }
        rows.add(row);
      }
    }
    assertEquals(SLOTS, rows.size());
    return rows;
  }

  private static boolean columnIsText(int i) {
    return List.of("first_name", "group:person", "note").contains(CHILD_COLUMNS.get(i));
  }
}
