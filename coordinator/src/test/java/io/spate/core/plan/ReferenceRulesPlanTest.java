package io.spate.core.plan;

import static io.spate.core.plan.TpccSchema.fk;
import static io.spate.core.plan.TpccSchema.integer;
import static io.spate.core.plan.TpccSchema.table;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.spate.core.config.ColumnConfig;
import io.spate.core.config.FillConfig;
import io.spate.core.config.TableConfig;
import io.spate.protocol.error.SpateException;
import io.spate.protocol.plan.Distribution;
import io.spate.protocol.plan.FillPlan;
import io.spate.protocol.plan.ReferencePlan;
import io.spate.protocol.plan.TablePlan;
import io.spate.protocol.schema.Check;
import io.spate.protocol.schema.Schema;
import io.spate.protocol.schema.Table;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;

/** How foreign keys pick their parents where keys, CHECKs and cycles constrain them (issue 13). */
class ReferenceRulesPlanTest {

  private static final Schema PURCHASES =
      new Schema(
          List.of(
              table("customer", List.of(integer("id")), List.of("id"), List.of()),
              table(
                  "purchase",
                  List.of(integer("id"), integer("customer_id")),
                  List.of("id"),
                  List.of(
                      fk(
                          "purchase_customer",
                          List.of("customer_id"),
                          "customer",
                          List.of("id"))))));

  private static FillSettings settings(String table, Map<String, ColumnConfig> columns) {
    FillConfig config =
        new FillConfig(
            null, null, null, null, Map.of(table, new TableConfig(null, null, null, columns)));
    return FillSettings.of(config, null, null, null, Map.of());
  }

  private static ColumnConfig range(String min, String max) {
    return new ColumnConfig(null, null, null, min, max, null, null, null, null);
  }

  @Test
  void aRangeOnAForeignKeyColumnIsRefusedNamingTheColumnAndTheSetting() {
    SpateException e =
        assertThrows(
            SpateException.class,
            () ->
                Planner.plan(
                    PURCHASES, settings("purchase", Map.of("customer_id", range("1", "10")))));
    assertEquals(
        "cannot plan the fill: purchase.customer_id is part of foreign key purchase_customer,"
            + " whose values are the keys of the 'customer' rows it references: the config's min,"
            + " max cannot apply to it; remove them (it takes distribution and nullRatio)",
        e.getMessage());
  }

  @Test
  void valuesOnAKeyColumnAreRefusedNamingTheColumnAndTheSetting() {
    ColumnConfig values =
        new ColumnConfig(null, List.of("1", "2"), null, null, null, null, null, null, null);
    SpateException e =
        assertThrows(
            SpateException.class,
            () -> Planner.plan(PURCHASES, settings("customer", Map.of("id", values))));
    assertEquals(
        "cannot plan the fill: customer.id is a key, identity or serial column, numbered 1..n to"
            + " stay unique: the config's values cannot apply to it; remove it",
        e.getMessage());
  }

  @Test
  void aDistributionOnAForeignKeyColumnIsHonoured() {
    ColumnConfig zipf =
        new ColumnConfig(null, null, null, null, null, null, null, Distribution.ZIPF, null);
    assertEquals(
        Distribution.ZIPF,
        Planner.plan(PURCHASES, settings("purchase", Map.of("customer_id", zipf)))
            .table("purchase")
            .reference("purchase_customer")
            .distribution());
  }

  private static Schema pairs(Check check) {
    return new Schema(
        List.of(
            table("tag", List.of(integer("id")), List.of("id"), List.of()),
            table("other", List.of(integer("id")), List.of("id"), List.of()),
            table(
                "pair",
                List.of(integer("id"), integer("tag1"), integer("tag2"), integer("other_id")),
                List.of("id"),
                List.of(
                    fk("pair_tag1", List.of("tag1"), "tag", List.of("id")),
                    fk("pair_tag2", List.of("tag2"), "tag", List.of("id")),
                    fk("pair_other", List.of("other_id"), "other", List.of("id"))),
                check)));
  }

  @Test
  void aCheckBetweenTwoForeignKeysMakesOnePickRelativeToTheOther() {
    FillPlan plan =
        Planner.plan(
            pairs(new Check.CompareColumns("ordered", "tag2", ">", "tag1")),
            FillSettings.of(FillConfig.EMPTY, null, null, null, Map.of()));
    ReferencePlan low = plan.table("pair").reference("pair_tag1");
    ReferencePlan high = plan.table("pair").reference("pair_tag2");
    assertEquals(999, low.size(), "a larger tag is left for tag2");
    assertEquals("pair_tag1", high.relativeTo());
    assertEquals(">", high.relation());
    assertEquals(1000, high.size());
  }

  @Test
  void aCheckBetweenForeignKeysToDifferentTablesIsRefusedNamingIt() {
    SpateException e =
        assertThrows(
            SpateException.class,
            () ->
                Planner.plan(
                    pairs(new Check.CompareColumns("apart", "tag1", "<>", "other_id")),
                    FillSettings.of(FillConfig.EMPTY, null, null, null, Map.of())));
    assertEquals(
        "cannot plan the fill: CHECK apart on 'pair' (tag1 <> other_id) between foreign keys"
            + " pair_tag1 and pair_other: Spate keeps such a CHECK only between two single-column"
            + " foreign keys to the same key of another table",
        e.getMessage());
  }

