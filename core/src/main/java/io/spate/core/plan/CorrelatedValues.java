package io.spate.core.plan;

import io.spate.core.config.ColumnConfig;
import io.spate.core.config.TableConfig;
import io.spate.protocol.plan.ColumnPlan;
import io.spate.protocol.plan.Distribution;
import io.spate.protocol.plan.ValueSpec;
import io.spate.protocol.schema.Check;
import io.spate.protocol.schema.Column;
import io.spate.protocol.schema.Table;
import java.text.Normalizer;
import java.util.ArrayList;
import java.util.EnumMap;
import java.util.HashMap;
import java.util.HashSet;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Random;
import java.util.Set;
import net.datafaker.Faker;

/**
 * Realistic values that agree within a row: an email made from the row's own first and last name
 * ({@code ada.lovelace42@example.com}), and a city, state and zip code of one address. The planner
 * draws a list of records per group with Datafaker (one per job seed and group, {@link Pools}) and
 * gives each member column the list of its part of every record, in record order (one list per
 * part, length and uniqueness, which columns alike share); the engine draws one index per row from
 * the group's stream, shared by its columns. So every cell is still a pure function of (seed,
 * table, column, row) and workers need no Datafaker.
 *
 * <p>A column joins a group only when nothing else decides it: a text column with a recognised name
 * ({@link RealisticValues}), no config for its values, length or distribution, no CHECK or domain
 * mentioning it, no foreign key, and long enough for its part. Key columns stay keys, except an
 * email: one in a unique key gets the row's slot number before the {@code @} and no other digits,
 * so it stays unique. A group forms when the row has an email and a name, or a unique email alone
 * (person), or two of city, state and zip (address); a part claimed by two columns of one table
 * ({@code bill_city}, {@code ship_city}) leaves those columns drawn on their own.
 */
final class CorrelatedValues {

  /** Records drawn per group: the number of distinct people or addresses a table shows. */
  static final int RECORDS = 1000;

  /** Emails use the domains reserved for examples (RFC 2606): never anyone's real address. */
  static final List<String> DOMAINS = List.of("example.com", "example.org", "example.net");

  static final String PERSON = "person";
  static final String ADDRESS = "address";

  /** A part of a record, with the shortest column it still makes sense in. */
  enum Part {
    FIRST(PERSON, 4),
    LAST(PERSON, 4),
    FULL(PERSON, 8),
    EMAIL(PERSON, 20),
    CITY(ADDRESS, 4),
    STATE(ADDRESS, 2),
    ZIP(ADDRESS, 5);

    final String group;
    final int minLength;

    Part(String group, int minLength) {
      this.group = group;
      this.minLength = minLength;
    }
  }

  /** Recognised names ({@link RealisticValues#recognisedName}) by the part they hold. */
  private static final Map<String, Part> PARTS = parts();

  private static Map<String, Part> parts() {
    Map<String, Part> p = new HashMap<>();
    for (String n : List.of("first", "firstname", "fname", "givenname", "forename")) {
      p.put(n, Part.FIRST);
    }
    for (String n : List.of("last", "lastname", "lname", "surname", "familyname")) {
      p.put(n, Part.LAST);
    }
    for (String n :
        List.of(
            "name",
            "fullname",
            "displayname",
            "contactname",
            "personname",
            "customername",
            "authorname",
            "passengername")) {
      p.put(n, Part.FULL);
    }
    for (String n : List.of("email", "emailaddress", "emailaddr", "mail")) {
      p.put(n, Part.EMAIL);
    }
    for (String n : List.of("city", "town")) {
      p.put(n, Part.CITY);
    }
    for (String n : List.of("state", "province")) {
      p.put(n, Part.STATE);
    }
    for (String n : List.of("zip", "zipcode", "postalcode", "postcode", "postal")) {
      p.put(n, Part.ZIP);
    }
    return Map.copyOf(p);
  }

  /** The 50 states, name and abbreviation: a record's zip code is drawn for its state. */
  private static final String[][] STATES = {
    {"Alabama", "AL"},
    {"Alaska", "AK"},
    {"Arizona", "AZ"},
    {"Arkansas", "AR"},
    {"California", "CA"},
    {"Colorado", "CO"},
    {"Connecticut", "CT"},
    {"Delaware", "DE"},
    {"Florida", "FL"},
    {"Georgia", "GA"},
    {"Hawaii", "HI"},
    {"Idaho", "ID"},
    {"Illinois", "IL"},
    {"Indiana", "IN"},
    {"Iowa", "IA"},
    {"Kansas", "KS"},
    {"Kentucky", "KY"},
    {"Louisiana", "LA"},
    {"Maine", "ME"},
    {"Maryland", "MD"},
    {"Massachusetts", "MA"},
    {"Michigan", "MI"},
    {"Minnesota", "MN"},
    {"Mississippi", "MS"},
    {"Missouri", "MO"},
    {"Montana", "MT"},
    {"Nebraska", "NE"},
    {"Nevada", "NV"},
    {"New Hampshire", "NH"},
    {"New Jersey", "NJ"},
    {"New Mexico", "NM"},
    {"New York", "NY"},
    {"North Carolina", "NC"},
    {"North Dakota", "ND"},
    {"Ohio", "OH"},
    {"Oklahoma", "OK"},
    {"Oregon", "OR"},
    {"Pennsylvania", "PA"},
    {"Rhode Island", "RI"},
    {"South Carolina", "SC"},
    {"South Dakota", "SD"},
    {"Tennessee", "TN"},
    {"Texas", "TX"},
    {"Utah", "UT"},
    {"Vermont", "VT"},
    {"Virginia", "VA"},
    {"Washington", "WA"},
    {"West Virginia", "WV"},
    {"Wisconsin", "WI"},
    {"Wyoming", "WY"}
  };

