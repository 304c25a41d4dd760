package io.spate.core.plan;

import static io.spate.core.plan.TpccSchema.column;
import static io.spate.core.plan.TpccSchema.fk;
import static io.spate.core.plan.TpccSchema.integer;
import static io.spate.core.plan.TpccSchema.per;
import static io.spate.core.plan.TpccSchema.rows;
import static io.spate.core.plan.TpccSchema.table;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertInstanceOf;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTimeoutPreemptively;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.spate.core.config.ColumnConfig;
import io.spate.core.config.FillConfig;
import io.spate.core.config.TableConfig;
import io.spate.protocol.error.SpateException;
import io.spate.protocol.plan.ColumnPlan;
import io.spate.protocol.plan.Fanout;
import io.spate.protocol.plan.FillPlan;
import io.spate.protocol.plan.ReferencePlan;
import io.spate.protocol.plan.ReferencePlan.Pick;
import io.spate.protocol.plan.Slots;
import io.spate.protocol.plan.TablePlan;
import io.spate.protocol.plan.Task;
import io.spate.protocol.schema.Check;
import io.spate.protocol.schema.Column;
import io.spate.protocol.schema.LoadBarrier;
import io.spate.protocol.schema.Schema;
import io.spate.protocol.schema.SqlType;
import io.spate.protocol.schema.Table;
import io.spate.protocol.schema.TriggerWrite;
import io.spate.protocol.schema.UniqueKey;
import java.time.Duration;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;

/** The planner on the introspected TPC-C fixture schema, with configs built in code. */
class PlannerTest {

  private static final Schema TPCC = TpccSchema.schema();

  private static FillPlan plan(Schema schema, FillConfig config) {
    return Planner.plan(schema, FillSettings.of(config, null, null, null, Map.of()));
  }

  private static SpateException planFails(Schema schema, FillSettings settings) {
    return assertThrows(SpateException.class, () -> Planner.plan(schema, settings));
  }

  private static SpateException planFails(Schema schema, FillConfig config) {
    return planFails(schema, FillSettings.of(config, null, null, null, Map.of()));
  }

  private static void assertMentions(String message, String... parts) {
    for (String part : parts) {
      assertTrue(message.contains(part), () -> "expected '" + part + "' in: " + message);
    }
  }

  // ---- TPC-C as the specification shapes it ----------------------------------------------------

  @Test
  void levelsPutEveryTableAfterTheTablesItReferences() {
    FillPlan plan = plan(TPCC, TpccSchema.specConfig());
    assertEquals(
        List.of(
            List.of("item", "warehouse"),
            List.of("district", "stock"),
            List.of("customer"),
            List.of("history", "orders"),
            List.of("new_order", "order_line")),
        plan.levels());
    assertEquals(
        plan.levels().stream().flatMap(List::stream).toList(),
        plan.tables().stream().map(TablePlan::name).toList(),
        "tables in level order");
  }

  @Test
  void perParentCountsMultiplyDownTheLineage() {
    FillPlan plan = plan(TPCC, TpccSchema.specConfig());
    assertEquals(2, plan.table("warehouse").rows());
    assertEquals(1000, plan.table("item").rows());
    assertEquals(2 * 1000, plan.table("stock").rows());
    assertEquals(2 * 10, plan.table("district").rows());
    assertEquals(2 * 10 * 3000, plan.table("customer").rows());
    assertEquals(2 * 10 * 3000, plan.table("history").rows());
    assertEquals(2 * 10 * 3000, plan.table("orders").rows());
    assertEquals(2 * 10 * 900, plan.table("new_order").rows());
    assertEquals(new Fanout("district", 3000, 3000), plan.table("customer").fanout());
    assertNull(plan.table("warehouse").fanout());
    plan.tables().stream()
        .filter(t -> Slots.dense(plan, t))
        .forEach(t -> assertEquals(t.slots(), t.rows(), t.name()));
  }

  @Test
  void aRangedCountGivesRowsBetweenItsBoundsAndAsManyAsTheSlotsHold() {
    FillPlan plan = plan(TPCC, TpccSchema.specConfig());
    TablePlan orderLine = plan.table("order_line");
    long orders = plan.table("orders").rows();
    assertEquals(new Fanout("orders", 5, 15), orderLine.fanout());
    assertEquals(orders * 15, orderLine.slots());
    assertTrue(
        orderLine.rows() > orders * 5 && orderLine.rows() < orders * 15,
        "order_line rows " + orderLine.rows());
    long held = 0;
    for (long s = 0; s < orderLine.slots(); s++) {
      held += Slots.holdsRow(plan, orderLine, s) ? 1 : 0;
    }
    assertEquals(held, orderLine.rows());
  }

  @Test
  void keyColumnsCountWithinTheGroupTheirOtherKeyColumnsIdentify() {
    FillPlan plan = plan(TPCC, TpccSchema.specConfig());
    assertEquals(new ColumnPlan.KeySequence("w_id", 1, 0), plan.table("warehouse").column("w_id"));
    assertEquals(new ColumnPlan.KeySequence("i_id", 1, 0), plan.table("item").column("i_id"));
    assertEquals(new ColumnPlan.KeySequence("d_id", 1, 10), plan.table("district").column("d_id"));
    assertEquals(
        new ColumnPlan.KeySequence("c_id", 1, 3000), plan.table("customer").column("c_id"));
    assertEquals(
        new ColumnPlan.KeySequence("o_id", 1, 3000),
        plan.table("orders").column("o_id"),
        "one order per customer: 3000 per district");
    assertEquals(
        new ColumnPlan.KeySequence("ol_number", 1, 15),
        plan.table("order_line").column("ol_number"));
  }

  @Test
  void lineageReferencesPickTheGroupsParentRow() {
    FillPlan plan = plan(TPCC, TpccSchema.specConfig());
    ReferencePlan district = plan.table("district").reference("district_d_w_id_fkey");
    assertEquals(Pick.GROUP, district.pick());
    assertEquals(10, district.groupSpan());
    ReferencePlan customer = plan.table("customer").reference("customer_c_w_id_c_d_id_fkey");
    assertEquals(Pick.GROUP, customer.pick());
    assertEquals(3000, customer.groupSpan());
    assertEquals(
        new ColumnPlan.Reference("c_w_id", "customer_c_w_id_c_d_id_fkey", "d_w_id"),
        plan.table("customer").column("c_w_id"));
    assertEquals(
        new ColumnPlan.Reference("c_d_id", "customer_c_w_id_c_d_id_fkey", "d_id"),
        plan.table("customer").column("c_d_id"));
  }