  /** {@code tag_synonym (tag1, tag2)}: two foreign keys to {@code tag} that make its key. */
  private static Schema keyedPairs(Check check) {
    return new Schema(
        List.of(
            table("tag", List.of(integer("id")), List.of("id"), List.of()),
            table(
                "tag_synonym",
                List.of(integer("tag1"), integer("tag2")),
                List.of("tag1", "tag2"),
                List.of(
                    fk("tag_synonym_tag1", List.of("tag1"), "tag", List.of("id")),
                    fk("tag_synonym_tag2", List.of("tag2"), "tag", List.of("id"))),
                check)));
  }

  @Test
  void anOrderBetweenTwoForeignKeysThatMakeTheKeyPicksTheLowerHalfAndTheRest() {
    FillPlan plan =
        Planner.plan(
            keyedPairs(new Check.CompareColumns("ordered", "tag1", "<", "tag2")),
            FillSettings.of(FillConfig.EMPTY, null, null, null, Map.of()));
    var lower = plan.table("tag_synonym").reference("tag_synonym_tag1");
    var higher = plan.table("tag_synonym").reference("tag_synonym_tag2");
    long tags = plan.table("tag").rows();
    assertEquals(0, lower.offset());
    assertEquals(tags / 2, lower.size(), "tag1 picks the first half of the tags");
    assertEquals(tags / 2, higher.offset(), "tag2 picks the rest");
    assertEquals(tags - tags / 2, higher.size());
    assertEquals(higher.size(), lower.radix(), "distinct rows take distinct pairs");
  }

  @Test
  void anOrderedPairKeyNeedingMorePairsThanTheHalvesHoldIsRefusedNamingTheCount() {
    SpateException e =
        assertThrows(
            SpateException.class,
            () ->
                Planner.plan(
                    keyedPairs(new Check.CompareColumns("ordered", "tag1", "<", "tag2")),
                    FillSettings.of(
                        FillConfig.EMPTY,
                        null,
                        null,
                        null,
                        Map.of("tag", 10L, "tag_synonym", 26L))));
    assertTrue(
        e.getMessage().contains("needs 26 distinct references but only 25 exist"), e.getMessage());
  }

  @Test
  void unequalForeignKeysThatMakeTheKeyArePlannedAsDistinctPairs() {
    FillPlan plan =
        Planner.plan(
            keyedPairs(new Check.CompareColumns("apart", "tag1", "<>", "tag2")),
            FillSettings.of(FillConfig.EMPTY, null, null, null, Map.of()));
    assertEquals("<>", plan.table("tag_synonym").reference("tag_synonym_tag2").relation());
  }

  /** Memberships unique per tenant and user, and per tenant and group. */
  private static Schema memberships() {
    Table m =
        new Table(
            "public",
            "memberships",
            List.of(integer("id"), integer("tenant_id"), integer("user_id"), integer("group_id")),
            new io.spate.protocol.schema.UniqueKey("memberships_pkey", List.of("id"), true),
            List.of(
                new io.spate.protocol.schema.UniqueKey(
                    "m_tenant_group", List.of("tenant_id", "group_id"), false),
                new io.spate.protocol.schema.UniqueKey(
                    "m_tenant_user", List.of("tenant_id", "user_id"), false)),
            List.of(
                fk("m_tenant", List.of("tenant_id"), "tenants", List.of("id")),
                fk("m_user", List.of("user_id"), "users", List.of("id")),
                fk("m_group", List.of("group_id"), "groups", List.of("id"))),
            List.of());
    return new Schema(
        List.of(
            table("tenants", List.of(integer("id")), List.of("id"), List.of()),
            table("users", List.of(integer("id")), List.of("id"), List.of()),
            table("groups", List.of(integer("id")), List.of("id"), List.of()),
            m));
  }

  @Test
  void twoKeysSharingAReferenceBothPickInjectivelyOrThePlanSaysWhyNot() {
    FillPlan plan =
        Planner.plan(
            memberships(),
            FillSettings.of(
                FillConfig.EMPTY,
                null,
                null,
                null,
                Map.of("tenants", 10L, "users", 50L, "groups", 50L, "memberships", 400L)));
    TablePlan m = plan.table("memberships");
    for (String fk : List.of("m_tenant", "m_user", "m_group")) {
      assertEquals(ReferencePlan.Pick.INJECTIVE, m.reference(fk).pick(), fk);
    }
    SpateException e =
        assertThrows(
            SpateException.class,
            () ->
                Planner.plan(
                    memberships(),
                    FillSettings.of(
                        FillConfig.EMPTY,
                        null,
                        null,
                        null,
                        Map.of("tenants", 10L, "users", 45L, "groups", 50L, "memberships", 400L))));
    assertTrue(
        e.getMessage().contains("needs 50 distinct 'users' rows for each 'tenants' row"),
        e.getMessage());
  }
}
