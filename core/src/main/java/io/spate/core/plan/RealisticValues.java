package io.spate.core.plan;

import io.spate.protocol.schema.Column;
import io.spate.protocol.schema.SqlType;
import io.spate.protocol.schema.Table;
import java.nio.charset.StandardCharsets;
import java.util.HashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Random;
import java.util.Set;
import java.util.function.Function;
import net.datafaker.Faker;

/**
 * Column-name aware default values for text columns: for a recognised name ({@code first_name},
 * {@code c_city}, {@code email}, ...) the planner draws a pool of realistic values with Datafaker
 * and puts it in the column's value list, from which the workers' choice generator picks per row.
 * The pool is drawn with the English locale fixed from its own stream ({@link Pools}: the kind, the
 * column's length and type), so columns of one kind and length share it, every cell stays a pure
 * function of (seed, table, column, row) and workers never load Datafaker.
 */
final class RealisticValues {

  /** Values drawn per column (fewer when the kind has fewer distinct values). */
  static final int POOL_SIZE = 500;

  /** Columns shorter than this keep plain random text: truncated values would not look real. */
  static final int MIN_LENGTH = 4;

  private static final int ATTEMPTS = 4 * POOL_SIZE;

  /**
   * What a kind of column holds; {@code maxLength} is the column's length, or -1 when unbounded.
   */
  private interface Kind {
    String draw(Faker faker, int maxLength);
  }

  private static Kind of(Function<Faker, String> f) {
    return (faker, maxLength) -> f.apply(faker);
  }

  /** Column names (lower case, without underscores and trailing digits) by kind. */
  private static final Map<String, Kind> KINDS = kinds();

  /**
   * Recognised names a column may end in after any prefix ({@code client_ip}, {@code work_phone},
   * {@code ship_city}); the others need a whole match, a short prefix, a {@link #QUALIFIERS} word
   * or (for a thing's name) an entity in front, so {@code mac_address} or {@code file_name} stay
   * plain.
   */
  private static final Set<String> ANY_PREFIX =
      Set.of(
          "email",
          "emailaddress",
          "phone",
          "phonenumber",
          "telephone",
          "mobile",
          "fax",
          "ip",
          "ipaddress",
          "ipaddr",
          "macaddress",
          "url",
          "website",
          "homepage",
          "zip",
          "zipcode",
          "postalcode",
          "postcode",
          "city",
          "country",
          "countryname",
          "street",
          "streetaddress",
          "addressline",
          "jobtitle");

  /**
   * Words in front of a recognised name that keep its meaning ({@code billing_address}, {@code
   * ship_postal_code}); a person's name behind them ({@code passenger_name}) is a person's.
   */
  private static final Set<String> QUALIFIERS =
      Set.of(
          "billing",
          "bill",
          "shipping",
          "ship",
          "mailing",
          "delivery",
          "home",
          "work",
          "office",
          "business",
          "personal",
          "primary",
          "secondary",
          "alt",
          "alternate",
          "contact",
          "customer",
          "passenger",
          "emergency",
          "legal",
          "main",
          "current",
          "previous",
          "birth");

  /**
   * The recognised name a thing's {@code name} takes by the entity it names (the word in front of
   * it, else the table's): a product's is a product name, an artist's a band's. An entity not
   * listed names a person.
   */
  private static final Map<String, String> ENTITY_NAMES = entityNames();

  /** Entities whose {@code title} is a job title; any other's is a work's title. */
  private static final Set<String> PEOPLE =
      Set.of(
          "employee",
          "staff",
          "person",
          "user",
          "member",
          "contact",
          "worker",
          "agent",
          "manager",
          "teacher",
          "instructor",
          "customer",
          "candidate",
          "applicant");

