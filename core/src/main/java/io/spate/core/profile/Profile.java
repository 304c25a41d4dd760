package io.spate.core.profile;

import com.fasterxml.jackson.annotation.JsonInclude;
import com.fasterxml.jackson.dataformat.yaml.YAMLGenerator;
import com.fasterxml.jackson.dataformat.yaml.YAMLMapper;
import io.spate.protocol.error.SpateException;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;

/**
 * A source database's statistics, as {@code spate profile} writes them.
 *
 * @param schemas the schemas profiled
 * @param includesValues whether frequent values and bounds of text columns are the source's own
 *     (else synthetic: same length, same frequency)
 * @param tables by {@link io.spate.protocol.schema.Table#id()}, in id order
 */
@JsonInclude(JsonInclude.Include.NON_NULL)
public record Profile(
    List<String> schemas, boolean includesValues, Map<String, TableStats> tables) {

  /**
   * @param rows the planner's row count estimate ({@code reltuples}; of a partitioned table, the
   *     sum of its partitions')
   * @param columns by name, in attribute order
   * @param extended the extended statistics on columns ({@code CREATE STATISTICS}), by name; null
   *     when there are none
   */
  @JsonInclude(JsonInclude.Include.NON_NULL)
  public record TableStats(
      long rows, Map<String, ColumnStats> columns, List<ExtendedStats> extended) {}

  /**
   * One {@code pg_stats_ext} row: statistics on several columns together.
   *
   * @param nDistinct distinct counts of column combinations as the server prints them, with column
   *     names in place of attribute numbers ({@code {"region, country": 20}}); null when not
   *     gathered
   * @param dependencies functional dependencies as the server prints them, with column names in
   *     place of attribute numbers ({@code {"region_code => region_name": 1.000000}}: the code
   *     determines the name in all rows); null when not gathered
   * @param frequentValues the most common combinations, values in the order of {@code columns}
   */
  @JsonInclude(JsonInclude.Include.NON_NULL)
  public record ExtendedStats(
      String name,
      List<String> columns,
      String nDistinct,
      String dependencies,
      List<FrequentCombination> frequentValues) {}

  /** A combination of values and the fraction of rows holding it. */
  public record FrequentCombination(List<String> values, double frequency) {}

  /**
   * One column's {@code pg_stats} row; null fields: the statistic is absent (no histogram when
   * every value is frequent, no correlation for a type without an order).
   *
   * @param nDistinct {@code n_distinct} as stored: positive a count, negative minus a fraction of
   *     the rows (-1: every non-null value distinct)
   * @param distinct the distinct count resolved against the row count
   * @param width {@code avg_width}, bytes
   * @param frequentValues the most common values, most frequent first
   * @param histogram bounds splitting the other values into groups of equal size
   * @param frequentElements of an array column: the most common elements
   */
  @JsonInclude(JsonInclude.Include.NON_NULL)
  public record ColumnStats(
      String type,
      double nullFraction,
      double nDistinct,
      long distinct,
      int width,
      Double correlation,
      List<Frequent> frequentValues,
      List<String> histogram,
      List<Frequent> frequentElements) {}

  /** A value and the fraction of all rows (of array elements: of non-null rows) holding it. */
  public record Frequent(String value, double frequency) {}

  private static final YAMLMapper YAML =
      YAMLMapper.builder()
          .disable(YAMLGenerator.Feature.WRITE_DOC_START_MARKER)
          .enable(YAMLGenerator.Feature.MINIMIZE_QUOTES)
          .enable(YAMLGenerator.Feature.ALWAYS_QUOTE_NUMBERS_AS_STRINGS)
          .build();

  /** Writes the profile as YAML, after a comment saying what it holds. */
  public void write(Path file) {
    String header =
        "# spate profile: planner statistics (pg_class.reltuples, pg_stats, pg_stats_ext);"
            + " no row was read.\n"
            + (includesValues
                ? "# Holds the source's own frequent values and histogram bounds of every column.\n"
                : "# Text values are synthetic (same length and frequency); numbers, dates and times"
                    + " are the source's.\n");
    try {
      Files.writeString(file, header + YAML.writeValueAsString(this));
    } catch (IOException e) {
      throw new SpateException("cannot write the profile to " + file + ": " + e.getMessage(), e);
    }
  }

  /** Reads a profile {@link #write} wrote. */
  public static Profile read(Path file) {
    try {
      return YAML.readValue(file.toFile(), Profile.class);
    } catch (IOException e) {
      throw new SpateException("cannot read the profile " + file + ": " + e.getMessage(), e);
    }
  }
}
