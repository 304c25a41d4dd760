package io.spate.core.plan;

import static io.spate.core.plan.TpccSchema.column;
import static io.spate.core.plan.TpccSchema.integer;
import static io.spate.core.plan.TpccSchema.nullable;
import static io.spate.core.plan.TpccSchema.varchar;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertInstanceOf;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.spate.core.config.ColumnConfig;
import io.spate.core.config.FillConfig;
import io.spate.core.config.TableConfig;
import io.spate.protocol.error.SpateException;
import io.spate.protocol.plan.ColumnPlan;
import io.spate.protocol.plan.FillPlan;
import io.spate.protocol.plan.KeyFormat;
import io.spate.protocol.schema.Check;
import io.spate.protocol.schema.Column;
import io.spate.protocol.schema.Schema;
import io.spate.protocol.schema.SqlType;
import io.spate.protocol.schema.Table;
import io.spate.protocol.schema.UniqueKey;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;

/** The planner on length and pattern CHECKs and on unique indexes that back no constraint. */
class CheckedColumnsPlanTest {

  private static FillPlan plan(Table t, FillConfig config) {
    return Planner.plan(
        new Schema(List.of(t)), FillSettings.of(config, null, null, null, Map.of()));
  }

  private static String planFails(Table t, FillConfig config) {
    return assertThrows(SpateException.class, () -> plan(t, config)).getMessage();
  }

  private static Table table(List<Column> columns, List<UniqueKey> uniques, Check... checks) {
    return new Table(
        "public",
        "t",
        columns,
        new UniqueKey("t_pkey", List.of("id"), true),
        uniques,
        List.of(),
        List.of(checks));
  }

  private static ColumnPlan planOf(FillPlan plan, String name) {
    return plan.table("t").column(name);
  }

  private static void assertMentions(String message, String... parts) {
    for (String part : parts) {
      assertTrue(message.contains(part), () -> "expected '" + part + "' in: " + message);
    }
  }

  @Test
  void lengthChecksSetTheLengthRangeAndLeaveTheOtherEndToTheType() {
    Table t =
        table(
            List.of(
                integer("id"),
                column("exact", SqlType.TEXT),
                column("between", SqlType.TEXT),
                column("atLeast", SqlType.TEXT),
                varchar("below", 10)),
            List.of(),
            new Check.Length("k1", "exact", "length", "=", "8"),
            new Check.Length("k2", "between", "char_length", ">=", "3"),
            new Check.Length("k2", "between", "char_length", "<=", "40"),
            new Check.Length("k3", "atLeast", "length", ">=", "2"),
            new Check.Length("k4", "below", "octet_length", "<", "9"));

    FillPlan plan = plan(t, FillConfig.EMPTY);

    assertEquals(List.of(8, 8), lengths(plan, "exact"));
    assertEquals(List.of(3, 40), lengths(plan, "between"));
    assertEquals(List.of(2, 64), lengths(plan, "atLeast"), "text's default upper end");
    assertEquals(List.of(4, 8), lengths(plan, "below"), "varchar(10)'s default lower end");
  }

  private static List<Integer> lengths(FillPlan plan, String column) {
    ColumnPlan.Values v = assertInstanceOf(ColumnPlan.Values.class, planOf(plan, column));
    return List.of(v.spec().minLength(), v.spec().maxLength());
  }

  @Test
  void aDomainPatternDrawsAPoolOfMatchingValues() {
    Column sku =
        new Column(
            "item",
            SqlType.TEXT,
            "sku",
            -1,
            -1,
            -1,
            false,
            false,
            false,
            null,
            16_400,
            null,
            List.of(),
            List.of(
                new Check.Matches("sku_check", Column.DOMAIN_VALUE, "^[A-Z]{3}-[0-9]{4}$", false)));

    FillPlan plan = plan(table(List.of(integer("id"), sku), List.of()), FillConfig.EMPTY);

    ColumnPlan.Values v = assertInstanceOf(ColumnPlan.Values.class, planOf(plan, "item"));
    assertEquals(PatternValues.POOL_SIZE, v.spec().values().size());
    assertTrue(v.spec().values().stream().allMatch(s -> s.matches("[A-Z]{3}-[0-9]{4}")));
  }

