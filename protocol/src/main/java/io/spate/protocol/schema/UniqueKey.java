package io.spate.protocol.schema;

import java.util.List;

/**
 * A primary key, a unique constraint or a unique index that backs no constraint, possibly over
 * several columns, in declaration order.
 *
 * <p>A unique index may be partial ({@code WHERE deleted_at IS NULL}): it is read as unconditional,
 * which is stricter and so still valid. A key part {@code lower(col)} or {@code upper(col)} counts
 * as {@code col}. Any other expression is kept in {@code expressions}, and {@code columns} then
 * holds only the plain parts: uniqueness on them alone is stricter than the index, so still valid,
 * and when there are none the planner reports the index.
 *
 * @param definition {@code pg_get_indexdef} of a unique index that backs no constraint, for
 *     messages; null for a constraint
 * @param expressions the key parts Spate cannot read as a column, as the database prints them;
 *     empty when every part is understood
 */
public record UniqueKey(
    String name,
    List<String> columns,
    boolean primary,
    String definition,
    List<String> expressions) {
  public UniqueKey {
    columns = List.copyOf(columns);
    // Absent in messages from older writers: a constraint.
    expressions = expressions == null ? List.of() : List.copyOf(expressions);
  }

  /** A primary key or unique constraint. */
  public UniqueKey(String name, List<String> columns, boolean primary) {
    this(name, columns, primary, null, List.of());
  }
}