  @Test
  void stockPicksEveryItemOncePerWarehouse() {
    FillPlan plan = plan(TPCC, TpccSchema.specConfig());
    ReferencePlan toItem = plan.table("stock").reference("stock_s_i_id_fkey");
    assertEquals(Pick.INJECTIVE, toItem.pick());
    assertEquals(plan.table("item").rows(), toItem.size());
    assertEquals(1000, toItem.groupSpan(), "one group per warehouse");
    assertEquals(0, toItem.offset());
    assertEquals(Pick.GROUP, plan.table("stock").reference("stock_s_w_id_fkey").pick());
  }

  @Test
  void newOrdersAreTheLastOrdersOfEachDistrict() {
    FillPlan plan = plan(TPCC, TpccSchema.specConfig());
    ReferencePlan toOrders =
        plan.table("new_order").reference("new_order_no_w_id_no_d_id_no_o_id_fkey");
    assertEquals(Pick.INJECTIVE, toOrders.pick());
    assertEquals(900, toOrders.groupSpan(), "900 new orders per district");
    assertEquals(3000, toOrders.parentGroupSpan(), "3000 orders per district");
    assertEquals(3000, toOrders.size());
    assertEquals(3000 - 900, toOrders.offset());
  }

  @Test
  void otherReferencesPickRandomlyWithinTheSharedAncestor() {
    FillPlan plan = plan(TPCC, TpccSchema.specConfig());
    ReferencePlan toStock =
        plan.table("order_line").reference("order_line_ol_supply_w_id_ol_i_id_fkey");
    assertEquals(Pick.RANDOM, toStock.pick());
    assertEquals(15L * 3000 * 10, toStock.groupSpan(), "order_line slots per warehouse");
    assertEquals(1000, toStock.size(), "stock rows per warehouse");
  }

  @Test
  void aForeignKeyToAnyAncestorOfTheLineagePicksThatAncestorsRow() {
    FillPlan plan = plan(TPCC, TpccSchema.specConfig());
    // history is filled per customer; its district is the customer's own.
    ReferencePlan toDistrict = plan.table("history").reference("history_h_w_id_h_d_id_fkey");
    assertEquals(Pick.GROUP, toDistrict.pick());
    assertEquals(3000, toDistrict.groupSpan(), "history slots per district");
  }

  @Test
  void checkedListsBecomeValueLists() {
    FillPlan plan = plan(TPCC, TpccSchema.specConfig());
    ColumnPlan credit = plan.table("customer").column("c_credit");
    assertEquals(
        List.of("GC", "BC"), assertInstanceOf(ColumnPlan.Values.class, credit).spec().values());
  }

  @Test
  void tasksCoverEverySlotOnceInOrder() {
    FillPlan plan =
        Planner.plan(TPCC, FillSettings.of(TpccSchema.specConfig(), null, null, 7_000L, Map.of()));
    for (TablePlan t : plan.tables()) {
      List<Task> tasks =
          plan.tasks().stream().filter(task -> task.table().equals(t.name())).toList();
      long next = 0;
      for (Task task : tasks) {
        assertEquals(next, task.start(), t.name());
        next = task.end();
      }
      assertEquals(t.slots(), next, t.name());
    }
    assertTrue(
        plan.tasks().stream().filter(t -> t.table().equals("customer")).count() >= 60_000 / 7_000);
  }

  @Test
  void theSameSettingsGiveTheSamePlan() {
    assertEquals(plan(TPCC, TpccSchema.specConfig()), plan(TPCC, TpccSchema.specConfig()));
  }

  // ---- no config
  // ---------------------------------------------------------------------------------

  @Test
  void withoutConfigEveryTableGetsTheDefaultRowsAtTheRoot() {
    FillPlan plan = plan(TPCC, FillConfig.EMPTY);
    assertEquals(9, plan.tables().size());
    for (TablePlan t : plan.tables()) {
      assertEquals(FillSettings.DEFAULT_ROWS, t.rows(), t.name());
      assertEquals(FillSettings.DEFAULT_ROWS, t.slots(), t.name());
      assertNull(t.fanout(), t.name());
    }
  }

  @Test
  void aKeyOfAReferenceAndOneNarrowColumnFillsAFewRowsPerReferencedRow() {
    Table post = table("post", List.of(integer("id")), List.of("id"), List.of());
    Table tag =
        table(
            "post_tag",
            List.of(integer("post_id"), integer("kind")),
            List.of("post_id", "kind"),
            List.of(fk("post_tag_post", List.of("post_id"), "post", List.of("id"))),
            new Check.CompareLiteral("kind_range", "kind", ">=", "0"),
            new Check.CompareLiteral("kind_range", "kind", "<=", "9"));

    FillPlan plan = plan(new Schema(List.of(post, tag)), FillConfig.EMPTY);

    assertEquals(new Fanout("post", 1, 3), plan.table("post_tag").fanout(), "1..3 per post");
    assertEquals(new ColumnPlan.KeySequence("kind", 1, 3), plan.table("post_tag").column("kind"));
    assertEquals(FillSettings.DEFAULT_ROWS, plan.table("post").rows());
  }

  @Test
  void anUnconstrainedUniqueUrlOrUsernameWritesItsKeysInThatFormWhereTheyFit() {
    Table users =
        table(
            "users",
            List.of(
                integer("id"),
                TpccSchema.varchar("home_page", 255),
                TpccSchema.varchar("nickname", 255),
                TpccSchema.varchar("login", 5),
                TpccSchema.varchar("code", 255)),
            List.of("id"),
            List.of());
    users =
        new Table(
            users.schema(),
            users.name(),
            users.columns(),
            users.primaryKey(),
            List.of(
                new UniqueKey("users_home_page", List.of("home_page"), false),
                new UniqueKey("users_nickname", List.of("nickname"), false),
                new UniqueKey("users_login", List.of("login"), false),
                new UniqueKey("users_code", List.of("code"), false)),
            users.foreignKeys(),
            users.checks());

    FillPlan plan = plan(new Schema(List.of(users)), FillConfig.EMPTY);

    Map<String, String> firstKeys = new LinkedHashMap<>();
    for (String c : List.of("home_page", "nickname", "login", "code")) {
      ColumnPlan.KeySequence key =
          assertInstanceOf(ColumnPlan.KeySequence.class, plan.table("users").column(c));
      firstKeys.put(c, key.format() == null ? "1" : key.format().render(1));
    }
    assertEquals(
        Map.of(
            "home_page", "https://example.com/1",
            "nickname", "user1",
            "login", "1",
            "code", "user-1"),
        firstKeys,
        "login: user1000 is longer than varchar(5); code: a code of a user");
  }

