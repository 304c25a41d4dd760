package io.spate.engine.generate;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.spate.engine.encode.CopyBinaryWriter;
import io.spate.protocol.plan.ColumnPlan;
import io.spate.protocol.plan.Distribution;
import io.spate.protocol.plan.FillPlan;
import io.spate.protocol.plan.TablePlan;
import io.spate.protocol.plan.ValueSpec;
import io.spate.protocol.schema.Column;
import io.spate.protocol.schema.SqlType;
import io.spate.protocol.schema.Table;
import io.spate.protocol.schema.UniqueKey;
import io.spate.protocol.seed.Streams;
import java.nio.ByteBuffer;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.List;
import java.util.Set;
import org.junit.jupiter.api.Test;

/**
 * Columns of one correlated group pick the same entry of their parallel value lists in every row,
 * whatever their NULLs; a slot suffix makes every value of a column distinct.
 */
class CorrelatedGenerationTest {

  private static final List<String> FIRST = List.of("ada", "alan", "grace", "edsger", "barbara");
  private static final List<String> EMAIL = FIRST.stream().map(f -> f + "@example.com").toList();
  private static final long SLOTS = 5000;

  private static ValueSpec grouped(List<String> values, double nullRatio, boolean slotSuffix) {
    return new ValueSpec(
        values,
        List.of(),
        null,
        null,
        false,
        false,
        0,
        80,
        Distribution.UNIFORM,
        nullRatio,
        null,
        "person",
        slotSuffix);
  }

  private static FillPlan plan() {
    List<Column> columns = new ArrayList<>();
    columns.add(
        new Column("id", SqlType.INTEGER, "integer", -1, -1, -1, false, false, false, null));
    for (String name : List.of("first_name", "email", "login_email", "other")) {
      columns.add(
          new Column(
              name,
              SqlType.VARCHAR,
              "character varying(80)",
              80,
              -1,
              -1,
              true,
              false,
              false,
              null));
    }
    Table t =
        new Table(
            "public",
            "people",
            columns,
            new UniqueKey("people_pkey", List.of("id"), true),
            List.of(),
            List.of(),
            List.of());
    TablePlan people =
        new TablePlan(
            "people",
            t,
            null,
            SLOTS,
            SLOTS,
            Streams.table(7, "public", "people"),
            List.of(
                new ColumnPlan.KeySequence("id", 1, 0),
                new ColumnPlan.Values("first_name", grouped(FIRST, 0.2, false)),
                new ColumnPlan.Values("email", grouped(EMAIL, 0, false)),
                new ColumnPlan.Values("login_email", grouped(EMAIL, 0, true)),
                new ColumnPlan.Values(
                    "other",
                    new ValueSpec(
                        FIRST,
                        List.of(),
                        null,
                        null,
                        false,
                        false,
                        0,
                        80,
                        Distribution.UNIFORM,
                        0))),
            List.of());
    return new FillPlan(
        FillPlan.GENERATION_VERSION, 7, List.of(people), List.of(List.of("people")), List.of());
  }

  @Test
  void aGroupsColumnsPickOneRecordPerRowAndASlotSuffixKeepsValuesDistinct() {
    List<String[]> rows = rows(plan());
    assertEquals(SLOTS, rows.size());
    Set<String> logins = new HashSet<>();
    int nulls = 0;
    int otherDiffers = 0;
    for (int slot = 0; slot < rows.size(); slot++) {
      String[] r = rows.get(slot);
      String person = r[2].substring(0, r[2].indexOf('@'));
      if (r[1] == null) {
        nulls++;
      } else {
        assertEquals(person, r[1], "slot " + slot + ": the email follows the row's own first name");
      }
      assertEquals(
          person + slot + "@example.com", r[3], "slot " + slot + ": the slot goes before the @");
      assertTrue(logins.add(r[3]), "unique: " + r[3]);
      otherDiffers += r[4].equals(person) ? 0 : 1;
    }
    assertTrue(nulls > 800 && nulls < 1200, "first_name keeps its own NULLs: " + nulls);
    assertTrue(otherDiffers > 3000, "a column outside the group draws on its own: " + otherDiffers);
  }

  @Test
  void aSlotSuffixNeedsValues() {
    assertThrows(
        IllegalArgumentException.class,
        () ->
            new ValueSpec(
                List.of(),
                List.of(),
                null,
                null,
                false,
                false,
                0,
                80,
                Distribution.UNIFORM,
                0,
                null,
                "person",
                true));
  }

  /** Every row of the table as text fields (null for NULL), in slot order. */
  private static List<String[]> rows(FillPlan plan) {
    TableEngine engine = new Engine(plan).table("people");
    CopyBinaryWriter out = new CopyBinaryWriter(1 << 16);
    SlotCursor cursor = new SlotCursor(0, SLOTS);
    List<String[]> rows = new ArrayList<>();
    while (!cursor.done()) {
      out.reset();
      engine.fill(cursor, out, 1 << 15);
      ByteBuffer in = ByteBuffer.wrap(out.array(), 0, out.size());
      while (in.hasRemaining()) {
        String[] fields = new String[in.getShort()];
        for (int i = 0; i < fields.length; i++) {
          int length = in.getInt();
          if (length >= 0) {
            byte[] b = new byte[length];
            in.get(b);
            fields[i] = new String(b, StandardCharsets.UTF_8);
          }
        }
        rows.add(fields);
      }
    }
    return rows;
  }
}
