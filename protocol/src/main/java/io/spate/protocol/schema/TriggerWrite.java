package io.spate.protocol.schema;

import com.fasterxml.jackson.annotation.JsonInclude;
import java.util.List;

/**
 * A trigger of another table whose body inserts rows into this one: while that table loads, the
 * server writes here too.
 *
 * <p>Invariant: {@code copies} is not empty only when the trigger writes exactly one row here for
 * each row of {@code table}, unconditionally, and that row's column {@link Copy#column()} holds the
 * source row's {@link Copy#source()} ({@code INSERT INTO profiles (user_id, created) VALUES
 * (NEW.id, now())} copies {@code id} into {@code user_id}). A body the introspection cannot read
 * that far records no copies.
 *
 * @param trigger the trigger's name
 * @param table the {@link Table#id()} of the table it fires on
 * @param copies the columns of this table its one row per source row copies from the source row;
 *     left out of the JSON when empty
 */
public record TriggerWrite(
    String trigger, String table, @JsonInclude(JsonInclude.Include.NON_EMPTY) List<Copy> copies) {

  /** Column {@code column} of the written row holds column {@code source} of the source row. */
  public record Copy(String column, String source) {}

  public TriggerWrite {
    copies = copies == null ? List.of() : List.copyOf(copies);
  }

  /** A write whose rows are not known to copy the source row. */
  public TriggerWrite(String trigger, String table) {
    this(trigger, table, List.of());
  }

  /** The source column the written rows' {@code column} copies, or null when none does. */
  public String sourceOf(String column) {
    return copies.stream()
        .filter(c -> c.column().equals(column))
        .map(Copy::source)
        .findFirst()
        .orElse(null);
  }

  @Override
  public String toString() {
    return "trigger " + trigger + " on " + table;
  }
}
