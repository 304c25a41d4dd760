package io.spate.protocol.schema;

/**
 * A rule of a table's, read from the catalog, that the rows a fill writes would break at load: the
 * planner refuses to give the table rows ({@code rows: 0} leaves it empty), so a fill is refused
 * before it writes anything rather than failing on this table after others were written.
 *
 * @param rule the rule as a message names it, e.g. {@code exclusion constraint "booking_excl"}
 * @param why why the load would fail, and what the database's side can change instead
 */
public record LoadBarrier(String rule, String why) {

  @Override
  public String toString() {
    return rule + ": " + why;
  }
}