  @Test
  void aNarrowKeyColumnBesideOneThatCountsEveryRowDrawsValues() {
    Table stats =
        table(
            "stats",
            List.of(integer("series"), integer("kind")),
            List.of("series", "kind"),
            List.of(),
            new Check.CompareLiteral("kind_range", "kind", ">=", "0"),
            new Check.CompareLiteral("kind_range", "kind", "<=", "9"));

    FillPlan plan = plan(new Schema(List.of(stats)), FillConfig.EMPTY);

    assertEquals(FillSettings.DEFAULT_ROWS, plan.table("stats").rows());
    assertInstanceOf(ColumnPlan.KeySequence.class, plan.table("stats").column("series"));
    assertInstanceOf(ColumnPlan.Values.class, plan.table("stats").column("kind"));
  }

  @Test
  void aChildOfATableOnlyATriggerWritesIsRefusedWithAdviceThatWorks() {
    Table film = table("film", List.of(integer("id")), List.of("id"), List.of());
    Table text =
        table("film_text", List.of(integer("film_id")), List.of("film_id"), List.of())
            .withWrittenBy(List.of(new TriggerWrite("ins_film", "film")));
    Table note =
        table(
            "film_note",
            List.of(integer("id"), integer("film_id")),
            List.of("id"),
            List.of(fk("film_note_film", List.of("film_id"), "film_text", List.of("film_id"))));
    Schema schema = new Schema(List.of(film, text, note));
    SpateException e = assertThrows(SpateException.class, () -> plan(schema, FillConfig.EMPTY));
    assertTrue(
        e.getMessage()
            .contains(
                "only [trigger ins_film on film] write it, and Spate cannot pick the rows a trigger"
                    + " writes as parents; on PostgreSQL, --disable-triggers lets Spate fill"
                    + " 'film_text' itself (the triggers then write nothing), or give 'film_note'"
                    + " `rows: 0`"),
        e.getMessage());
    // both pieces of advice plan
    assertEquals(
        FillSettings.DEFAULT_ROWS,
        Planner.plan(
                schema,
                FillSettings.of(FillConfig.EMPTY, null, null, null, Map.of()).withTriggersOff(true))
            .table("film_note")
            .rows());
    assertEquals(
        0,
        plan(schema, new FillConfig(null, null, null, null, Map.of("film_note", rows(0))))
            .table("film_note")
            .rows());
  }

  @Test
  void aTableARuleOfItsOwnBarsFromRowsIsRefusedUnlessSizedToNone() {
    Table room = table("room", List.of(integer("id")), List.of("id"), List.of());
    Table plain = table("booking", List.of(integer("id")), List.of("id"), List.of());
    Table booking =
        new Table(
            plain.schema(),
            plain.name(),
            plain.columns(),
            plain.primaryKey(),
            plain.uniques(),
            plain.foreignKeys(),
            plain.checks(),
            plain.partitions(),
            plain.plainIndexes(),
            plain.writtenBy(),
            List.of(new LoadBarrier("exclusion constraint \"no_overlap\"", "why; drop it")));
    Schema schema = new Schema(List.of(room, booking));
    SpateException e = assertThrows(SpateException.class, () -> plan(schema, FillConfig.EMPTY));
    assertTrue(
        e.getMessage()
            .contains(
                "table 'booking' cannot be filled, exclusion constraint \"no_overlap\": why; drop"
                    + " it; or give it `rows: 0` in the config (`tables: {booking: {rows: 0}}`),"
                    + " so it stays empty"),
        e.getMessage());
    assertFalse(e.getMessage().contains("'room'"), e.getMessage());
    FillPlan sized =
        plan(schema, new FillConfig(null, null, null, null, Map.of("booking", rows(0))));
    assertEquals(0, sized.table("booking").rows());
    assertEquals(FillSettings.DEFAULT_ROWS, sized.table("room").rows());
  }

  /**
   * users, the profiles an insert trigger on users writes (one per user, copying {@code users.id}
   * into {@code user_id} by {@code copies}), and the photos that reference the profiles.
   */
  private static Schema profilePhotos(TriggerWrite.Copy... copies) {
    Table users = table("users", List.of(integer("id"), integer("code")), List.of("id"), List.of());
    Table profiles =
        table(
                "profiles",
                List.of(integer("user_id"), integer("created")),
                List.of("user_id"),
                List.of(fk("profiles_user", List.of("user_id"), "users", List.of("id"))))
            .withWrittenBy(List.of(new TriggerWrite("users_profile", "users", List.of(copies))));
    Table photos =
        table(
            "photos",
            List.of(integer("id"), integer("profile_id")),
            List.of("id"),
            List.of(fk("photos_profile", List.of("profile_id"), "profiles", List.of("user_id"))));
    return new Schema(List.of(users, profiles, photos));
  }

  @Test
  void aChildOfATriggersRowsThatCopyTheSourcesKeyPicksTheSourcesRowsAndLoadsAfterThem() {
    FillPlan plan = plan(profilePhotos(new TriggerWrite.Copy("user_id", "id")), FillConfig.EMPTY);

    assertEquals(0, plan.table("profiles").rows(), "the trigger's");
    assertEquals(FillSettings.DEFAULT_ROWS, plan.table("photos").rows());
    ReferencePlan pick = plan.table("photos").reference("photos_profile");
    assertEquals("users", pick.parentTable(), "a user's row, whose profile the trigger writes");
    assertEquals(Pick.RANDOM, pick.pick());
    assertEquals(plan.table("users").slots(), pick.size());
    assertEquals(
        new ColumnPlan.Reference("profile_id", "photos_profile", "id"),
        plan.table("photos").column("profile_id"),
        "the user's id, which the profile's user_id copies");
    assertTrue(
        plan.table("photos").after().contains("users"), plan.table("photos").after()::toString);
  }

  @Test
  void aChildOfATriggersRowsThatCopyNoKeyOfTheSourceIsStillRefused() {
    SpateException e =
        assertThrows(
            SpateException.class,
            () -> plan(profilePhotos(new TriggerWrite.Copy("user_id", "code")), FillConfig.EMPTY));

    assertMentions(
        e.getMessage(),
        "table 'photos' references 'profiles' (photos_profile), which gets no rows of Spate's",
        "Spate cannot pick the rows a trigger writes as parents",
        "copies the referenced key from a key of the row it fires for");
  }