  @Test
  void aUniqueIndexOnLowerOfAColumnMakesTheColumnAKey() {
    UniqueKey index =
        new UniqueKey(
            "t_handle",
            List.of("handle"),
            false,
            "CREATE UNIQUE INDEX t_email ON public.t USING btree (lower(handle))",
            List.of());

    FillPlan plan =
        plan(
            table(List.of(integer("id"), column("handle", SqlType.TEXT)), List.of(index)),
            FillConfig.EMPTY);

    assertInstanceOf(ColumnPlan.KeySequence.class, planOf(plan, "handle"));
  }

  @Test
  void aUniqueIndexOverOtherExpressionsIsReportedUnlessANullableColumnItUsesIsSkipped() {
    String definition = "CREATE UNIQUE INDEX t_sum ON public.t USING btree (((a + b)))";
    Table t =
        table(
            List.of(integer("id"), nullable("a", SqlType.INTEGER), integer("b")),
            List.of(new UniqueKey("t_sum", List.of(), false, definition, List.of("(a + b)"))));

    assertMentions(
        planFails(t, FillConfig.EMPTY),
        "unique index t_sum on 't'",
        "(a + b)",
        definition,
        "rows: 0",
        "{a: {skip: true}}");

    ColumnConfig skip = new ColumnConfig(null, null, null, null, null, null, null, null, true);
    FillPlan plan =
        plan(
            t,
            new FillConfig(
                null,
                null,
                null,
                null,
                Map.of("t", new TableConfig(null, null, null, Map.of("a", skip)))));
    assertInstanceOf(ColumnPlan.Skip.class, planOf(plan, "a"));
  }

  @Test
  void aPatternOnAUniqueTextKeyIsReportedWithTheFirstKeyValueItRejects() {
    Table t =
        table(
            List.of(integer("id"), column("code", SqlType.TEXT)),
            List.of(new UniqueKey("t_code_key", List.of("code"), false)),
            new Check.Matches("code_shape", "code", "^[0-9]{2}$", false));

    assertMentions(
        planFails(t, FillConfig.EMPTY),
        "t.code is a unique key",
        "CHECK code_shape (code ~ '^[0-9]{2}$') rejects 1",
        "k1: CHECK code_shape (code ~ '^[0-9]{2}$') rejects k1",
        "--rows t=0");
  }

  private static FillPlan plan(Table t, long rows) {
    return Planner.plan(
        new Schema(List.of(t)),
        FillSettings.of(FillConfig.EMPTY, null, null, null, Map.of("t", rows)));
  }

  private static Table textKey(Column code, Check... checks) {
    return table(
        List.of(integer("id"), code),
        List.of(new UniqueKey("t_code_key", List.of("code"), false)),
        checks);
  }

  @Test
  void aUniqueTextKeyTakesTheFirstFormItsChecksAccept() {
    Column text = column("code", SqlType.TEXT);
    assertEquals(
        new ColumnPlan.KeySequence("code", 1, 0, new KeyFormat("t-", 0, "")),
        planOf(
            plan(textKey(text, new Check.Length("n", "code", "length", "<=", "9")), 1000), "code"),
        "the form of its meaning (a code of a t) when the CHECKs accept it");
    assertEquals(
        new ColumnPlan.KeySequence("code", 1, 0),
        planOf(
            plan(textKey(text, new Check.Length("n", "code", "length", "<=", "4")), 1000), "code"),
        "bare digits when they alone fit");
    assertEquals(
        new ColumnPlan.KeySequence("code", 1, 0, new KeyFormat("", 2, "")),
        planOf(
            plan(textKey(text, new Check.Matches("two", "code", "^[0-9]{2}$", false)), 99), "code"),
        "zero-padded to the width the pattern wants");
    assertEquals(
        new ColumnPlan.KeySequence("code", 1, 0, new KeyFormat("", 6, "")),
        planOf(
            plan(textKey(text, new Check.Length("six", "code", "length", "=", "6")), 1000), "code"),
        "zero-padded to the length the CHECK fixes");
    assertEquals(
        new ColumnPlan.KeySequence("code", 1, 0, new KeyFormat("k", 0, "")),
        planOf(
            plan(
                textKey(
                    text,
                    new Check.Length("name", "code", "length", ">=", "2"),
                    new Check.Length("name", "code", "length", "<=", "24"),
                    new Check.Matches("name", "code", "^[a-zA-Z]([_]?[a-zA-Z0-9])+$", false)),
                1000),
            "code"));
    assertEquals(
        new ColumnPlan.KeySequence("code", 1, 0, new KeyFormat("user", 0, "@example.com")),
        planOf(
            plan(
                textKey(text, new Check.Matches("at", "code", "[^@]+@[^@]+\\.[^@]+", false)), 1000),
            "code"));
    assertEquals(
        new ColumnPlan.KeySequence("code", 1, 0, new KeyFormat("https://example.com/", 0, "")),
        planOf(
            plan(textKey(text, new Check.Matches("url", "code", "^https?://", true)), 1000),
            "code"));
  }

