package io.spate.core.plan;

import static io.spate.core.plan.TpccSchema.column;
import static io.spate.core.plan.TpccSchema.fk;
import static io.spate.core.plan.TpccSchema.integer;
import static io.spate.core.plan.TpccSchema.nullable;
import static io.spate.core.plan.TpccSchema.table;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.spate.core.config.FillConfig;
import io.spate.protocol.error.SpateException;
import io.spate.protocol.plan.ColumnPlan;
import io.spate.protocol.plan.FillPlan;
import io.spate.protocol.schema.Check;
import io.spate.protocol.schema.Schema;
import io.spate.protocol.schema.SqlType;
import io.spate.protocol.schema.Table;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;

/**
 * The planner on CHECKs it keeps by writing nullable columns NULL ({@link NullChecks}): the foreign
 * keys and drawn columns they name write NULL, each said once, and the server is never asked.
 */
class NullChecksPlanTest {

  /** Notes what it is told; is never asked to judge. */
  private static final class Notes implements CheckServer {
    final List<String> notes = new ArrayList<>();

    @Override
    public List<String[]> passing(FillPlan candidates, String condition) {
      throw new AssertionError("asked about " + condition);
    }

    @Override
    public void note(String line) {
      notes.add(line);
    }
  }

  private static final Table PARENT = table("p", List.of(integer("id")), List.of("id"), List.of());

  private static FillPlan plan(Table t, CheckServer server) {
    return Planner.plan(
        new Schema(List.of(PARENT, t)),
        FillSettings.of(FillConfig.EMPTY, 7L, null, null, Map.of()),
        server);
  }

  @Test
  void aNullnessCheckWritesItsNullColumnsNullAndSaysSo() {
    Table c =
        table(
            "c",
            List.of(
                integer("id"),
                nullable("a", SqlType.INTEGER),
                nullable("b", SqlType.INTEGER),
                nullable("note", SqlType.TEXT),
                column("flag", SqlType.INTEGER)),
            List.of("id"),
            List.of(
                fk("c_a_fkey", List.of("a"), "p", List.of("id")),
                fk("c_b_fkey", List.of("b"), "p", List.of("id"))),
            new Check.Unparsed("c_one", List.of("a", "b"), "CHECK ((num_nonnulls(a, b) <= 1))"),
            new Check.Unparsed(
                "c_note", List.of("note", "flag"), "CHECK (((note IS NULL) OR (flag IS NULL)))"));
    Notes server = new Notes();

    FillPlan plan = plan(c, server);

    assertEquals(0.0, plan.table("c").reference("c_a_fkey").nullRatio());
    assertEquals(1.0, plan.table("c").reference("c_b_fkey").nullRatio());
    assertEquals(1.0, ((ColumnPlan.Values) plan.table("c").column("note")).spec().nullRatio());
    assertEquals(
        List.of(
            "c.b is written NULL to keep CHECK c_one",
            "c.note is written NULL to keep CHECK c_note"),
        server.notes);
  }

  @Test
  void anUnreadCheckOnANullableForeignKeyAdvisesItsNullRatio() {
    Table d =
        table(
            "d",
            List.of(integer("id"), nullable("x", SqlType.INTEGER)),
            List.of("id"),
            List.of(fk("d_x_fkey", List.of("x"), "p", List.of("id"))),
            new Check.Unparsed("x_ok", List.of("x"), "CHECK (is_ok(x))"));

    String message = assertThrows(SpateException.class, () -> plan(d, null)).getMessage();

    assertTrue(
        message.contains(
            "CHECK x_ok on 'd' is not a form Spate understands: CHECK (is_ok(x)); write a"
                + " foreign-key column NULL if that satisfies it, e.g. `tables: {d: {columns: {x:"
                + " {nullRatio: 1}}}}`; or size the table `rows: 0`"),
        message);
    assertFalse(message.contains("give [x]"), message);
  }
}