  @Test
  void aTableAnInsertTriggerOfAFilledTableWritesIsLeftToTheTriggerUnlessSized() {
    Table film = table("film", List.of(integer("id")), List.of("id"), List.of());
    Table copy = table("film_copy", List.of(integer("id")), List.of("id"), List.of());
    copy = copy.withWrittenBy(List.of(new TriggerWrite("film_copies", "film")));
    Schema schema = new Schema(List.of(film, copy));

    FillPlan leftToTrigger = plan(schema, FillConfig.EMPTY);
    assertEquals(0, leftToTrigger.table("film_copy").rows());
    assertEquals(List.of("film_copy"), names(leftToTrigger.triggerWritten()));

    FillPlan sized =
        plan(schema, new FillConfig(null, null, null, null, Map.of("film_copy", rows(5))));
    assertEquals(5, sized.table("film_copy").rows(), "the config wins");
    assertEquals(
        List.of("film_copy"),
        sized.table("film").after(),
        "its own rows first, so the trigger's keys follow them");
    assertEquals(List.of(), names(sized.triggerWritten()));

    FillPlan noWriter =
        plan(schema, new FillConfig(null, null, null, null, Map.of("film", rows(0))));
    assertEquals(
        FillSettings.DEFAULT_ROWS,
        noWriter.table("film_copy").rows(),
        "no film row fires the trigger");
    assertEquals(List.of(), names(noWriter.triggerWritten()));

    FillPlan triggersOff =
        Planner.plan(
            schema,
            FillSettings.of(FillConfig.EMPTY, null, null, null, Map.of()).withTriggersOff(true));
    assertEquals(
        FillSettings.DEFAULT_ROWS,
        triggersOff.table("film_copy").rows(),
        "--disable-triggers: the trigger writes nothing");
    assertEquals(List.of(), triggersOff.table("film_copy").table().writtenBy());
  }

  private static List<String> names(List<TablePlan> plans) {
    return plans.stream().map(TablePlan::name).toList();
  }

  @Test
  void withoutConfigFreeKeyColumnsCountGloballySoKeysAreUniqueByConstruction() {
    FillPlan plan = plan(TPCC, FillConfig.EMPTY);
    int keyColumns = 0;
    for (TablePlan t : plan.tables()) {
      for (ColumnPlan c : t.columns()) {
        if (c instanceof ColumnPlan.KeySequence key) {
          assertEquals(0, key.span(), t.name() + "." + c.column());
          keyColumns++;
        }
      }
    }
    assertEquals(6, keyColumns, "w_id, d_id, c_id, o_id, i_id, ol_number");
  }

  @Test
  void withoutConfigKeysMadeOfForeignKeysPickInjectively() {
    FillPlan plan = plan(TPCC, FillConfig.EMPTY);
    ReferencePlan newOrder =
        plan.table("new_order").reference("new_order_no_w_id_no_d_id_no_o_id_fkey");
    assertEquals(Pick.INJECTIVE, newOrder.pick());
    assertEquals(1000, newOrder.size());
    ReferencePlan item = plan.table("stock").reference("stock_s_i_id_fkey");
    ReferencePlan warehouse = plan.table("stock").reference("stock_s_w_id_fkey");
    assertEquals(Pick.INJECTIVE, item.pick());
    assertEquals(Pick.INJECTIVE, warehouse.pick());
    assertTrue(
        item.size() * warehouse.size() >= plan.table("stock").rows(),
        "enough (warehouse, item) pairs");
    // Mixed radix: the inner reference turns fastest, the outer steps once per full turn of it.
    ReferencePlan inner = item.radix() == 1 ? item : warehouse;
    ReferencePlan outer = inner == item ? warehouse : item;
    assertEquals(1, inner.radix());
    assertEquals(inner.size(), outer.radix());
  }

  // ---- keys that hold other keys --------------------------------------------------------------

  /** tenant and account, and membership: primary key (tenant_id, account_id), unique account_id. */
  private static Schema memberships() {
    Table tenant = table("tenant", List.of(integer("id")), List.of("id"), List.of());
    Table account = table("account", List.of(integer("id")), List.of("id"), List.of());
    Table membership =
        new Table(
            "public",
            "membership",
            List.of(integer("tenant_id"), integer("account_id")),
            new UniqueKey("membership_pkey", List.of("tenant_id", "account_id"), true),
            List.of(new UniqueKey("membership_account_id_key", List.of("account_id"), false)),
            List.of(
                fk("membership_account_id_fkey", List.of("account_id"), "account", List.of("id")),
                fk("membership_tenant_id_fkey", List.of("tenant_id"), "tenant", List.of("id"))),
            List.of());
    return new Schema(List.of(account, membership, tenant));
  }

  @Test
  void theSmallerKeyDrivesTheReferencesOfAKeyThatHoldsIt() {
    TablePlan membership = plan(memberships(), FillConfig.EMPTY).table("membership");
    ReferencePlan account = membership.reference("membership_account_id_fkey");
    assertEquals(Pick.INJECTIVE, account.pick());
    assertEquals(1, account.radix(), "each membership row its own account");
    assertEquals(1000, account.size());
    assertEquals(Pick.RANDOM, membership.reference("membership_tenant_id_fkey").pick());
  }

  @Test
  void aKeyColumnUniqueOverTheWholeTableStaysSoBesideAKeyThatCountsItPerParent() {
    Table tenant = table("tenant", List.of(integer("id")), List.of("id"), List.of());
    Table device = table("device", List.of(integer("id")), List.of("id"), List.of());
    Table port =
        new Table(
            "public",
            "port",
            List.of(integer("number"), integer("device_id"), integer("tenant_id")),
            new UniqueKey("port_pkey", List.of("number", "device_id"), true),
            List.of(new UniqueKey("port_tenant_number_key", List.of("tenant_id", "number"), false)),
            List.of(
                fk("port_device_fkey", List.of("device_id"), "device", List.of("id")),
                fk("port_tenant_fkey", List.of("tenant_id"), "tenant", List.of("id"))),
            List.of());
    Map<String, TableConfig> tables = new LinkedHashMap<>();
    tables.put("tenant", rows(10));
    tables.put("port", per("tenant", "100"));
    FillPlan plan =
        plan(
            new Schema(List.of(device, port, tenant)),
            new FillConfig(null, null, null, null, tables));
    // number with a randomly picked device_id is the primary key: number alone must be unique
    assertEquals(new ColumnPlan.KeySequence("number", 1, 0), plan.table("port").column("number"));
  }

