package io.spate.core.plan;

import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.databind.ObjectMapper;
import io.spate.protocol.schema.Column;
import io.spate.protocol.schema.Table;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Random;
import java.util.Set;
import net.datafaker.Faker;

/**
 * Default documents of a json or jsonb column, shaped by its name: {@code settings} hold a
 * language, a time zone and switches, {@code address} a postal address, {@code tags} (and any other
 * plural that does not name a mapping's entries: {@code tables}, {@code nodes}) an array of words,
 * {@code attributes} a product's color, material and weight, any other name ({@code meta}, {@code
 * payload}, ...) the source, version and client of a record. The planner draws a pool of them with
 * Datafaker from the column's realistic-pool stream, as {@link RealisticValues} does for text, so
 * every cell stays a pure function of (seed, table, column, row).
 */
final class RealisticJson {

  static final int POOL_SIZE = 500;

  private static final ObjectMapper JSON = new ObjectMapper();

  /** The shapes of document, by the last word of the column's name. */
  enum Form {
    SETTINGS,
    ADDRESS,
    TAGS,
    ATTRIBUTES,
    PAYLOAD,
    METADATA
  }

  /** Plural words that name the entries of a mapping, not a list: keys with their values. */
  private static final Set<String> MAPPINGS =
      Set.of(
          "parameters",
          "params",
          "args",
          "arguments",
          "fields",
          "headers",
          "variables",
          "vars",
          "values",
          "extras",
          "metrics",
          "stats");

  private RealisticJson() {}

  static Form form(String columnName) {
    return switch (Words.last(columnName)) {
      case "settings", "setting", "preferences", "prefs", "config", "configuration", "options" ->
          Form.SETTINGS;
      case "address", "location", "addr" -> Form.ADDRESS;
      case "tags", "labels", "keywords", "categories" -> Form.TAGS;
      case "attributes", "attrs", "properties", "props", "specs", "specifications", "features" ->
          Form.ATTRIBUTES;
      case "payload", "data", "body", "event", "events", "message", "request", "response" ->
          Form.PAYLOAD;
      default ->
          Meanings.plural(Words.last(columnName)) && !MAPPINGS.contains(Words.last(columnName))
              ? Form.TAGS // a list of the things it names (tables, nodes, interests)
              : Form.METADATA;
    };
  }

  /** The pool of documents of a json or jsonb column. */
  static List<String> pool(long seed, Table t, Column c) {
    // a column's own pool: its documents take keys of their own beside their form's
    return Pools.ofColumn(
        seed,
        t,
        c,
        "json",
        random -> {
          Faker faker = new Faker(Locale.ENGLISH, random);
          Form form = form(c.name());
          List<String> keys = keys(random);
          Set<String> docs = new LinkedHashSet<>();
          for (int i = 0; i < 4 * POOL_SIZE && docs.size() < POOL_SIZE; i++) {
            docs.add(write(document(form, faker, random, keys)));
          }
          return List.copyOf(docs);
        });
  }

  /** Keys a column's documents share beyond its form's, chosen once per column. */
  private static final List<String> KEYS =
      List.of(
          "source",
          "version",
          "ip",
          "tags",
          "client",
          "locale",
          "channel",
          "referrer",
          "device",
          "region",
          "priority",
          "count",
          "enabled",
          "score",
          "label",
          "kind",
          "ref",
          "note",
          "duration_ms",
          "retries",
          "status",
          "owner",
          "color",
          "size");

  private static List<String> keys(Random random) {
    List<String> keys = new ArrayList<>(KEYS);
    java.util.Collections.shuffle(keys, random);
    return List.copyOf(keys.subList(0, 2 + random.nextInt(3)));
  }

  private static Object value(String key, Faker f, Random random) {
    return switch (key) {
      case "source", "client", "channel", "device", "kind", "label", "status", "owner" ->
          f.word().noun().toLowerCase(Locale.ROOT);
      case "version" -> f.app().version();
      case "ip" -> f.internet().ipV4Address();
      case "tags" -> words(f, random);
      case "locale" -> f.nation().isoLanguage();
      case "referrer" -> "https://" + f.internet().domainName() + "/";
      case "region" -> f.address().countryCode();
      case "priority", "retries" -> random.nextInt(5);
      case "count", "size" -> (int) Math.round(Math.exp(random.nextGaussian() * 1.5 + 2));
      case "enabled" -> random.nextInt(5) > 0;
      case "score" -> Math.round(random.nextDouble() * 10000) / 100.0;
      case "ref" -> Long.toHexString(random.nextLong() | Long.MIN_VALUE).substring(0, 8);
      case "note" -> f.word().adjective() + " " + f.word().noun();
      case "duration_ms" -> random.nextInt(5000);
      case "color" -> f.color().name();
      default -> f.word().noun();
    };
  }

  static Object document(Form form, Faker f, Random random, List<String> keys) {
    Map<String, Object> doc = new LinkedHashMap<>();
    switch (form) {
      case SETTINGS -> {
        doc.put("language", f.nation().isoLanguage());
        doc.put("timezone", f.address().timeZone());
        doc.put("notifications", random.nextBoolean());
        doc.put("newsletter", random.nextInt(4) == 0);
      }
      case ADDRESS -> {
        doc.put("street", f.address().streetAddress());
        doc.put("city", f.address().cityName());
        doc.put("state", f.address().stateAbbr());
        doc.put("zip", f.address().zipCode());
        doc.put("country", f.address().countryCode());
      }
      case TAGS -> {
        return words(f, random);
      }
      case ATTRIBUTES -> {
        doc.put("color", f.color().name());
        doc.put("material", f.commerce().material());
        doc.put("weight_kg", Math.round(Math.exp(random.nextGaussian()) * 100) / 100.0);
      }
      case PAYLOAD -> {
        doc.put("type", f.word().verb().toLowerCase(Locale.ROOT));
        doc.put("id", 1 + random.nextInt(100_000));
        for (String key : keys.subList(0, Math.min(2, keys.size()))) {
          doc.put(key, value(key, f, random));
        }
      }
      case METADATA -> {
        for (String key : keys) {
          doc.put(key, value(key, f, random));
        }
      }
    }
    return doc;
  }

  private static List<String> words(Faker f, Random random) {
    Set<String> words = new LinkedHashSet<>();
    int n = 1 + random.nextInt(4);
    for (int i = 0; i < 2 * n && words.size() < n; i++) {
      words.add(f.hipster().word().toLowerCase(Locale.ROOT));
    }
    return new ArrayList<>(words);
  }

  private static String write(Object document) {
    try {
      return JSON.writeValueAsString(document);
    } catch (JsonProcessingException e) {
      throw new IllegalStateException("a drawn document did not serialize: " + document, e);
    }
  }
}
