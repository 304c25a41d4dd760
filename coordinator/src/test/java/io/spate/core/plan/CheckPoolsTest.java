package io.spate.core.plan;

import static io.spate.core.plan.TpccSchema.column;
import static io.spate.core.plan.TpccSchema.integer;
import static io.spate.core.plan.TpccSchema.nullable;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotEquals;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.spate.core.config.FillConfig;
import io.spate.protocol.error.SpateException;
import io.spate.protocol.plan.ColumnPlan;
import io.spate.protocol.plan.FillPlan;
import io.spate.protocol.plan.TablePlan;
import io.spate.protocol.plan.ValueSpec;
import io.spate.protocol.schema.Check;
import io.spate.protocol.schema.Column;
import io.spate.protocol.schema.Schema;
import io.spate.protocol.schema.SqlType;
import io.spate.protocol.schema.Table;
import io.spate.protocol.schema.UniqueKey;
import java.util.ArrayList;
import java.util.Collections;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;

/**
 * The planner on CHECKs it cannot read, decided by a server: what it asks (the candidates and the
 * condition) and what it makes of the answer (pools, tuples, NULLs, the refusal below the
 * threshold). The server here passes the first rows it is asked about, each value named by its
 * column and row.
 */
class CheckPoolsTest {

  /** Passes the first {@code passing} candidate rows; records what it was asked. */
  private static final class FirstRows implements CheckServer {
    final int passing;
    final boolean nullPasses;
    final List<FillPlan> asked = new ArrayList<>();
    final List<String> conditions = new ArrayList<>();
    final List<String> notes = new ArrayList<>();

    FirstRows(int passing, boolean nullPasses) {
      this.passing = passing;
      this.nullPasses = nullPasses;
    }

    @Override
    public List<String[]> passing(FillPlan candidates, String condition) {
      asked.add(candidates);
      conditions.add(condition);
      List<String> columns =
          candidates.tables().getFirst().writtenColumns().stream().map(ColumnPlan::column).toList();
      List<String[]> rows = new ArrayList<>();
      for (int row = 0; row < passing; row++) {
        int at = row;
        rows.add(columns.stream().map(c -> c + at).toArray(String[]::new));
      }
      if (nullPasses) {
        rows.add(new String[columns.size()]);
      }
      return rows;
    }

    @Override
    public void note(String line) {
      notes.add(line);
    }
  }

  private static final Check.Unparsed SKU_OK =
      new Check.Unparsed("sku_ok", List.of("sku"), "CHECK (is_ok(sku))");

  private static Table table(List<Column> columns, Check... checks) {
    return new Table(
        "public",
        "t",
        columns,
        new UniqueKey("t_pkey", List.of("id"), true),
        List.of(),
        List.of(),
        List.of(checks));
  }

  private static FillPlan plan(Table t, FillConfig config, long seed, CheckServer server) {
    return Planner.plan(
        new Schema(List.of(t)), FillSettings.of(config, seed, null, null, Map.of()), server);
  }

  private static ValueSpec spec(FillPlan plan, String column) {
    return ((ColumnPlan.Values) plan.table("t").column(column)).spec();
  }

  @Test
  void aCheckOnOneColumnGivesItAPoolOfThePassingValuesAndNotesTheAcceptance() {
    FirstRows server = new FirstRows(30, false);
    Table t = table(List.of(integer("id"), column("sku", SqlType.TEXT)), SKU_OK);

    FillPlan plan = plan(t, FillConfig.EMPTY, 7, server);

    assertEquals(30, spec(plan, "sku").values().size());
    assertEquals("sku0", spec(plan, "sku").values().getFirst());
    assertNull(spec(plan, "sku").group());
    assertEquals(List.of("((is_ok(sku))) IS NOT FALSE"), server.conditions);
    TablePlan candidates = server.asked.getFirst().tables().getFirst();
    assertEquals(CheckPools.CANDIDATES, candidates.rows());
    assertEquals(
        List.of("sku"), candidates.writtenColumns().stream().map(ColumnPlan::column).toList());
    assertEquals(
        List.of(
            "CHECK sku_ok on 't', decided by the server: 30 of 1000 candidate values of sku pass"
                + " on the server (3.0%), a pool of 30 values"),
        server.notes);
  }

  @Test
  void checksSharingColumnsAreJudgedTogetherAndTheirColumnsDrawWholeTuples() {
    FirstRows server = new FirstRows(40, false);
    Table t =
        table(
            List.of(integer("id"), integer("a"), integer("b"), integer("c")),
            new Check.Unparsed("k1", List.of("a", "b"), "CHECK ((mod(a + b, 3) = 0))"),
            new Check.Unparsed("k2", List.of("c", "b"), "CHECK ((c * b > 0)) NOT VALID"));

    FillPlan plan = plan(t, FillConfig.EMPTY, 7, server);

    assertEquals(1, server.asked.size(), "one question for the CHECKs sharing b");
    assertEquals(
        List.of("(((mod(a + b, 3) = 0))) IS NOT FALSE AND (((c * b > 0))) IS NOT FALSE"),
        server.conditions);
    for (String column : List.of("a", "b", "c")) {
      assertEquals("check k1, k2", spec(plan, column).group());
      assertEquals(column + "17", spec(plan, column).values().get(17), "row 17 is one tuple");
      assertEquals(0, spec(plan, column).nullRatio());
    }
  }