  // ---- problems
  // ----------------------------------------------------------------------------------

  @Test
  void unknownTableAndUnknownColumnAreReportedInOneException() {
    Map<String, TableConfig> tables = new LinkedHashMap<>();
    tables.put("ghost", rows(5));
    tables.put("customer", new TableConfig(null, null, null, Map.of("c_nickname", value("x"))));
    SpateException e = planFails(TPCC, new FillConfig(null, null, null, null, tables));
    assertMentions(e.getMessage(), "2 problems", "'ghost'", "customer.c_nickname");
  }

  @Test
  void aPerParentCountTooLargeForAnInjectiveKeyIsReported() {
    Map<String, TableConfig> tables = new LinkedHashMap<>(TpccSchema.specConfig().tables());
    tables.put("new_order", per("district", "4000"));
    SpateException e = planFails(TPCC, new FillConfig(null, null, null, null, tables));
    assertMentions(e.getMessage(), "new_order", "4000", "3000");
  }

  @Test
  void aCycleOfNotNullForeignKeysIsWrittenByTheInsertsOneEdgeNotWaiting() {
    Schema cycle =
        new Schema(
            List.of(
                table(
                    "a",
                    List.of(integer("id"), integer("b_id")),
                    List.of("id"),
                    List.of(fk("a_b", List.of("b_id"), "b", List.of("id")))),
                table(
                    "b",
                    List.of(integer("id"), integer("a_id")),
                    List.of("id"),
                    List.of(fk("b_a", List.of("a_id"), "a", List.of("id"))))));
    FillPlan plan = plan(cycle, FillConfig.EMPTY);
    assertEquals(List.of(List.of("a"), List.of("b")), plan.levels());
    assertEquals(List.of(), plan.table("a").after(), "a_b does not wait for b");
    assertEquals(new ColumnPlan.Reference("b_id", "a_b", "id"), plan.table("a").column("b_id"));
  }

  @Test
  void withTheChecksOffTheInsertWritesTheNullableCycleEdgeAndSelfReferenceAsTheSecondPassWould() {
    Schema cycle =
        new Schema(
            List.of(
                table(
                    "a",
                    List.of(
                        integer("id"),
                        TpccSchema.nullable("b_id", SqlType.INTEGER),
                        TpccSchema.nullable("parent_id", SqlType.INTEGER)),
                    List.of("id"),
                    List.of(
                        fk("a_b", List.of("b_id"), "b", List.of("id")),
                        fk("a_parent", List.of("parent_id"), "a", List.of("id")))),
                table(
                    "b",
                    List.of(integer("id"), integer("a_id")),
                    List.of("id"),
                    List.of(fk("b_a", List.of("a_id"), "a", List.of("id"))))));
    FillSettings settings = FillSettings.of(FillConfig.EMPTY, null, null, 300L, Map.of());
    FillPlan passes = Planner.plan(cycle, settings);
    FillPlan checksOff = Planner.plan(cycle, settings, null, new LoadTraits(true, false));

    assertEquals(List.of(List.of("a"), List.of("b"), List.of("a#refs")), passes.levels());
    assertEquals(List.of(List.of("a"), List.of("b")), checksOff.levels(), "no second pass");
    assertEquals(List.of(), checksOff.table("a").after(), "a_b does not wait for b");
    assertInstanceOf(ColumnPlan.Skip.class, passes.table("a").column("b_id"));
    for (String column : List.of("b_id", "parent_id")) {
      assertEquals(passes.table("a#refs").column(column), checksOff.table("a").column(column));
    }
    assertEquals(passes.table("a").references(), checksOff.table("a").references());
    assertEquals(Pick.EARLIER, checksOff.table("a").reference("a_parent").pick());
    assertEquals(
        passes.tasks().stream().filter(t -> !t.table().endsWith("#refs")).toList(),
        checksOff.tasks());
  }

  @Test
  void aJointGroupIsLoadedByOneTaskOfItsLeaderAndItsOtherTablesWaitForIt() {
    FillPlan plan =
        Planner.plan(
            OrderStageTest.deferrableCycle(),
            FillSettings.of(FillConfig.EMPTY, null, null, 100L, Map.of()));
    assertEquals(List.of("b", "a"), plan.table("c").joint());
    assertEquals(List.of("x"), plan.table("c").after());
    assertEquals(List.of("c"), plan.table("a").after());
    assertEquals(
        List.of("c[0,1000)"),
        plan.tasks().stream()
            .map(Task::id)
            .filter(id -> !id.startsWith("x") && !id.startsWith("d"))
            .toList(),
        "one task, whatever the task size, for the group's 3000 rows");
    assertEquals(new ColumnPlan.Reference("c_id", "b_c", "id"), plan.table("b").column("c_id"));
  }

  @Test
  void rowsOnTheCommandLineForAPerParentTableIsReported() {
    SpateException e =
        planFails(
            TPCC,
            FillSettings.of(TpccSchema.specConfig(), null, null, null, Map.of("customer", 5L)));
    assertMentions(e.getMessage(), "--rows customer", "district");
  }

  @Test
  void rowsOnTheCommandLineForAnUnknownTableIsReported() {
    SpateException e =
        planFails(TPCC, FillSettings.of(FillConfig.EMPTY, null, null, null, Map.of("ghost", 5L)));
    assertMentions(e.getMessage(), "--rows", "ghost");
  }

  @Test
  void rowsOnTheCommandLineSizeARootTable() {
    FillPlan plan =
        Planner.plan(
            TPCC,
            FillSettings.of(TpccSchema.specConfig(), null, null, null, Map.of("warehouse", 3L)));
    assertEquals(3, plan.table("warehouse").rows());
    assertEquals(30, plan.table("district").rows());
  }

  @Test
  void everyProblemIsListedNotOnlyTheFirst() {
    Map<String, TableConfig> tables = new LinkedHashMap<>(TpccSchema.specConfig().tables());
    tables.put("ghost", rows(1));
    tables.put("new_order", per("district", "4000"));
    SpateException e =
        planFails(
            TPCC,
            FillSettings.of(
                new FillConfig(null, null, null, null, tables),
                null,
                null,
                null,
                Map.of("customer", 5L)));
    assertMentions(e.getMessage(), "'ghost'", "--rows customer");
  }

