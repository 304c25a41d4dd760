package io.spate.coordinator.plan;

import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.databind.ObjectMapper;
import io.spate.protocol.schema.Column;
import io.spate.protocol.schema.Table;
import io.spate.protocol.seed.Streams;
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
 * language, a time zone and switches, {@code address} a postal address, {@code tags} an array of
 * words, {@code attributes} a product's color, material and weight, any other name ({@code meta},
 * {@code payload}, ...) the source, version and client of a record. The planner draws a pool of
 * them with Datafaker from the column's realistic-pool stream, as {@link RealisticValues} does for
 * text, so every cell stays a pure function of (seed, table, column, row).
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
    METADATA
  }

  private RealisticJson() {}

  static Form form(String columnName) {
    return switch (Words.last(columnName)) {
      case "settings", "setting", "preferences", "prefs", "config", "configuration", "options" ->
          Form.SETTINGS;
      case "address", "location", "addr" -> Form.ADDRESS;
      case "tags", "labels", "keywords", "categories" -> Form.TAGS;
      case "attributes", "attrs", "properties", "props", "specs", "specifications", "features" ->
          Form.ATTRIBUTES;
      default -> Form.METADATA;
    };
  }

  /** The pool of documents of a json or jsonb column. */
  static List<String> pool(long seed, Table t, Column c) {
    Random random =
        new Random(Streams.realisticPool(Streams.cells(Shape.stream(seed, t), c.name())));
    Faker faker = new Faker(Locale.ENGLISH, random);
    Form form = form(c.name());
    Set<String> docs = new LinkedHashSet<>();
    for (int i = 0; i < 4 * POOL_SIZE && docs.size() < POOL_SIZE; i++) {
      docs.add(write(document(form, faker, random)));
    }
    return new ArrayList<>(docs);
  }

  static Object document(Form form, Faker f, Random random) {
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
      case METADATA -> {
        doc.put("source", f.app().name().toLowerCase(Locale.ROOT).replace(' ', '-'));
        doc.put("version", f.app().version());
        doc.put("ip", f.internet().ipV4Address());
        doc.put("tags", words(f, random));
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
