package io.spate.core.plan;

import static io.spate.core.plan.TpccSchema.integer;
import static io.spate.core.plan.TpccSchema.varchar;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertInstanceOf;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.spate.core.config.FillConfig;
import io.spate.protocol.plan.ColumnPlan;
import io.spate.protocol.plan.TablePlan;
import io.spate.protocol.plan.ValueSpec;
import io.spate.protocol.schema.Check;
import io.spate.protocol.schema.Column;
import io.spate.protocol.schema.Schema;
import io.spate.protocol.schema.Table;
import io.spate.protocol.schema.UniqueKey;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * Correlated realistic values: the plan's side (parallel record lists, one group index per row).
 */
class CorrelatedValuesTest {

  private static final List<Column> PEOPLE_COLUMNS =
      List.of(
          integer("id"),
          varchar("first_name", 30),
          varchar("last_name", 30),
          varchar("email", 80),
          varchar("city", 40),
          varchar("state", 30),
          varchar("zip", 10));

  private static Table people(List<UniqueKey> uniques, Check... checks) {
    return new Table(
        "public",
        "people",
        PEOPLE_COLUMNS,
        new UniqueKey("people_pkey", List.of("id"), true),
        uniques,
        List.of(),
        List.of(checks));
  }

  private static TablePlan plan(Table t, FillConfig config, long seed) {
    return Planner.plan(
            new Schema(List.of(t)), FillSettings.of(config, seed, 5000L, null, Map.of()))
        .table(t.id());
  }

  private static ValueSpec spec(TablePlan t, String column) {
    return assertInstanceOf(ColumnPlan.Values.class, t.column(column)).spec();
  }

  @Test
  void anEmailIsMadeOfTheSameRecordsFirstAndLastName() {
    TablePlan t = plan(people(List.of()), FillConfig.EMPTY, 42);
    ValueSpec first = spec(t, "first_name");
    ValueSpec last = spec(t, "last_name");
    ValueSpec email = spec(t, "email");
    assertEquals("person", first.group());
    assertEquals("person", email.group());
    assertEquals(CorrelatedValues.RECORDS, first.values().size());
    assertEquals(first.values().size(), email.values().size(), "parallel lists");
    int withNumber = 0;
    for (int i = 0; i < email.values().size(); i++) {
      String e = email.values().get(i);
      String expected =
          CorrelatedValues.ascii(first.values().get(i))
              + "."
              + CorrelatedValues.ascii(last.values().get(i));
      assertTrue(
          e.startsWith(expected),
          e + " is not made of " + first.values().get(i) + " " + last.values().get(i));
      assertTrue(e.matches("[a-z.]+[0-9]*@example\\.(com|org|net)"), e);
      withNumber += e.matches(".*[0-9]@.*") ? 1 : 0;
      assertFalse(email.slotSuffix());
    }
    assertTrue(withNumber > 300 && withNumber < 700, "about half carry a number: " + withNumber);
  }

  @Test
  void cityStateAndZipComeFromOneAddressRecord() {
    TablePlan t = plan(people(List.of()), FillConfig.EMPTY, 42);
    List<String> cities = spec(t, "city").values();
    List<String> states = spec(t, "state").values();
    List<String> zips = spec(t, "zip").values();
    assertEquals("address", spec(t, "city").group());
    assertEquals(cities.size(), states.size());
    assertEquals(cities.size(), zips.size());
    assertTrue(cities.size() > 500, "distinct cities: " + cities.size());
    Map<String, String> stateOfCity = new HashMap<>();
    for (int i = 0; i < cities.size(); i++) {
      assertNull(stateOfCity.put(cities.get(i), states.get(i)), "each city is one record");
      assertTrue(zips.get(i).matches("[0-9]{5}"), zips.get(i));
    }
  }

  @Test
  void aStateColumnTooShortForTheNameGetsTheAbbreviationOfTheSameRecord() {
    Table t =
        new Table(
            "public",
            "shop",
            List.of(integer("id"), varchar("city", 40), varchar("state", 2), varchar("zip", 5)),
            new UniqueKey("shop_pkey", List.of("id"), true),
            List.of(),
            List.of(),
            List.of());
    TablePlan plan = plan(t, FillConfig.EMPTY, 7);
    assertEquals("address", spec(plan, "state").group());
    assertTrue(spec(plan, "state").values().stream().allMatch(s -> s.matches("[A-Z]{2}")));
  }