  /**
   * A smallint key holds at most 32767 positive values; written as int2, larger sequence values
   * wrap around and repeat after 65536 rows, so the database rejects the fill halfway through.
   */
  @Test
  void aKeySequenceBeyondItsIntegerTypeIsReported() {
    Table code =
        table(
            "code",
            List.of(column("id", SqlType.SMALLINT), integer("n")),
            List.of("id"),
            List.of());
    FillConfig config = new FillConfig(null, null, null, null, Map.of("code", rows(70_000)));
    SpateException e = planFails(new Schema(List.of(code)), config);
    assertMentions(e.getMessage(), "code.id", "70000");
  }

  // ---- sizes past what a JVM or a long holds ------------------------------------------------

  private static final Schema BIG = new Schema(List.of(bigTable("big_t"), bigTable("child")));

  private static Table bigTable(String name) {
    return table(name, List.of(column("v", SqlType.BIGINT)), null, List.of());
  }

  private static FillConfig childPerBig(String count) {
    return new FillConfig(null, null, null, null, Map.of("child", per("big_t", count)));
  }

  @Test
  void rowsPastTheTasksTheHeapHoldsAreRefusedNamingTableRowsAndTaskRows() {
    SpateException e =
        assertTimeoutPreemptively(
            Duration.ofSeconds(10),
            () ->
                planFails(
                    BIG,
                    FillSettings.of(
                        FillConfig.EMPTY, null, null, null, Map.of("big_t", Long.MAX_VALUE))));
    assertMentions(
        e.getMessage(),
        "table 'big_t' has 9223372036854775807 rows",
        "36893488147420 tasks at 250000 rows a task",
        "raise --task-rows",
        "-Xmx");
  }

  @Test
  void aRangedCountUnderAParentPastTheBudgetIsRefusedWithoutWalkingTheParentsSlots() {
    SpateException e =
        assertTimeoutPreemptively(
            Duration.ofSeconds(10),
            () ->
                planFails(
                    BIG,
                    FillSettings.of(
                        childPerBig("1..3"),
                        null,
                        null,
                        null,
                        Map.of("big_t", 1_000_000_000_000L))));
    assertMentions(e.getMessage(), "table 'big_t' has 1000000000000 rows");
  }

  @Test
  void theBudgetAdmitsExactlyTheTasksThePlanMakes() {
    FillSettings settings =
        FillSettings.of(TpccSchema.config(1, 1000, 300, 90), null, null, 700L, Map.of());
    int tasks = Planner.plan(TPCC, settings).tasks().size();
    assertEquals(tasks, Planner.plan(TPCC, settings, new TaskBudget(tasks)).tasks().size());
    SpateException e =
        assertThrows(
            SpateException.class,
            () -> Planner.plan(TPCC, settings, new TaskBudget(tasks - 1)),
            "one task fewer than the plan has");
    assertMentions(e.getMessage(), "tasks of other tables", "at 700 rows a task");
  }

  @Test
  void aPerParentCountPastLongMaxIsReported() {
    SpateException e =
        planFails(
            BIG,
            FillSettings.of(
                childPerBig("3"), null, null, null, Map.of("big_t", Long.MAX_VALUE / 2)));
    assertMentions(
        e.getMessage(),
        "table 'child' (count 3 per 'big_t') would have more than 9223372036854775807 rows",
        "lower the rows of 'big_t' or the count");
  }

  @Test
  void tasksOfATableOfLongMaxRowsEndAtItsLastSlot() {
    long taskRows = 4_000_000_000_000_000_000L;
    FillPlan plan =
        Planner.plan(
            new Schema(List.of(bigTable("big_t"))),
            FillSettings.of(
                FillConfig.EMPTY, null, null, taskRows, Map.of("big_t", Long.MAX_VALUE)));
    assertEquals(
        List.of(
            new Task("big_t", 0, taskRows),
            new Task("big_t", taskRows, 2 * taskRows),
            new Task("big_t", 2 * taskRows, Long.MAX_VALUE)),
        plan.tasks());
  }

  // ---- checks
  // ------------------------------------------------------------------------------------

  @Test
  void aCheckBetweenTwoIntegerColumnsDerivesOneFromTheOther() {
    Table trip =
        table(
            "trip",
            List.of(integer("id"), integer("start_at"), integer("stop_at")),
            List.of("id"),
            List.of(),
            new Check.CompareColumns("trip_check", "stop_at", ">", "start_at"));
    FillPlan plan = plan(new Schema(List.of(trip)), FillConfig.EMPTY);
    assertEquals(
        new ColumnPlan.Derived("stop_at", "start_at", 1, 100),
        plan.table("trip").column("stop_at"));
    assertInstanceOf(ColumnPlan.Values.class, plan.table("trip").column("start_at"));
  }

  @Test
  void aCheckBetweenTwoColumnsDerivesTheRightSideWhenTheConfigDecidesTheLeft() {
    Table trip =
        table(
            "trip",
            List.of(
                integer("id"),
                column("start_at", SqlType.TIMESTAMP),
                column("stop_at", SqlType.TIMESTAMP)),
            List.of("id"),
            List.of(),
            new Check.CompareColumns("trip_check", "start_at", "<", "stop_at"));
    FillConfig config =
        new FillConfig(
            null,
            null,
            null,
            null,
            Map.of(
                "trip",
                new TableConfig(
                    null,
                    null,
                    null,
                    Map.of(
                        "start_at",
                        new ColumnConfig(
                            null,
                            null,
                            null,
                            "2020-01-01",
                            "2020-12-31",
                            null,
                            null,
                            null,
                            null)))));
    ColumnPlan stop = plan(new Schema(List.of(trip)), config).table("trip").column("stop_at");
    ColumnPlan.Derived derived = assertInstanceOf(ColumnPlan.Derived.class, stop);
    assertEquals("start_at", derived.base());
    assertTrue(
        derived.minDelta() > 0, "stop_at > start_at needs a positive offset, got " + derived);
  }

  @Test
  void anUnparsedCheckWithoutConfigIsReported() {
    SpateException e = planFails(new Schema(List.of(codeTable())), FillConfig.EMPTY);
    assertMentions(e.getMessage(), "code_check", "length(code) = 3", "code");
  }

  @Test
  void anUnparsedCheckPlansWhenTheConfigGivesItsColumnAValue() {
    FillConfig config =
        new FillConfig(
            null,
            null,
            null,
            null,
            Map.of("codes", new TableConfig(null, null, null, Map.of("code", value("abc")))));
    FillPlan plan = plan(new Schema(List.of(codeTable())), config);
    ColumnPlan.Values code =
        assertInstanceOf(ColumnPlan.Values.class, plan.table("codes").column("code"));
    assertEquals(List.of("abc"), code.spec().values());
  }

