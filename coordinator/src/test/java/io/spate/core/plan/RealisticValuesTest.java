package io.spate.core.plan;

import static io.spate.core.plan.TpccSchema.integer;
import static io.spate.core.plan.TpccSchema.table;
import static io.spate.core.plan.TpccSchema.varchar;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertInstanceOf;
import static org.junit.jupiter.api.Assertions.assertNotEquals;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.spate.core.config.FillConfig;
import io.spate.protocol.plan.ColumnPlan;
import io.spate.protocol.plan.FillPlan;
import io.spate.protocol.plan.TablePlan;
import io.spate.protocol.plan.ValueSpec;
import io.spate.protocol.schema.Column;
import io.spate.protocol.schema.Schema;
import io.spate.protocol.schema.SqlType;
import io.spate.protocol.schema.Table;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.security.MessageDigest;
import java.util.ArrayList;
import java.util.HexFormat;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** Column-name aware default values, on a people table built by hand. */
class RealisticValuesTest {

  private static final Schema PEOPLE =
      new Schema(
          List.of(
              table(
                  "person",
                  List.of(
                      integer("id"),
                      varchar("first_name", 16),
                      varchar("email", 80),
                      varchar("note_code", 20)),
                  List.of("id"),
                  List.of())));

  private static ValueSpec spec(FillConfig config, Long seed, String column) {
    ColumnPlan plan =
        Planner.plan(PEOPLE, FillSettings.of(config, seed, 10L, null, Map.of()))
            .table("person")
            .column(column);
    return assertInstanceOf(ColumnPlan.Values.class, plan).spec();
  }

  @Test
  void aFirstNameColumnGetsRealNamesThatFitItsLength() {
    List<String> names = spec(FillConfig.EMPTY, 42L, "first_name").values();
    assertTrue(names.size() > 100, "a pool of names, got " + names.size());
    for (String name : names) {
      assertTrue(name.length() <= 16, "longer than varchar(16): " + name);
      assertTrue(name.matches("\\p{Lu}[\\p{L}' .-]+"), "not a name: " + name);
    }
  }

  @Test
  void thePoolIsAFunctionOfTheSeed() {
    List<String> names = spec(FillConfig.EMPTY, 42L, "first_name").values();
    assertEquals(names, spec(FillConfig.EMPTY, 42L, "first_name").values(), "same seed, same pool");
    assertNotEquals(
        names, spec(FillConfig.EMPTY, 43L, "first_name").values(), "another seed, another pool");
  }

  @Test
  void anEmailColumnGetsAddresses() {
    List<String> emails = spec(FillConfig.EMPTY, 42L, "email").values();
    assertTrue(
        !emails.isEmpty() && emails.stream().allMatch(e -> e.contains("@") && e.length() <= 80),
        emails.toString());
  }

  @Test
  void anUnrecognisedShortTextIsASmallVocabularyOfWordsNeverRandomCharacters() {
    List<String> words = spec(FillConfig.EMPTY, 42L, "note_code").values();
    assertTrue(words.size() >= 2 && words.size() <= 8, words.toString());
    assertTrue(words.stream().allMatch(w -> w.matches("[a-z]+")), words.toString());
  }

  @Test
  void realisticValuesFalseGivesThePlainTextSpec(@TempDir Path dir) throws IOException {
    Path file = Files.writeString(dir.resolve("fill.yaml"), "realisticValues: false\n");
    FillConfig off = FillConfig.load(file);
    ValueSpec plain = spec(off, 42L, "first_name");
    assertTrue(plain.values().isEmpty(), plain.values().toString());
    assertEquals(4, plain.minLength());
    assertEquals(16, plain.maxLength());
    assertTrue(spec(off, 42L, "note_code").values().isEmpty(), "no vocabulary either");
  }

  private static Table named(String table) {
    return table(table, List.of(integer("id")), List.of("id"), List.of());
  }

  @Test
  void aNameReadsTheEntityItNames() {
    assertEquals("name", RealisticValues.recognisedName(named("customers"), "name"));
    assertEquals("productname", RealisticValues.recognisedName(named("products"), "name"));
    assertEquals("worktitle", RealisticValues.recognisedName(named("tracks"), "name"));
    assertEquals("projectname", RealisticValues.recognisedName(named("projects"), "name"));
    assertEquals("companyname", RealisticValues.recognisedName(named("suppliers"), "name"));
    assertEquals("city", RealisticValues.recognisedName(named("cities"), "name"));
    assertEquals("artistname", RealisticValues.recognisedName(named("artist"), "Name"));
    assertEquals("productname", RealisticValues.recognisedName(named("orders"), "product_name"));
    assertEquals(
        "passengername", RealisticValues.recognisedName(named("bookings"), "passenger_name"));
    assertEquals("name", RealisticValues.recognisedName(named("bookings"), "billing_name"));
  }

  @Test
  void aTitleIsAJobTitleForPeopleAndAWorksTitleElsewhere() {
    assertEquals("jobtitle", RealisticValues.recognisedName(named("employees"), "title"));
    assertEquals("title", RealisticValues.recognisedName(named("books"), "title"));
    assertEquals("jobtitle", RealisticValues.recognisedName(named("books"), "job_title"));
  }

  @Test
  void qualifiersAndShortPrefixesKeepTheMeaningOfWhatFollows() {
    Table t = named("orders");
    assertEquals("city", RealisticValues.recognisedName(t, "billing_city"));
    assertEquals("postalcode", RealisticValues.recognisedName(t, "ship_postal_code"));
    assertEquals("addressline", RealisticValues.recognisedName(t, "shipping_address_line_2"));
    assertEquals("address", RealisticValues.recognisedName(t, "billing_address"));
    assertEquals("street", RealisticValues.recognisedName(t, "c_street_1"));
    assertEquals("firstname", RealisticValues.recognisedName(t, "FirstName"));
    assertEquals("ip", RealisticValues.recognisedName(t, "client_ip"));
    assertEquals("ipaddress", RealisticValues.recognisedName(t, "ip_address"));
    assertEquals("macaddress", RealisticValues.recognisedName(t, "mac_address"));
  }

