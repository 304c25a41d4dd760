package io.spate.core.plan;

import static io.spate.core.plan.TpccSchema.character;
import static io.spate.core.plan.TpccSchema.fk;
import static io.spate.core.plan.TpccSchema.integer;
import static io.spate.core.plan.TpccSchema.nullable;
import static io.spate.core.plan.TpccSchema.table;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertInstanceOf;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.spate.core.config.FillConfig;
import io.spate.protocol.error.SpateException;
import io.spate.protocol.message.Messages;
import io.spate.protocol.plan.ColumnPlan;
import io.spate.protocol.plan.FillPlan;
import io.spate.protocol.schema.Schema;
import io.spate.protocol.schema.SqlType;
import io.spate.protocol.schema.Table;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;

/** A column the config gives {@code block: N} numbers the blocks of N consecutive rows. */
class BlockNumbersTest {

  /** pgbench's accounts: no foreign key, bid a plain nullable integer. */
  private static final Table ACCOUNTS =
      table(
          "pgbench_accounts",
          List.of(
              integer("aid"),
              nullable("bid", SqlType.INTEGER),
              nullable("abalance", SqlType.INTEGER),
              nullable("filler", SqlType.TEXT)),
          List.of("aid"),
          List.of());

  private static FillPlan plan(Schema schema, String yaml) {
    return Planner.plan(
        schema, FillSettings.of(FillConfig.parse(yaml, "test"), 42L, 10L, null, Map.of()));
  }

  private static String problems(Schema schema, String yaml) {
    return assertThrows(SpateException.class, () -> plan(schema, yaml)).getMessage();
  }

  @Test
  void blockNumbersTheBlocksOfRowsFromOne() {
    FillPlan plan =
        plan(
            new Schema(List.of(ACCOUNTS)),
            "tables: {pgbench_accounts: {rows: 300, columns: {bid: {block: 100}}}}");
    ColumnPlan.KeySequence bid =
        assertInstanceOf(
            ColumnPlan.KeySequence.class, plan.table("pgbench_accounts").column("bid"));
    assertEquals(ColumnPlan.KeySequence.blocks("bid", 1, 100), bid);
  }

  @Test
  void minGivesTheFirstBlocksNumber() {
    FillPlan plan =
        plan(
            new Schema(List.of(ACCOUNTS)),
            "tables: {pgbench_accounts: {rows: 300, columns: {bid: {block: 10, min: '7'}}}}");
    assertEquals(
        ColumnPlan.KeySequence.blocks("bid", 7, 10), plan.table("pgbench_accounts").column("bid"));
  }

  @Test
  void aBlockTravelsInTheJobsJsonAndAPlainKeyWritesNoBlockField() {
    ColumnPlan.KeySequence blocks = ColumnPlan.KeySequence.blocks("bid", 1, 100_000);
    String json = new String(Messages.encode(blocks), java.nio.charset.StandardCharsets.UTF_8);
    assertTrue(json.contains("\"block\":100000"), json);
    String plain =
        new String(
            Messages.encode(new ColumnPlan.KeySequence("aid", 1, 0)),
            java.nio.charset.StandardCharsets.UTF_8);
    assertTrue(!plain.contains("block"), plain);
  }

  @Test
  void everyOtherValueSettingBesideBlockIsRefusedNamingThem() {
    String message =
        problems(
            new Schema(List.of(ACCOUNTS)),
            "tables: {pgbench_accounts: {rows: 300, columns: {bid: {block: 100, max: '3',"
                + " nullRatio: 0.5}}}}");
    assertTrue(
        message.contains("pgbench_accounts.bid: the config's block numbers the blocks of rows")
            && message.contains("max, nullRatio cannot apply too"),
        message);
  }

  @Test
  void aBlockBelowOneAWrongTypeAndANonWholeMinAreAllReportedAtOnce() {
    String message =
        problems(
            new Schema(List.of(ACCOUNTS)),
            "tables: {pgbench_accounts: {rows: 300, columns: {bid: {block: 0, min: 'one'},"
                + " filler: {block: 10}}}}");
    assertTrue(message.contains("pgbench_accounts.bid: block 0 must be at least 1"), message);
    assertTrue(message.contains("min 'one' with block must be a whole number"), message);
    assertTrue(
        message.contains("pgbench_accounts.filler has type text: block numbers rows"), message);
  }

  @Test
  void blocksPastTheTypesRangeAreRefused() {
    Table small =
        table(
            "t",
            List.of(integer("id"), nullable("part", SqlType.SMALLINT)),
            List.of("id"),
            List.of());
    String message =
        problems(
            new Schema(List.of(small)), "tables: {t: {rows: 100000, columns: {part: {block: 2}}}}");
    assertTrue(message.contains("t.part: 100000 rows in blocks of 2 from 1 reach 50000"), message);
  }

  @Test
  void aKeyOrForeignKeyColumnTakesNoBlock() {
    Table branches =
        table("branch", List.of(integer("bid"), character("name", 10)), List.of("bid"), List.of());
    Table accounts =
        table(
            "account",
            List.of(integer("aid"), integer("bid")),
            List.of("aid"),
            List.of(fk("account_branch", List.of("bid"), "branch", List.of("bid"))));
    String message =
        problems(
            new Schema(List.of(branches, accounts)),
            "tables: {account: {rows: 100, columns: {aid: {block: 10}, bid: {block: 10}}}}");
    assertTrue(
        message.contains("account.aid is a key, identity or serial column")
            && message.contains("the config's block cannot apply to it"),
        message);
    assertTrue(
        message.contains("account.bid is part of foreign key account_branch")
            && message.contains("the config's block cannot apply to it"),
        message);
  }

  @Test
  void aTableWithARangedCountHasNoRowOrderToNumber() {
    Table branches = table("branch", List.of(integer("bid")), List.of("bid"), List.of());
    Table accounts =
        table(
            "account",
            List.of(integer("aid"), integer("bid"), nullable("grp", SqlType.INTEGER)),
            List.of("aid"),
            List.of(fk("account_branch", List.of("bid"), "branch", List.of("bid"))));
    String message =
        problems(
            new Schema(List.of(branches, accounts)),
            "tables: {branch: {rows: 10}, account: {per: branch, count: 5..15,"
                + " columns: {grp: {block: 4}}}}");
    assertTrue(message.contains("account.grp: block numbers the table's rows in order"), message);
    FillPlan fixed =
        plan(
            new Schema(List.of(branches, accounts)),
            "tables: {branch: {rows: 10}, account: {per: branch, count: 8,"
                + " columns: {grp: {block: 4}}}}");
    assertEquals(ColumnPlan.KeySequence.blocks("grp", 1, 4), fixed.table("account").column("grp"));
  }
}