  // ---- real-world types -------------------------------------------------------------------------

  private static final Column MOOD =
      new Column(
          "m",
          SqlType.ENUM,
          "mood",
          -1,
          -1,
          -1,
          false,
          false,
          false,
          null,
          16_385,
          null,
          List.of("sad", "ok", "happy", "ecstatic"),
          List.of());

  @Test
  void anEnumDrawsItsLabelsAndABoundKeepsThoseOnItsSideInSortOrder() {
    Table t =
        table(
            "t",
            List.of(integer("id"), MOOD),
            List.of("id"),
            List.of(),
            new Check.CompareLiteral("m_check", "m", ">", "sad"));
    ColumnPlan.Values m =
        assertInstanceOf(
            ColumnPlan.Values.class,
            plan(new Schema(List.of(t)), FillConfig.EMPTY).table("t").column("m"));
    assertEquals(List.of("ok", "happy", "ecstatic"), m.spec().values());
    assertNull(m.spec().min());

    Table upTo =
        table(
            "t",
            List.of(integer("id"), MOOD),
            List.of("id"),
            List.of(),
            new Check.CompareLiteral("m_check", "m", "<=", "ok"));
    ColumnPlan.Values below =
        assertInstanceOf(
            ColumnPlan.Values.class,
            plan(new Schema(List.of(upTo)), FillConfig.EMPTY).table("t").column("m"));
    assertEquals(List.of("sad", "ok"), below.spec().values());
  }