  private static Map<String, String> entityNames() {
    Map<String, String> e = new HashMap<>();
    entity(e, "productname", "product", "item", "good", "article", "sku", "offering");
    entity(
        e,
        "worktitle",
        "track",
        "song",
        "album",
        "playlist",
        "book",
        "film",
        "movie",
        "episode",
        "show",
        "course",
        "lesson");
    entity(e, "artistname", "artist", "band", "performer", "composer");
    entity(e, "projectname", "project", "app", "application", "repository", "repo", "service");
    entity(
        e,
        "companyname",
        "company",
        "supplier",
        "vendor",
        "organization",
        "organisation",
        "org",
        "publisher",
        "manufacturer",
        "merchant",
        "shop",
        "store",
        "partner",
        "carrier",
        "shipper",
        "employer",
        "firm",
        "agency",
        "bank",
        "airline");
    entity(e, "brandname", "brand");
    entity(e, "city", "city", "town");
    entity(e, "countryname", "country", "nation");
    entity(e, "departmentname", "category", "department", "dept", "division");
    entity(e, "genrename", "genre");
    entity(e, "teamname", "team", "club");
    entity(e, "schoolname", "school", "university", "college");
    return Map.copyOf(e);
  }

  private static void entity(Map<String, String> names, String name, String... entities) {
    for (String entity : entities) {
      names.put(entity, name);
    }
  }

  private static Map<String, Kind> kinds() {
    Map<String, Kind> k = new HashMap<>();
    put(k, of(f -> f.name().firstName()), "first", "firstname", "fname", "givenname", "forename");
    put(k, of(f -> f.name().lastName()), "last", "lastname", "lname", "surname", "familyname");
    put(
        k,
        of(f -> f.name().fullName()),
        "name",
        "fullname",
        "displayname",
        "contactname",
        "personname",
        "customername",
        "authorname",
        "passengername");
    put(k, of(f -> f.internet().emailAddress()), "email", "emailaddress", "emailaddr", "mail");
    put(
        k,
        of(f -> f.credentials().username()),
        "username",
        "user",
        "login",
        "loginname",
        "userlogin",
        "nickname");
    put(
        k,
        of(f -> f.phoneNumber().phoneNumber()),
        "phone",
        "phonenumber",
        "phoneno",
        "telephone",
        "tel",
        "mobile",
        "cellphone",
        "fax");
    put(
        k,
        of(f -> f.address().streetAddress()),
        "street",
        "streetaddress",
        "address",
        "addressline",
        "addr");
    put(k, of(f -> f.internet().ipV4Address()), "ip", "ipaddress", "ipaddr");
    put(k, of(f -> f.internet().macAddress()), "mac", "macaddress", "macaddr");
    put(k, of(f -> f.address().cityName()), "city", "town", "cityname");
    put(
        k,
        (f, max) -> max > 0 && max < 14 ? f.address().stateAbbr() : f.address().state(),
        "state",
        "province");
    put(
        k,
        (f, max) -> {
          String zip = f.address().zipCode();
          return max > 0 && zip.length() > max && zip.indexOf('-') > 0
              ? zip.substring(0, zip.indexOf('-'))
              : zip;
        },
        "zip",
        "zipcode",
        "postalcode",
        "postcode",
        "postal");
    put(k, of(f -> f.address().country()), "country", "countryname");
    put(
        k,
        of(f -> f.company().name()),
        "company",
        "companyname",
        "employer",
        "organization",
        "organisation");
    put(
        k,
        of(f -> "https://" + f.internet().domainName()),
        "url",
        "website",
        "homepage",
        "weburl",
        "siteurl");
    put(
        k,
        of(f -> "https://" + f.internet().domainName() + "/img/" + f.number().digits(6) + ".jpg"),
        "avatar",
        "avatarurl",
        "photourl",
        "imageurl",
        "pictureurl",
        "thumbnailurl");
    put(k, of(f -> f.book().title()), "title", "worktitle");
    put(k, of(f -> f.job().title()), "jobtitle");
    put(k, of(f -> f.commerce().productName()), "productname");
    put(k, of(f -> f.rockBand().name()), "artistname", "bandname");
    put(k, of(f -> f.app().name()), "projectname", "appname");
    put(k, of(f -> f.commerce().brand()), "brandname", "brand");
    put(k, of(f -> f.commerce().department()), "departmentname", "categoryname");
    put(k, of(f -> f.music().genre()), "genrename", "genre");
    put(k, of(f -> f.team().name()), "teamname");
    put(k, of(f -> f.university().name()), "schoolname", "universityname");
    put(k, of(f -> f.lorem().sentence()), "description", "desc", "descr");
    return Map.copyOf(k);
  }