  /** A member column: its part, and whether it is in a unique key (an email then gets the slot). */
  private record Member(Column column, Part part, boolean unique) {}

  private final long seed;
  private final int slotDigits;
  private final Map<String, Member> members;

  private CorrelatedValues(long seed, long slots, Map<String, Member> members) {
    this.seed = seed;
    this.slotDigits = String.valueOf(Math.max(0, slots - 1)).length();
    this.members = members;
  }

  /**
   * The correlated groups of one table; none when realistic values are off.
   *
   * @param slots the table's slot count: a unique email's suffix has up to that many digits
   */
  static CorrelatedValues of(
      long seed, Table t, TableConfig tc, long slots, boolean realisticValues) {
    Map<String, Member> candidates = new LinkedHashMap<>();
    if (realisticValues) {
      int digits = String.valueOf(Math.max(0, slots - 1)).length();
      for (Column c : t.columns()) {
        String recognised = RealisticValues.recognisedName(t, c.name());
        Part part = recognised == null ? null : PARTS.get(recognised);
        if (part != null && eligible(t, c, tc.columns().get(c.name()), part, digits)) {
          candidates.put(c.name(), new Member(c, part, inUniqueKey(t, c)));
        }
      }
    }
    Map<Part, Integer> claims = new EnumMap<>(Part.class);
    candidates.values().forEach(m -> claims.merge(m.part(), 1, Integer::sum));
    candidates.values().removeIf(m -> claims.get(m.part()) > 1);
    Set<Part> parts = new HashSet<>();
    candidates.values().forEach(m -> parts.add(m.part()));
    // a unique email needs no name beside it: its own record's name makes it look real
    boolean uniqueEmail =
        candidates.values().stream().anyMatch(m -> m.part() == Part.EMAIL && m.unique());
    boolean person =
        parts.contains(Part.EMAIL)
            && (uniqueEmail
                || parts.contains(Part.FIRST)
                || parts.contains(Part.LAST)
                || parts.contains(Part.FULL));
    long address = parts.stream().filter(p -> p.group.equals(ADDRESS)).count();
    candidates.values().removeIf(m -> m.part().group.equals(PERSON) ? !person : address < 2);
    return new CorrelatedValues(seed, slots, candidates);
  }

  /** Draws the records of every group here, as {@link #plan} would on its first call. */
  void drawRecords() {
    members.values().stream().map(m -> m.part().group).distinct().forEach(this::records);
  }

  /** Whether the column belongs to a group here (its plan then comes from {@link #plan}). */
  boolean claims(String column) {
    return members.containsKey(column);
  }

  /**
   * The plan of a member column: its part of every record of its group, drawn by the group's index.
   *
   * @param base the column's plain spec, for its length and NULL share
   */
  ColumnPlan plan(Column c, ValueSpec base) {
    Member m = members.get(c.name());
    int reserved = m.unique() ? slotDigits : 0;
    List<String> values =
        Pools.shared(
            seed,
            "records/" + m.part().group,
            "%s/%d/%b/%d".formatted(m.part(), m.column().length(), m.unique(), reserved),
            random -> records(m.part().group).stream().map(r -> render(m, r)).toList());
    double nullRatio = m.unique() ? 0 : base.nullRatio();
    return new ColumnPlan.Values(
        c.name(),
        new ValueSpec(
            values,
            List.of(),
            null,
            null,
            false,
            false,
            base.minLength(),
            base.maxLength(),
            Distribution.UNIFORM,
            nullRatio,
            null,
            m.part().group,
            m.unique()));
  }

  private String render(Member m, String[] r) {
    int max = m.column().length();
    return switch (m.part()) {
      case FIRST -> RealisticValues.fit(r[0], max);
      case LAST -> RealisticValues.fit(r[1], max);
      case FULL -> RealisticValues.fit(r[0] + " " + r[1], max);
      case EMAIL ->
          email(r[0], r[1], m.unique() ? "" : r[2], r[3], max, m.unique() ? slotDigits : 0);
      case CITY -> RealisticValues.fit(r[0], max);
      case STATE -> max > 0 && max < 14 ? r[2] : r[1];
      case ZIP -> RealisticValues.fit(r[3], max);
    };
  }

