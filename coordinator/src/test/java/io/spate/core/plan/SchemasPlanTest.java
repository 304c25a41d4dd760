package io.spate.core.plan;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.spate.core.config.FillConfig;
import io.spate.core.config.TableConfig;
import io.spate.protocol.error.SpateException;
import io.spate.protocol.plan.FillPlan;
import io.spate.protocol.plan.ReferencePlan;
import io.spate.protocol.plan.TablePlan;
import io.spate.protocol.plan.Task;
import io.spate.protocol.schema.Schema;
import io.spate.protocol.schema.Table;
import io.spate.protocol.seed.Streams;
import io.spate.worker.testing.Fixtures;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;

/**
 * The planner on {@code examples/schemas/multischema.sql}: an application in schemas app and
 * billing, with a table named account in app, billing and public. Every table is known by its id
 * (schema and name; bare in public) in the levels, the references, the tasks and the second passes,
 * and a config names a table qualified, or bare when one schema alone holds that name.
 */
class SchemasPlanTest {

  private static final Schema MULTISCHEMA = Fixtures.snapshot("multischema");

  private static FillPlan plan(FillConfig config, Map<String, Long> rows) {
    return Planner.plan(MULTISCHEMA, FillSettings.of(config, null, 100L, null, rows));
  }

  private static String planFails(FillConfig config, Map<String, Long> rows) {
    return assertThrows(SpateException.class, () -> plan(config, rows)).getMessage();
  }

  @Test
  void tablesOfOneNameInThreeSchemasAreThreeTablesOfThePlan() {
    FillPlan plan = plan(FillConfig.EMPTY, Map.of());

    assertEquals(
        List.of(
            List.of("account"),
            List.of("app.customer"),
            List.of("app.account"),
            List.of("billing.account"),
            List.of("billing.invoice"),
            List.of("app.customer#refs", "app.account#refs")),
        plan.levels());
    assertEquals(List.of("app.account"), plan.table("billing.account").after());
    ReferencePlan toAppAccount = plan.table("billing.account").references().get(0);
    assertEquals("app.account", toAppAccount.parentTable());
    assertEquals(ReferencePlan.Pick.INJECTIVE, toAppAccount.pick(), "a unique foreign key");
    assertEquals(
        List.of("app.account[0,100)", "app.account#refs[0,100)"),
        plan.tasks().stream().map(Task::id).filter(id -> id.startsWith("app.account")).toList());
  }

  @Test
  void aPublicTableKeepsItsBareNameAndStreamAndTheOthersDrawApart() {
    FillPlan plan = plan(FillConfig.EMPTY, Map.of());
    TablePlan publicAccount = plan.table("account");
    assertEquals("public", publicAccount.table().schema());
    assertEquals(Streams.table(42, "public", "account"), publicAccount.stream());
    assertEquals(
        3,
        plan.tables().stream()
            .filter(t -> t.table().name().equals("account") && !t.secondPass())
            .map(TablePlan::stream)
            .distinct()
            .count());
  }

  @Test
  void aConfigNamesATableQualifiedOrByABareNameOneSchemaHolds() {
    FillPlan plan =
        plan(
            new FillConfig(
                null,
                null,
                null,
                null,
                Map.of(
                    "app.customer", new TableConfig(20L, null, null, Map.of()),
                    "invoice", new TableConfig(null, "customer", "3", Map.of()))),
            Map.of("public.account", 7L, "billing.account", 5L));

    assertEquals(20, plan.table("app.customer").rows());
    assertEquals("app.customer", plan.table("billing.invoice").fanout().parent());
    assertEquals(60, plan.table("billing.invoice").rows());
    assertEquals(7, plan.table("account").rows());
    assertEquals(5, plan.table("billing.account").rows());
    assertEquals(100, plan.table("app.account").rows());
  }

  @Test
  void aBareNameSeveralSchemasHoldIsAProblemListingThem() {
    String message = planFails(FillConfig.EMPTY, Map.of("account", 5L));
    assertTrue(
        message.contains(
            "--rows names table 'account', which several schemas hold: [app.account,"
                + " billing.account, public.account]; name one as schema.table"),
        message);

    String perAmbiguous =
        planFails(
            new FillConfig(
                null,
                null,
                null,
                null,
                Map.of("billing.invoice", new TableConfig(null, "account", "2", Map.of()))),
            Map.of());
    assertTrue(
        perAmbiguous.contains(
            "table 'billing.invoice' is filled per 'account', which several schemas hold"),
        perAmbiguous);
  }

  @Test
  void oneTableNamedTwiceAndATableOutsideTheChosenSchemasAreProblems() {
    String twice = planFails(FillConfig.EMPTY, Map.of("account", 5L, "public.account", 6L));
    assertTrue(twice.contains("several schemas hold"), twice);
    String same =
        planFails(
            new FillConfig(
                null,
                null,
                null,
                null,
                Map.of(
                    "billing.invoice", new TableConfig(1L, null, null, Map.of()),
                    "invoice", new TableConfig(2L, null, null, Map.of()))),
            Map.of());
    assertTrue(
        same.contains(
            "config names table billing.invoice twice, as 'billing.invoice' and 'invoice'"),
        same);

    Schema appOnly =
        new Schema(MULTISCHEMA.tables().stream().filter(t -> t.schema().equals("app")).toList());
    String outside =
        assertThrows(
                SpateException.class,
                () ->
                    Planner.plan(
                        appOnly, FillSettings.of(FillConfig.EMPTY, null, null, null, Map.of())))
            .getMessage();
    assertTrue(
        outside.contains(
            "table 'app.customer' references 'billing.invoice', which is outside the chosen"
                + " schemas"),
        outside);
  }

  @Test
  void anIdQuotesTheNamePartsThatWouldMakeItAmbiguous() {
    assertEquals("account", Table.id("public", "account"));
    assertEquals("app.account", Table.id("app", "account"));
    assertEquals("\"a.b\"", Table.id("public", "a.b"));
    assertEquals("\"my.app\".\"t#refs\"", Table.id("my.app", "t#refs"));
    assertEquals("\"say \"\"hi\"\"\".t", Table.id("say \"hi\"", "t"));
    assertNotEquals(Table.id("a", "b.c"), Table.id("a.b", "c"));
    assertEquals(List.of("my.app", "t#refs"), ConfigNames.parts(Table.id("my.app", "t#refs")));
    assertEquals(List.of("say \"hi\"", "t"), ConfigNames.parts(Table.id("say \"hi\"", "t")));
    assertEquals(List.of("a.b"), ConfigNames.parts("\"a.b\""));
  }
}
