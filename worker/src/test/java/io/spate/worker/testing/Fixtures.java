package io.spate.worker.testing;

import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.databind.DeserializationFeature;
import com.fasterxml.jackson.databind.SerializationFeature;
import com.fasterxml.jackson.databind.json.JsonMapper;
import io.spate.protocol.schema.Schema;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.stream.Stream;

/**
 * The repository's fixtures: {@code examples/} (the fill configs) and {@code examples/schemas/}
 * (the fixture DDL, {@code <name>.sql}, and its snapshot, {@code <name>.schema.json}). Tests run
 * from a module's directory, so the root is found by walking up from the working directory to the
 * first directory holding {@code examples/schemas}; nothing outside the repository is read.
 *
 * <p>A snapshot is the {@link Schema} the introspector reports for the DDL on a real PostgreSQL, as
 * JSON: the record tree exactly as plans carry it, pretty-printed so a change reads as a diff. The
 * DDL is the one source; the snapshot is derived from it and checked against it by {@code
 * io.spate.core.introspect.SchemaSnapshotsIT}, which rewrites it when run with {@code
 * -Dspate.snapshots.write=true}. Unit tests use the snapshot to plan a fixture without a database.
 */
public final class Fixtures {

  /** The suffix of a snapshot next to its {@code .sql}. */
  public static final String SNAPSHOT_SUFFIX = ".schema.json";

  /**
   * Plan JSON's mapper settings (io.spate.protocol.message.Messages: record components in order,
   * map entries by key), indented, and strict on read so a stale snapshot fails loudly.
   */
  private static final JsonMapper MAPPER =
      JsonMapper.builder()
          .enable(DeserializationFeature.FAIL_ON_UNKNOWN_PROPERTIES)
          .enable(DeserializationFeature.FAIL_ON_TRAILING_TOKENS)
          .enable(SerializationFeature.ORDER_MAP_ENTRIES_BY_KEYS)
          .enable(SerializationFeature.INDENT_OUTPUT)
          .build();

  private Fixtures() {}

  /** The repository's root: the nearest directory at or above the working one with fixtures. */
  public static Path root() {
    Path start = Path.of("").toAbsolutePath();
    for (Path dir = start; dir != null; dir = dir.getParent()) {
      if (Files.isDirectory(dir.resolve("examples").resolve("schemas"))) {
        return dir;
      }
    }
    throw new IllegalStateException("no examples/schemas at or above " + start);
  }

  /** {@code examples/}: the fill configs, such as {@code tpcc.yaml}. */
  public static Path examples() {
    return root().resolve("examples");
  }

  /** {@code examples/schemas/}: the fixture DDL ({@code *.sql}) and snapshots. */
  public static Path schemas() {
    return examples().resolve("schemas");
  }

  /** The suffix of a PostgreSQL fixture's MySQL/MariaDB twin ({@code tpcc-mysql.sql}). */
  public static final String MYSQL_TWIN = "-mysql";

  /**
   * The PostgreSQL fixtures' names, {@code tpcc} for {@code tpcc.sql}, sorted; their MySQL twins
   * are left out.
   */
  public static List<String> schemaNames() {
    try (Stream<Path> files = Files.list(schemas())) {
      return files
          .map(f -> f.getFileName().toString())
          .filter(f -> f.endsWith(".sql") && !f.endsWith(MYSQL_TWIN + ".sql"))
          .map(f -> f.substring(0, f.length() - ".sql".length()))
          .sorted()
          .toList();
    } catch (IOException e) {
      throw new UncheckedIOException("cannot list " + schemas(), e);
    }
  }

  /** {@code examples/schemas/<name>.schema.json}. */
  public static Path snapshotFile(String name) {
    return schemas().resolve(name + SNAPSHOT_SUFFIX);
  }

  /** The schema the introspector reports for {@code examples/schemas/<name>.sql}. */
  public static Schema snapshot(String name) {
    Path file = snapshotFile(name);
    try {
      return MAPPER.readValue(file.toFile(), Schema.class);
    } catch (IOException e) {
      throw new IllegalStateException(
          "cannot read the snapshot " + file + " (rewrite it: see SchemaSnapshotsIT)", e);
    }
  }

  /** The snapshot's text for {@code schema}: what {@link #writeSnapshot} writes. */
  public static String snapshotText(Schema schema) {
    try {
      return MAPPER.writeValueAsString(schema) + "\n";
    } catch (JsonProcessingException e) {
      throw new IllegalStateException("cannot encode a schema snapshot", e);
    }
  }

  /** Writes {@code examples/schemas/<name>.schema.json}. */
  public static void writeSnapshot(String name, Schema schema) {
    Path file = snapshotFile(name);
    try {
      Files.writeString(file, snapshotText(schema), StandardCharsets.UTF_8);
    } catch (IOException e) {
      throw new UncheckedIOException("cannot write the snapshot " + file, e);
    }
  }
}