  /**
   * {@code first.last<number>@domain}, lower-case ASCII, the local part cut so the whole fits
   * {@code maxLength} with {@code reserved} more characters (the slot) before the {@code @}.
   */
  static String email(
      String first, String last, String number, String domain, int maxLength, int reserved) {
    String local = ascii(first) + "." + ascii(last) + number;
    int budget = maxLength < 0 ? Integer.MAX_VALUE : maxLength - reserved - 1 - domain.length();
    if (local.length() > budget) {
      local = local.substring(0, budget);
    }
    while (local.endsWith(".")) {
      local = local.substring(0, local.length() - 1);
    }
    return local + "@" + domain;
  }

  /**
   * Letters folded to lower-case ASCII (accents dropped), everything else left out; never empty.
   */
  static String ascii(String s) {
    StringBuilder folded = new StringBuilder(s.length());
    for (int i = 0; i < s.length(); i++) {
      char ch = s.charAt(i);
      if (ch >= 0x80) { // ASCII is its own decomposition: only other names need the normalizer
        return foldDecomposed(s);
      }
      if (ch >= 'a' && ch <= 'z') {
        folded.append(ch);
      } else if (ch >= 'A' && ch <= 'Z') {
        folded.append((char) (ch + ('a' - 'A')));
      }
    }
    return folded.isEmpty() ? "user" : folded.toString();
  }

  private static String foldDecomposed(String s) {
    String folded =
        Normalizer.normalize(s, Normalizer.Form.NFD)
            .toLowerCase(Locale.ROOT)
            .replaceAll("[^a-z]", "");
    return folded.isEmpty() ? "user" : folded;
  }

  /**
   * The group's records, drawn once: person {first, last, number, domain}, address {city, state,
   * state abbreviation, zip}. Cities are distinct, so a city has one state and one zip code.
   */
  private List<String[]> records(String group) {
    return Pools.shared(
        seed,
        "records/" + group,
        "records",
        random -> {
          Faker faker = new Faker(Locale.ENGLISH, random);
          List<String[]> result = new ArrayList<>();
          if (group.equals(PERSON)) {
            for (int i = 0; i < RECORDS; i++) {
              int number = random.nextInt(200);
              result.add(
                  new String[] {
                    faker.name().firstName(),
                    faker.name().lastName(),
                    number < 100 ? String.valueOf(number) : "",
                    DOMAINS.get(random.nextInt(DOMAINS.size()))
                  });
            }
            return result;
          }
          Set<String> cities = new HashSet<>();
          for (int i = 0; i < 4 * RECORDS && result.size() < RECORDS; i++) {
            String[] state = STATES[random.nextInt(STATES.length)];
            String city = faker.address().cityName();
            String zip =
                digits(faker.address().zipCodeByState(state[1]), random); // a pattern such as 730##
            if (cities.add(city)) {
              result.add(new String[] {city, state[0], state[1], zip});
            }
          }
          return result;
        });
  }

  private static String digits(String pattern, Random random) {
    StringBuilder s = new StringBuilder(pattern.length());
    for (char ch : pattern.toCharArray()) {
      s.append(ch == '#' ? (char) ('0' + random.nextInt(10)) : ch);
    }
    return s.toString();
  }

  private static boolean eligible(Table t, Column c, ColumnConfig cc, Part part, int slotDigits) {
    if (!c.type().isText()
        || c.generated()
        || c.identity()
        || !c.supported()
        || !c.domainChecks().isEmpty()) {
      return false;
    }
    boolean unique = inUniqueKey(t, c);
    int min = part.minLength + (unique ? slotDigits : 0);
    if ((c.length() > 0 && c.length() < min) || (unique && part != Part.EMAIL)) {
      return false;
    }
    if (t.foreignKeys().stream().anyMatch(fk -> fk.columns().contains(c.name()))) {
      return false;
    }
    if (cc != null
        && (cc.skipped()
            || cc.decidesValues()
            || cc.length() != null
            || cc.distribution() != null)) {
      return false;
    }
    return t.checks().stream().noneMatch(check -> mentions(check, c.name()));
  }

  private static boolean inUniqueKey(Table t, Column c) {
    return t.keys().stream().anyMatch(k -> k.columns().contains(c.name()));
  }

  /** Whether a CHECK of the table reads {@code column}. */
  static boolean mentions(Check check, String column) {
    return switch (check) {
      case Check.InList in -> in.column().equals(column);
      case Check.CompareLiteral cl -> cl.column().equals(column);
      case Check.CompareColumns cc -> cc.left().equals(column) || cc.right().equals(column);
      case Check.Length length -> length.column().equals(column);
      case Check.Matches matches -> matches.column().equals(column);
      case Check.Unparsed u -> u.columns().contains(column);
    };
  }
}
