package io.spate.coordinator.plan;

import io.spate.protocol.schema.Column;
import io.spate.protocol.schema.Table;
import io.spate.protocol.seed.Streams;
import java.util.ArrayList;
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
 * The pool is drawn from a {@link Random} seeded by the column's realistic-pool stream ({@link
 * Streams#realisticPool}, never its cell stream) with the English locale fixed, so every cell stays
 * a pure function of (seed, table, column, row) and workers never load Datafaker.
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
        "authorname");
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
    put(k, of(f -> f.address().cityName()), "city", "town");
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
    put(k, of(f -> f.book().title()), "title");
    put(k, of(f -> f.job().title()), "jobtitle");
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
   * case-insensitively, whole or without a short prefix ({@code c_first}), ignoring underscores and
   * trailing digits ({@code c_street_1}, {@code first_name}, {@code FirstName}).
   */
  static List<String> pool(long seed, Table table, Column c) {
    if (!c.type().isText() || (c.length() > 0 && c.length() < MIN_LENGTH)) {
      return List.of();
    }
    Kind kind = kindOf(c.name());
    if (kind == null) {
      return List.of();
    }
    Random random =
        new Random(Streams.realisticPool(Streams.cells(Shape.stream(seed, table), c.name())));
    Faker faker = new Faker(Locale.ENGLISH, random);
    Set<String> values = new LinkedHashSet<>();
    for (int i = 0; i < ATTEMPTS && values.size() < POOL_SIZE; i++) {
      String v = fit(kind.draw(faker, c.length()), c.length());
      if (!v.isEmpty()) {
        values.add(v);
      }
    }
    return new ArrayList<>(values);
  }

  /**
   * The recognised name a column's name reduces to ({@code c_first_name} to {@code firstname}), or
   * null when it is not recognised.
   */
  static String recognisedName(String columnName) {
    String name = columnName.toLowerCase(Locale.ROOT);
    if (KINDS.containsKey(normalise(name))) {
      return normalise(name);
    }
    if (name.matches("[a-z]{1,3}_.+")
        && KINDS.containsKey(normalise(name.substring(name.indexOf('_') + 1)))) {
      return normalise(name.substring(name.indexOf('_') + 1));
    }
    return null;
  }

  private static Kind kindOf(String columnName) {
    String name = columnName.toLowerCase(Locale.ROOT);
    Kind kind = KINDS.get(normalise(name));
    if (kind == null && name.matches("[a-z]{1,3}_.+")) {
      kind = KINDS.get(normalise(name.substring(name.indexOf('_') + 1)));
    }
    return kind;
  }

  private static String normalise(String name) {
    return name.replace("_", "").replaceAll("[0-9]+$", "");
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