  @Test
  void aNameBehindAnUnknownWordStaysUnrecognised() {
    Table t = named("documents");
    assertNull(RealisticValues.recognisedName(t, "file_name"));
    assertNull(RealisticValues.recognisedName(t, "wallet_address"));
    assertNull(RealisticValues.recognisedName(t, "status"));
  }

  private static List<String> pool(String table, String column) {
    return RealisticValues.pool(
        42L,
        table(table, List.of(integer("id"), varchar(column, 60)), List.of("id"), List.of()),
        varchar(column, 60));
  }

  @Test
  void aBinaryColumnNamedLikeTextGetsThatTextWithinItsLengthInBytes() {
    Column url = column("avatar_url", SqlType.BYTEA, 24);
    Table server = table("server", List.of(integer("id"), url), List.of("id"), List.of());

    List<String> urls = RealisticValues.pool(42L, server, url);

    assertTrue(urls.size() > 100, urls.toString());
    for (String u : urls) {
      assertTrue(u.startsWith("https://"), u);
      assertTrue(u.getBytes(StandardCharsets.UTF_8).length <= 24, "longer than 24 bytes: " + u);
    }
  }

  private static Column column(String name, SqlType type, int length) {
    return new Column(name, type, "varbinary", length, -1, -1, true, false, false, null);
  }

  @Test
  void anIpAddressColumnGetsAddressesNotStreets() {
    List<String> ips = pool("sessions", "ip_address");
    assertTrue(ips.size() > 100, ips.toString());
    assertTrue(ips.stream().allMatch(ip -> ip.matches("\\d{1,3}(\\.\\d{1,3}){3}")), ips.toString());
  }

  @Test
  void aProductsNameIsNoPersonsName() {
    List<String> products = pool("products", "name");
    List<String> people = pool("customers", "name");
    assertTrue(products.size() > 100, products.toString());
    assertTrue(
        products.stream().noneMatch(people::contains), "product names are not people's names");
    List<String> jobs = pool("employees", "title");
    assertTrue(jobs.stream().allMatch(j -> !j.isEmpty()) && jobs.size() > 50, jobs.toString());
    assertTrue(jobs.stream().noneMatch(pool("books", "title")::contains));
  }

  /**
   * The digest of every value list TPC-C's plan holds at seed 42 (its realistic pools among them),
   * first taken before the pools were drawn ahead, side by side and remembered (drawing them sooner
   * must not change one byte), and taken again at generation version 6, when the columns' meanings
   * gave the filler text columns vocabularies, and at 9, when pools became functions of what they
   * are drawn from (columns alike share one).
   */
  @Test
  void tpccValueListsAreByteForByteThoseOfTheOneByOneDraw() throws Exception {
    FillPlan plan =
        Planner.plan(
            TpccSchema.schema(),
            FillSettings.of(TpccSchema.specConfig(), 42L, 10L, null, Map.of()));
    MessageDigest digest = MessageDigest.getInstance("SHA-256");
    List<String> columns = new ArrayList<>();
    for (TablePlan t : plan.tables()) {
      for (ColumnPlan c : t.columns()) {
        if (c instanceof ColumnPlan.Values v && !v.spec().values().isEmpty()) {
          columns.add(t.name() + "." + v.column());
          digest.update((t.name() + "." + v.column() + "=").getBytes(StandardCharsets.UTF_8));
          for (String value : v.spec().values()) {
            digest.update((value + "\u0000").getBytes(StandardCharsets.UTF_8));
          }
        }
      }
    }
    assertEquals(TPCC_COLUMNS_WITH_LISTS, columns);
    assertEquals(TPCC_VALUE_LISTS_SHA256, HexFormat.of().formatHex(digest.digest()));
  }

  private static final List<String> TPCC_COLUMNS_WITH_LISTS =
      List.of(
          "item.i_name",
          "item.i_price",
          "item.i_data",
          "warehouse.w_name",
          "warehouse.w_street_1",
          "warehouse.w_street_2",
          "warehouse.w_city",
          "warehouse.w_state",
          "warehouse.w_zip",
          "warehouse.w_tax",
          "district.d_name",
          "district.d_street_1",
          "district.d_street_2",
          "district.d_city",
          "district.d_state",
          "district.d_zip",
          "district.d_tax",
          "stock.s_dist_01",
          "stock.s_dist_02",
          "stock.s_dist_03",
          "stock.s_dist_04",
          "stock.s_dist_05",
          "stock.s_dist_06",
          "stock.s_dist_07",
          "stock.s_dist_08",
          "stock.s_dist_09",
          "stock.s_dist_10",
          "stock.s_data",
          "customer.c_first",
          "customer.c_middle",
          "customer.c_last",
          "customer.c_street_1",
          "customer.c_street_2",
          "customer.c_city",
          "customer.c_state",
          "customer.c_zip",
          "customer.c_phone",
          "customer.c_credit",
          "customer.c_discount",
          "customer.c_balance",
          "customer.c_ytd_payment",
          "customer.c_data",
          "history.h_amount",
          "history.h_data",
          "order_line.ol_amount",
          "order_line.ol_dist_info");

  private static final String TPCC_VALUE_LISTS_SHA256 =
      "182b411f1246a692710c27a396738979749cd137659e3fcb1129e5714707448f";
}