  private static void put(Map<String, Kind> kinds, Kind kind, String... names) {
    for (String name : names) {
      kinds.put(name, kind);
    }
  }

  private RealisticValues() {}

  /**
   * The pool for a text column whose name is recognised, or an empty list: the name is matched
   * case-insensitively, ignoring underscores, camel case and trailing digits, whole ({@code
   * FirstName}, {@code c_street_1}) or after a prefix ({@link #recognisedName}). A binary column so
   * named ({@code url varbinary(383)}, as MySQL applications store case-sensitive text) gets the
   * same text, as its UTF-8 bytes, each within the column's length in bytes.
   */
  static List<String> pool(long seed, Table table, Column c) {
    boolean text = c.type().isText() || c.type() == SqlType.BYTEA;
    if (!text || (c.length() > 0 && c.length() < MIN_LENGTH)) {
      return List.of();
    }
    String recognised = recognisedName(table, c.name());
    if (recognised == null) {
      return List.of();
    }
    Kind kind = KINDS.get(recognised);
    int length = c.length();
    boolean bytes = c.type() == SqlType.BYTEA;
    return Pools.shared(
        seed,
        "realistic/" + recognised,
        length + (bytes ? "/bytes" : ""),
        random -> draw(kind, random, length, bytes));
  }

  private static List<String> draw(Kind kind, Random random, int length, boolean bytes) {
    Faker faker = new Faker(Locale.ENGLISH, random);
    Set<String> values = new LinkedHashSet<>();
    for (int i = 0; i < ATTEMPTS && values.size() < POOL_SIZE; i++) {
      String v = fit(kind.draw(faker, length), length);
      boolean fits = !bytes || length <= 0 || v.getBytes(StandardCharsets.UTF_8).length <= length;
      if (!v.isEmpty() && fits) {
        values.add(v);
      }
    }
    return List.copyOf(values);
  }

  /**
   * The recognised name a column's name reduces to ({@code c_first_name} to {@code firstname}), or
   * null. A name is tried whole, then without its leading words while those are a short prefix
   * ({@code c_}), {@link #QUALIFIERS} or an entity, or whatever they are before an {@link
   * #ANY_PREFIX} name. A {@code name} or {@code title} reads the entity it belongs to: the word in
   * front of it, else the table's ({@code name} in {@code products} is a product name, {@code
   * title} in {@code employees} a job title).
   */
  static String recognisedName(Table table, String columnName) {
    List<String> words = Words.of(columnName);
    for (int i = 0; i < words.size(); i++) {
      String rest = Words.joined(words.subList(i, words.size()));
      String before = i == 0 ? null : words.get(i - 1);
      boolean prefixOk =
          i == 0
              || ANY_PREFIX.contains(rest)
              || (i == 1 && before.length() <= 3)
              || words.subList(0, i).stream()
                  .allMatch(w -> QUALIFIERS.contains(w) || ENTITY_NAMES.containsKey(w));
      if (!prefixOk) {
        continue;
      }
      if (rest.equals("name") || rest.equals("title")) {
        boolean qualified = before != null && QUALIFIERS.contains(before);
        String entity =
            before != null && ENTITY_NAMES.containsKey(before)
                ? before
                : qualified ? "person" : Words.entity(table.name());
        if (rest.equals("title")) {
          return PEOPLE.contains(entity) ? "jobtitle" : "title";
        }
        return ENTITY_NAMES.getOrDefault(entity, "name");
      }
      if (KINDS.containsKey(rest)) {
        return rest;
      }
    }
    return null;
  }

  /**
   * Cut to {@code maxLength} characters (never inside a surrogate pair), without trailing blanks.
   */
  static String fit(String value, int maxLength) {
    String v = value;
    if (maxLength > 0 && v.length() > maxLength) {
      int end = Character.isHighSurrogate(v.charAt(maxLength - 1)) ? maxLength - 1 : maxLength;
      v = v.substring(0, end);
    }
    return v.strip();
  }
}
