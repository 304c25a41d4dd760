package io.spate.bench;

import com.fasterxml.jackson.databind.DeserializationFeature;
import com.fasterxml.jackson.databind.json.JsonMapper;
import io.spate.core.config.FillConfig;
import io.spate.core.plan.FillSettings;
import io.spate.core.plan.Planner;
import io.spate.protocol.plan.FillPlan;
import io.spate.protocol.schema.Schema;
import java.io.IOException;
import java.io.InputStream;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.util.Map;

/**
 * The repository's fixture schemas as the benchmarks plan them, without a database: the snapshot of
 * what the introspector reports for {@code examples/schemas/<name>.sql} ({@code
 * <name>.schema.json}, checked against the DDL on a real PostgreSQL by {@code SchemaSnapshotsIT})
 * with the fill config of {@code examples/<name>.yaml}, read by the CLI's own config parser. Both
 * are packaged into this module's jar from {@code examples/} (see bench/pom.xml), so the benchmarks
 * jar runs anywhere.
 */
final class Fixtures {

  /** A schema and the config it is filled with. */
  record Fixture(Schema schema, FillConfig config) {
    FillPlan plan() {
      return Planner.plan(schema, FillSettings.of(config, null, null, null, Map.of()));
    }
  }

  /** Where bench/pom.xml puts {@code examples/} on the class path. */
  private static final String ROOT = "/fixtures/";

  private static final JsonMapper JSON =
      JsonMapper.builder().enable(DeserializationFeature.FAIL_ON_UNKNOWN_PROPERTIES).build();

  private Fixtures() {}

  /** {@code single.sql}: one keyless, all-nullable table, {@code big_t}. */
  static Fixture single() {
    return load("single");
  }

  /** {@code wide.sql}: ten identical independent tables, {@code wide_t01} to {@code wide_t10}. */
  static Fixture wide() {
    return load("wide");
  }

  /** {@code trip.sql}: one table with a primary key and four CHECKs. */
  static Fixture trip() {
    return load("trip");
  }

  /** {@code tpcc.sql}: the nine TPC-C tables, one warehouse at full cardinalities. */
  static Fixture tpcc() {
    return load("tpcc");
  }

  /** {@code examples/schemas/<name>.schema.json} with {@code examples/<name>.yaml}. */
  static Fixture load(String name) {
    String schemaResource = ROOT + "schemas/" + name + ".schema.json";
    String configResource = ROOT + name + ".yaml";
    try {
      Schema schema = JSON.readValue(read(schemaResource), Schema.class);
      FillConfig config = FillConfig.parse(read(configResource), "fixture " + configResource);
      return new Fixture(schema, config);
    } catch (IOException e) {
      throw new UncheckedIOException("cannot read the fixture " + schemaResource, e);
    }
  }

  private static String read(String resource) throws IOException {
    try (InputStream in = Fixtures.class.getResourceAsStream(resource)) {
      if (in == null) {
        throw new IllegalStateException(
            "no " + resource + " on the class path (bench/pom.xml packages examples/)");
      }
      return new String(in.readAllBytes(), StandardCharsets.UTF_8);
    }
  }
}