  @Test
  void aDomainsChecksNarrowItsValuesAsATablesChecksWould() {
    Column qty =
        new Column(
            "qty",
            SqlType.INTEGER,
            "positive_int",
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
                new Check.CompareLiteral("positive_int_check", Column.DOMAIN_VALUE, ">", "0"),
                new Check.CompareLiteral("positive_int_check1", Column.DOMAIN_VALUE, "<", "50")));
    Column code =
        new Column(
            "code",
            SqlType.VARCHAR,
            "code",
            5,
            -1,
            -1,
            true,
            false,
            false,
            null,
            16_401,
            null,
            List.of(),
            List.of(new Check.InList("code_check", Column.DOMAIN_VALUE, List.of("a", "b"))));
    Table t = table("t", List.of(integer("id"), qty, code), List.of("id"), List.of());
    TablePlan plan = plan(new Schema(List.of(t)), FillConfig.EMPTY).table("t");
    ColumnPlan.Values q = assertInstanceOf(ColumnPlan.Values.class, plan.column("qty"));
    assertEquals("0", q.spec().min());
    assertTrue(q.spec().minExclusive());
    assertEquals("50", q.spec().max());
    assertTrue(q.spec().maxExclusive());
    assertEquals(0, q.spec().nullRatio(), "the domain is NOT NULL");
    assertEquals(
        List.of("a", "b"),
        assertInstanceOf(ColumnPlan.Values.class, plan.column("code")).spec().values());
  }

  @Test
  void anArrayGetsZeroToFourElementsEachDrawnByItsElementsOwnSpec() {
    Column element =
        new Column(
            "zips",
            SqlType.VARCHAR,
            "us_zip",
            5,
            -1,
            -1,
            false,
            false,
            false,
            null,
            16_390,
            null,
            List.of(),
            List.of(
                new Check.InList("us_zip_check", Column.DOMAIN_VALUE, List.of("10001", "94105"))));
    Column zips =
        new Column(
            "zips",
            SqlType.ARRAY,
            "us_zip[]",
            -1,
            -1,
            -1,
            true,
            false,
            false,
            null,
            16_389,
            element,
            List.of(),
            List.of());
    Column moods =
        new Column(
            "moods",
            SqlType.ARRAY,
            "mood[]",
            -1,
            -1,
            -1,
            false,
            false,
            false,
            null,
            16_384,
            MOOD,
            List.of(),
            List.of());
    Table t = table("t", List.of(integer("id"), zips, moods), List.of("id"), List.of());
    TablePlan plan = plan(new Schema(List.of(t)), FillConfig.EMPTY).table("t");
    ColumnPlan.Values z = assertInstanceOf(ColumnPlan.Values.class, plan.column("zips"));
    assertEquals(0, z.spec().minLength());
    assertEquals(4, z.spec().maxLength());
    assertEquals(List.of("10001", "94105"), z.spec().element().values());
    assertEquals(0, z.spec().element().nullRatio(), "elements are never NULL");
    assertEquals(
        List.of("sad", "ok", "happy", "ecstatic"),
        assertInstanceOf(ColumnPlan.Values.class, plan.column("moods")).spec().element().values());
  }

  @Test
  void bitStringsDrawTheirDeclaredBitCounts() {
    Column bits =
        new Column(
            "b",
            SqlType.BIT,
            "bit(8)",
            8,
            -1,
            -1,
            false,
            false,
            false,
            null,
            1560,
            null,
            List.of(),
            List.of());
    Column varbits =
        new Column(
            "v",
            SqlType.VARBIT,
            "bit varying(12)",
            12,
            -1,
            -1,
            false,
            false,
            false,
            null,
            1562,
            null,
            List.of(),
            List.of());
    TablePlan plan =
        plan(
                new Schema(
                    List.of(
                        table(
                            "t", List.of(integer("id"), bits, varbits), List.of("id"), List.of()))),
                FillConfig.EMPTY)
            .table("t");
    ColumnPlan.Values b = assertInstanceOf(ColumnPlan.Values.class, plan.column("b"));
    ColumnPlan.Values v = assertInstanceOf(ColumnPlan.Values.class, plan.column("v"));
    assertEquals(List.of(8, 8), List.of(b.spec().minLength(), b.spec().maxLength()));
    assertEquals(List.of(1, 12), List.of(v.spec().minLength(), v.spec().maxLength()));
  }

  @Test
  void aKeyOfAnUnsupportedTypeWithAConfigValueIsNotAdvisedToTakeAValue() {
    Column lsn =
        new Column(
            "lsn",
            SqlType.UNSUPPORTED,
            "pg_lsn",
            -1,
            -1,
            -1,
            false,
            false,
            false,
            null,
            3220,
            null,
            List.of(),
            List.of());
    Table marks = table("marks", List.of(lsn, integer("n")), List.of("lsn"), List.of());
    FillConfig config =
        FillConfig.parse("tables:\n  marks:\n    columns:\n      lsn: {value: '0/1'}\n", "x");
    String message =
        planFails(new Schema(List.of(marks)), FillSettings.of(config, null, null, null, Map.of()))
            .getMessage();
    assertTrue(message.contains("marks.lsn is a key"), message);
    assertTrue(message.contains("--rows marks=0"), message);
    assertFalse(message.contains("give it a fixed value"), message);
  }

  @Test
  void unsupportedElementsAndUnreadableDomainChecksAndUnkeyableTypesAreReportedTogether() {
    Column point =
        new Column(
            "spots",
            SqlType.UNSUPPORTED,
            "point",
            -1,
            -1,
            -1,
            true,
            false,
            false,
            null,
            600,
            null,
            List.of(),
            List.of());
    Column spots =
        new Column(
            "spots",
            SqlType.ARRAY,
            "point[]",
            -1,
            -1,
            -1,
            true,
            false,
            false,
            null,
            1017,
            point,
            List.of(),
            List.of());
    Column sku =
        new Column(
            "sku",
            SqlType.TEXT,
            "sku",
            -1,
            -1,
            -1,
            false,
            false,
            false,
            null,
            16_500,
            null,
            List.of(),
            List.of(
                new Check.Unparsed(
                    "sku_check",
                    List.of(Column.DOMAIN_VALUE),
                    "CHECK ((VALUE ~ '^[A-Z]+$'::text))")));
    Column flag =
        new Column(
            "flag",
            SqlType.BOOLEAN,
            "boolean",
            -1,
            -1,
            -1,
            false,
            false,
            false,
            null,
            16,
            null,
            List.of(),
            List.of());
    Table t = table("t", List.of(flag, spots, sku), List.of("flag"), List.of());
    SpateException e =
        planFails(
            new Schema(List.of(t)),
            FillSettings.of(FillConfig.EMPTY, null, null, null, Map.of("t", 1000L)));
    assertMentions(
        e.getMessage(),
        "3 problems",
        "t.spots has type point[]",
        "CHECK sku_check of domain sku on 't.sku'",
        "t.flag is a unique boolean, which holds 2 distinct values",
        "--rows t=2");

    FillConfig decided =
        new FillConfig(
            null,
            null,
            null,
            null,
            Map.of(
                "t",
                new TableConfig(
                    null,
                    null,
                    null,
                    Map.of(
                        "sku",
                        value("ABC"),
                        "spots",
                        new ColumnConfig(null, null, null, null, null, null, null, null, true)))));
    SpateException rest =
        planFails(
            new Schema(List.of(t)), FillSettings.of(decided, null, null, null, Map.of("t", 1000L)));
    assertMentions(rest.getMessage(), "t.flag is a unique boolean");
  }

  private static Table codeTable() {
    return table(
        "codes",
        List.of(integer("id"), column("code", SqlType.TEXT)),
        List.of("id"),
        List.of(),
        new Check.Unparsed("code_check", List.of("code"), "CHECK ((length(code) = 3))"));
  }

  private static ColumnConfig value(String value) {
    return new ColumnConfig(value, null, null, null, null, null, null, null, null);
  }

  @Test
  void checksThatListNoValueInCommonAreReportedBeforeAnythingIsWritten() {
    Table quote =
        table(
            "quote",
            List.of(integer("id"), column("status", SqlType.TEXT)),
            List.of("id"),
            List.of(),
            new Check.CompareLiteral("approved_matches", "status", "=", "approved"),
            new Check.InList("void_matches", "status", List.of("voided", "draft")));
    assertMentions(
        planFails(new Schema(List.of(quote)), FillConfig.EMPTY).getMessage(),
        "quote.status: no value satisfies every CHECK on it (CHECK approved_matches allows"
            + " [approved], CHECK void_matches allows [voided, draft])");
  }

  // ---- keys of few values ----------------------------------------------------------------------

  private static Column kind() {
    return new Column(
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
        List.of("small", "medium", "large"),
        List.of());
  }

  @Test
  void anEnumBesideAnIntegerInAKeyDrawsItsLabelsButAloneHoldsAsManyRowsAsLabels() {
    Table pair = table("pair", List.of(kind(), integer("n")), List.of("kind", "n"), List.of());
    TablePlan pairs = plan(new Schema(List.of(pair)), FillConfig.EMPTY).table("pair");
    assertEquals(
        new ColumnPlan.KeySequence("n", 1, 0), pairs.column("n"), "n alone keeps it unique");
    assertEquals(
        List.of("small", "medium", "large"),
        ((ColumnPlan.Values) pairs.column("kind")).spec().values());
    Table alone = table("alone", List.of(kind()), List.of("kind"), List.of());
    assertEquals(
        3,
        plan(new Schema(List.of(alone)), FillConfig.EMPTY).table("alone").rows(),
        "only the default sizes it: as many rows as labels");
    assertMentions(
        planFails(
                new Schema(List.of(alone)),
                FillSettings.of(FillConfig.EMPTY, null, null, null, Map.of("alone", 1000L)))
            .getMessage(),
        "alone.kind is a unique kind, which holds 3 distinct values, but 1000 rows need 1000",
        "give 'alone' at most 3 rows (--rows alone=3)");
  }

  @Test
  void anEnumKeyedBesideAForeignKeyFillsPerParentRowUnlessSizedPastItsLabels() {
    Table item = table("item", List.of(integer("id")), List.of("id"), List.of());
    Table tag =
        table(
            "item_tag",
            List.of(integer("item_id"), kind()),
            List.of("item_id", "kind"),
            List.of(fk("item_tag_item_id_fkey", List.of("item_id"), "item", List.of("id"))));
    Schema schema = new Schema(List.of(item, tag));
    FillPlan implied = plan(schema, FillConfig.EMPTY);
    assertEquals(new Fanout("item", 1, 3), implied.table("item_tag").fanout());
    assertEquals(
        new ColumnPlan.KeySequence("kind", 1, 3), implied.table("item_tag").column("kind"));
    FillConfig perItem =
        new FillConfig(null, null, null, null, Map.of("item_tag", per("item", "1..3")));
    assertEquals(implied, plan(schema, perItem), "as if the config said so");
    assertMentions(
        planFails(
                schema,
                FillSettings.of(FillConfig.EMPTY, null, null, null, Map.of("item_tag", 1000L)))
            .getMessage(),
        "item_tag.kind is a unique kind, which holds 3 distinct values",
        "or fill it per item row: `tables: {item_tag: {per: item, count: \"1..3\"}}`");
  }
}