  @Test
  void aFormLongerThanTheColumnHoldsIsRefusedNamingTheColumnAndTheFix() {
    String message =
        assertThrows(
                SpateException.class,
                () ->
                    plan(
                        textKey(
                            varchar("code", 4),
                            new Check.Matches("url", "code", "^https?://", true)),
                        1000))
            .getMessage();
    assertMentions(
        message,
        "t.code is a unique key",
        "CHECK url (code ~* '^https?://') rejects 1",
        "https://example.com/1000 is longer than",
        "--rows t=0");
  }

  // code text CHECK (code LIKE 'AB%'), email varchar(80) CHECK (email LIKE '%@%'), sku text CHECK
  // (sku LIKE 'SK-____'), as the parser reads them
  @Test
  void aLikePatternDrawsAPoolOfValuesItMatches() {
    Table t =
        table(
            List.of(
                integer("id"),
                column("code", SqlType.TEXT),
                varchar("email", 80),
                column("sku", SqlType.TEXT)),
            List.of(),
            new Check.Matches("k1", "code", "^AB.*$", false),
            new Check.Matches("k2", "email", "^.*@.*$", false),
            new Check.Matches("k3", "sku", "^SK-....$", false));

    FillPlan plan = plan(t, FillConfig.EMPTY);

    assertTrue(poolOf(plan, "code").stream().allMatch(v -> v.startsWith("AB")));
    assertTrue(poolOf(plan, "email").stream().allMatch(v -> v.contains("@") && v.length() <= 80));
    assertTrue(poolOf(plan, "sku").stream().allMatch(v -> v.matches("SK-.{4}")));
  }

  private static List<String> poolOf(FillPlan plan, String column) {
    ColumnPlan.Values v = assertInstanceOf(ColumnPlan.Values.class, planOf(plan, column));
    assertTrue(v.spec().values().size() > 1, v.spec()::toString);
    return v.spec().values();
  }

  // grade grade CHECK (NOT (grade = 'F')) on an enum; kind text CHECK (kind IN ('a', 'b', 'c') AND
  // kind <> 'b'); size text CHECK (size = 'x' AND size <> 'x')
  @Test
  void aValueANotEqualCheckExcludesIsDroppedFromAListOrAnEnumsLabels() {
    Column grade =
        new Column(
            "grade",
            SqlType.ENUM,
            "grade",
            -1,
            -1,
            -1,
            false,
            false,
            false,
            null,
            16_600,
            null,
            List.of("A", "B", "F"),
            List.of());
    Table t =
        table(
            List.of(integer("id"), grade, column("kind", SqlType.TEXT)),
            List.of(),
            new Check.CompareLiteral("grade_check", "grade", "<>", "F"),
            new Check.InList("kind_check", "kind", List.of("a", "b", "c")),
            new Check.CompareLiteral("kind_check", "kind", "<>", "b"));

    FillPlan plan = plan(t, FillConfig.EMPTY);

    assertEquals(List.of("A", "B"), valuesOf(plan, "grade"));
    assertEquals(List.of("a", "c"), valuesOf(plan, "kind"));

    String message =
        planFails(
            table(
                List.of(integer("id"), column("size", SqlType.TEXT)),
                List.of(),
                new Check.CompareLiteral("size_check", "size", "=", "x"),
                new Check.CompareLiteral("size_check", "size", "<>", "x")),
            FillConfig.EMPTY);
    assertMentions(message, "t.size: its CHECKs exclude every value of [x]");
  }

  private static List<String> valuesOf(FillPlan plan, String column) {
    return assertInstanceOf(ColumnPlan.Values.class, planOf(plan, column)).spec().values();
  }
}