  @Test
  void aNullableColumnKeepsItsNullsOnlyWhenANullCandidatePassed() {
    Table t = table(List.of(integer("id"), nullable("sku", SqlType.TEXT)), SKU_OK);

    FillPlan withNulls = plan(t, FillConfig.EMPTY, 7, new FirstRows(30, true));
    FillPlan without = plan(t, FillConfig.EMPTY, 7, new FirstRows(30, false));

    assertEquals(FillSettings.DEFAULT_NULL_RATIO, spec(withNulls, "sku").nullRatio());
    assertEquals(30, spec(withNulls, "sku").values().size(), "a NULL is no value of the pool");
    assertEquals(0, spec(without, "sku").nullRatio());
  }

  @Test
  void theCandidatesAreAPureFunctionOfSeedTableAndCheck() {
    Table t = table(List.of(integer("id"), column("sku", SqlType.TEXT)), SKU_OK);
    FirstRows first = new FirstRows(30, false);
    FirstRows again = new FirstRows(30, false);
    FirstRows otherSeed = new FirstRows(30, false);

    FillPlan plan = plan(t, FillConfig.EMPTY, 7, first);

    assertEquals(plan, plan(t, FillConfig.EMPTY, 7, again));
    assertEquals(first.asked, again.asked);
    plan(t, FillConfig.EMPTY, 8, otherSeed);
    long stream = first.asked.getFirst().tables().getFirst().stream();
    assertNotEquals(stream, otherSeed.asked.getFirst().tables().getFirst().stream());
    assertNotEquals(stream, plan.table("t").stream(), "not the stream of the rows filled");
  }

  @Test
  void fewerPassingRowsThanAPoolNeedsIsRefusedNamingTheCheckColumnAndConfig() {
    Table t = table(List.of(integer("id"), column("sku", SqlType.TEXT)), SKU_OK);
    FirstRows server = new FirstRows(CheckPools.MIN_PASSING - 1, true);

    String message =
        assertThrows(SpateException.class, () -> plan(t, FillConfig.EMPTY, 7, server)).getMessage();

    for (String part :
        List.of(
            "CHECK sku_ok on 't' is not a form Spate understands, and only 19 of 1000 candidate"
                + " values of sku pass on the server, fewer than the 20 a pool needs",
            "CHECK (is_ok(sku))",
            "give sku values that satisfy it in the config, e.g. `tables: {t: {columns: {sku:"
                + " {values: [...]}}}}`")) {
      assertTrue(message.contains(part), () -> "expected '" + part + "' in: " + message);
    }
    assertTrue(server.notes.isEmpty());
  }

  @Test
  void theServerIsNotAskedWhenTheConfigDecidesTheColumnOrTheColumnIsAKey() {
    FirstRows server = new FirstRows(30, false);
    Table decided = table(List.of(integer("id"), column("sku", SqlType.TEXT)), SKU_OK);
    FillConfig values = FillConfig.parse("tables: {t: {columns: {sku: {values: [A1]}}}}", "c");
    Table keyed =
        table(
            List.of(integer("id")),
            new Check.Unparsed("id_ok", List.of("id"), "CHECK (is_ok(id))"));

    assertEquals(List.of("A1"), spec(plan(decided, values, 7, server), "sku").values());
    String message =
        assertThrows(SpateException.class, () -> plan(keyed, FillConfig.EMPTY, 7, server))
            .getMessage();

    assertTrue(server.asked.isEmpty());
    assertTrue(message.contains("CHECK id_ok on 't' is not a form Spate understands"), message);
  }

  @Test
  void aTextKeysValuesAreJudgedFirstAndLastAndOneRefusedIsAProblem() {
    Table keyed =
        table(
            List.of(integer("id"), column("name", SqlType.TEXT)),
            new Check.Unparsed("name_ok", List.of("name"), "CHECK (is_ok(name))"));
    Table t =
        new Table(
            keyed.schema(),
            keyed.name(),
            keyed.columns(),
            keyed.primaryKey(),
            List.of(new UniqueKey("t_name_key", List.of("name"), false)),
            List.of(),
            keyed.checks());
    FillConfig many = FillConfig.parse("tables: {t: {rows: 5000}}", "c");

    FirstRows all = new FirstRows(1000, false);
    plan(t, many, 7, all);
    assertEquals(2, all.asked.size(), "the first and the last 1000 keys");
    assertTrue(
        all.notes.contains(
            "CHECK name_ok on 't', decided by the server: the first and the last 1000 of the 5000"
                + " keys of name pass"),
        all.notes::toString);

    String message =
        assertThrows(SpateException.class, () -> plan(t, many, 7, new FirstRows(999, false)))
            .getMessage();
    assertTrue(
        message.contains(
            "CHECK name_ok on 't' is not a form Spate understands, and the server refuses 1 of"
                + " the 1000 keys of name from number 1"),
        message);
  }

  @Test
  void withoutAServerACheckSpateCannotReadStaysAProblem() {
    Table t = table(List.of(integer("id"), column("sku", SqlType.TEXT)), SKU_OK);

    String message =
        assertThrows(SpateException.class, () -> plan(t, FillConfig.EMPTY, 7, null)).getMessage();

    assertTrue(message.contains("CHECK sku_ok on 't' is not a form Spate understands"), message);
  }

  @Test
  void theExpressionIsTheCheckWithoutItsKeywordAndOptions() {
    assertEquals("((a > 0))", CheckPools.expression("CHECK ((a > 0)) NO INHERIT NOT VALID"));
    assertEquals("(f(a))", CheckPools.expression("CHECK (f(a))"));
    assertEquals(
        List.of(List.of(SKU_OK)),
        CheckPools.sharingColumns(table(List.of(column("sku", SqlType.TEXT)), SKU_OK)));
    assertEquals(Collections.emptyList(), CheckPools.sharingColumns(table(List.of())));
  }
}
