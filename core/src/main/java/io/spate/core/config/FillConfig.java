package io.spate.core.config;

import com.fasterxml.jackson.core.JacksonException;
import com.fasterxml.jackson.core.StreamReadFeature;
import com.fasterxml.jackson.databind.DeserializationFeature;
import com.fasterxml.jackson.databind.JsonMappingException;
import com.fasterxml.jackson.databind.MapperFeature;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.exc.UnrecognizedPropertyException;
import com.fasterxml.jackson.dataformat.yaml.YAMLMapper;
import io.spate.core.settings.Settings;
import io.spate.protocol.error.Problems;
import io.spate.protocol.error.SpateException;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Map;
import java.util.Optional;
import java.util.TreeMap;

/**
 * The fill configuration file ({@code --config fill.yaml}). Every setting is optional; the command
 * line overrides the file. See docs/configuration.md. Each key is declared in {@link
 * Settings#CONFIG_KEYS}, with its default and bounds; {@link #parse} checks the bounds.
 *
 * @param seed the job seed: the same seed and schema give the same bytes
 * @param defaultRows rows for a table the config does not size
 * @param taskRows rows per task, the unit of parallel work and of a transaction
 * @param nullRatio share of NULLs in nullable, non-key columns
 * @param realisticValues whether text columns with recognised names ({@code first_name}, {@code
 *     email}, {@code city}, ...) that nothing else decides get realistic values (default true)
 * @param tables per-table settings by table name
 */
public record FillConfig(
    Long seed,
    Long defaultRows,
    Long taskRows,
    Double nullRatio,
    Boolean realisticValues,
    Map<String, TableConfig> tables) {

  public static final FillConfig EMPTY = new FillConfig(null, null, null, null, null, null);

  public FillConfig {
    realisticValues =
        realisticValues == null ? Settings.REALISTIC_VALUES.defaultValue() : realisticValues;
    tables = tables == null ? Map.of() : new TreeMap<>(tables);
  }

  /** A config with realistic values on (the default). */
  public FillConfig(
      Long seed,
      Long defaultRows,
      Long taskRows,
      Double nullRatio,
      Map<String, TableConfig> tables) {
    this(seed, defaultRows, taskRows, nullRatio, null, tables);
  }

  public TableConfig table(String name) {
    return tables.getOrDefault(name, new TableConfig(null, null, null, null));
  }

  public static FillConfig load(Path file) {
    if (!Files.isRegularFile(file)) {
      throw new SpateException("config " + file + " does not exist or is not a file");
    }
    String text;
    try {
      text = Files.readString(file, java.nio.charset.StandardCharsets.UTF_8);
    } catch (IOException e) {
      throw new SpateException("config " + file + ": cannot read: " + e.getMessage(), e);
    }
    return parse(text, "config " + file);
  }

  /**
   * The configuration in YAML text (a file's content, or the body of an API request).
   *
   * @param subject how errors name the text, such as {@code config fill.yaml}
   */
  public static FillConfig parse(String text, String subject) {
    if (text == null || text.isBlank()) {
      return EMPTY;
    }
    ObjectMapper yaml =
        YAMLMapper.builder()
            .enable(DeserializationFeature.FAIL_ON_UNKNOWN_PROPERTIES)
            .enable(MapperFeature.ACCEPT_CASE_INSENSITIVE_ENUMS)
            .enable(StreamReadFeature.STRICT_DUPLICATE_DETECTION)
            .build();
    try {
      FillConfig config = yaml.readValue(text, FillConfig.class);
      if (config == null) {
        return EMPTY;
      }
      Problems problems = new Problems();
      Settings.check(config, Settings.CONFIG_KEYS, problems);
      problems.throwIfAny(subject);
      return config;
    } catch (JacksonException e) {
      throw new SpateException(subject + ": " + describe(text, e), e);
    }
  }

  /** What is wrong with the text, on one line, naming where. */
  private static String describe(String text, JacksonException e) {
    Optional<String> yamlError = YamlErrors.syntax(e).or(() -> YamlErrors.duplicateKey(text, e));
    if (yamlError.isPresent()) {
      return yamlError.get();
    }
    return switch (e) {
      case UnrecognizedPropertyException u ->
          "unknown setting '" + pathOf(u) + "' (known there: " + u.getKnownPropertyIds() + ")";
      case JsonMappingException m -> "at '" + pathOf(m) + "': " + m.getOriginalMessage();
      default -> e.getOriginalMessage() + locationOf(e);
    };
  }

  /** The setting's path, e.g. {@code tables.account.rowz}: Jackson's line numbers point past it. */
  private static String pathOf(JsonMappingException e) {
    return e.getPath().stream()
        .map(r -> r.getFieldName() != null ? r.getFieldName() : "[" + r.getIndex() + "]")
        .collect(java.util.stream.Collectors.joining("."));
  }

  private static String locationOf(JacksonException e) {
    return e.getLocation() == null ? "" : " (line " + e.getLocation().getLineNr() + ")";
  }
}