  @Test
  void anEmailInAUniqueKeyGetsTheRowsSlotAndNoOtherDigits() {
    TablePlan t =
        plan(
            people(List.of(new UniqueKey("people_email_key", List.of("email"), false))),
            FillConfig.EMPTY,
            42);
    ValueSpec email = spec(t, "email");
    assertTrue(email.slotSuffix());
    assertEquals(0, email.nullRatio());
    assertTrue(
        email.values().stream()
            .allMatch(
                e -> e.matches("[a-z.]*[a-z]@example\\.(com|org|net)") && e.length() + 4 <= 80),
        email.values().toString());
  }

  @Test
  void aUniqueEmailWithoutANameBesideItStillLooksLikeAPersonsAddress() {
    Table accounts =
        new Table(
            "public",
            "accounts",
            List.of(integer("id"), varchar("email", 80)),
            new UniqueKey("accounts_pkey", List.of("id"), true),
            List.of(new UniqueKey("accounts_email_key", List.of("email"), false)),
            List.of(),
            List.of());
    ValueSpec email = spec(plan(accounts, FillConfig.EMPTY, 42), "email");
    assertTrue(email.slotSuffix(), "unique through the row's slot, not numbered 1, 2, ...");
    assertTrue(
        email.values().stream().allMatch(e -> e.matches("[a-z]+\\.[a-z]+@example\\.(com|org|net)")),
        email.values().toString());
  }

  @Test
  void aCheckedColumnIsLeftToItsCheckAndTheRestOfTheGroupStays() {
    TablePlan t =
        plan(
            people(List.of(), new Check.InList("state_check", "state", List.of("Ohio", "Utah"))),
            FillConfig.EMPTY,
            42);
    assertEquals(List.of("Ohio", "Utah"), spec(t, "state").values());
    assertNull(spec(t, "state").group());
    assertEquals("address", spec(t, "city").group());
    assertEquals("address", spec(t, "zip").group());
  }

  @Test
  void twoColumnsOfOnePartStayIndependent() {
    Table t =
        new Table(
            "public",
            "orders",
            List.of(
                integer("id"),
                varchar("bill_city", 40),
                varchar("ship_city", 40),
                varchar("zip", 10)),
            new UniqueKey("orders_pkey", List.of("id"), true),
            List.of(),
            List.of(),
            List.of());
    TablePlan plan = plan(t, FillConfig.EMPTY, 42);
    assertNull(spec(plan, "ship_city").group());
    assertNull(spec(plan, "zip").group(), "a zip alone is no address");
  }

  @Test
  void theRecordsAreAFunctionOfTheSeed() {
    assertEquals(
        spec(plan(people(List.of()), FillConfig.EMPTY, 42), "email"),
        spec(plan(people(List.of()), FillConfig.EMPTY, 42), "email"));
    assertFalse(
        spec(plan(people(List.of()), FillConfig.EMPTY, 42), "email")
            .equals(spec(plan(people(List.of()), FillConfig.EMPTY, 43), "email")));
  }

  @Test
  void realisticValuesFalseFormsNoGroup(@TempDir Path dir) throws IOException {
    FillConfig off =
        FillConfig.load(Files.writeString(dir.resolve("fill.yaml"), "realisticValues: false\n"));
    TablePlan t = plan(people(List.of()), off, 42);
    for (String c : List.of("first_name", "email", "city", "state", "zip")) {
      assertNull(spec(t, c).group(), c);
      assertTrue(spec(t, c).values().isEmpty(), c);
    }
  }

  @Test
  void emailsFitTheirColumnAndFoldToAscii() {
    assertEquals(
        "zoe.oneill@example.com",
        CorrelatedValues.email("Zoë", "O'Neill", "", "example.com", 80, 0));
    assertEquals(
        "ada.lovel@example.org",
        CorrelatedValues.email("Ada", "Lovelace", "42", "example.org", 21, 0));
    assertEquals(
        "ada@example.org",
        CorrelatedValues.email("Ada", "Lovelace", "", "example.org", 20, 4),
        "no dot before the @ or the slot");
  }
}
