package io.spate.core.introspect;

import io.spate.protocol.schema.Check;
import io.spate.protocol.schema.Column;
import io.spate.protocol.schema.ForeignKey;
import io.spate.protocol.schema.LoadBarrier;
import io.spate.protocol.schema.Partition;
import io.spate.protocol.schema.Table;
import io.spate.protocol.schema.TriggerWrite;
import io.spate.protocol.schema.UniqueKey;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Set;
import java.util.function.UnaryOperator;

/**
 * One table's parts while the rows of the catalog queries arrive, filled by one reader per catalog
 * area and then {@linkplain #build built} once.
 *
 * <p>Invariant: {@link #definitions} holds a key for every constraint added, so a constraint that
 * several partitions declare is added once; only {@link PgConstraints} reads and writes it.
 */
public final class TableParts {
  public final String schema;
  public final String name;
  public final List<Column> columns = new ArrayList<>();
  public UniqueKey primaryKey;
  public final List<UniqueKey> uniques = new ArrayList<>();
  public final List<ForeignKey> foreignKeys = new ArrayList<>();
  public final List<Check> checks = new ArrayList<>();
  public final Set<String> definitions = new HashSet<>();

  /** Columns a CHECK, as read, needs never NULL ({@code col IS NOT NULL}): built not nullable. */
  public final Set<String> notNull = new HashSet<>();

  public final List<Partition> partitions = new ArrayList<>();

  /** Its indexes that are not unique ({@link Table#plainIndexes()}). */
  public int plainIndexes;

  /** The triggers of other tables that insert into this one ({@link TriggerTargets}). */
  public final List<TriggerWrite> writtenBy = new ArrayList<>();

  /** The rules of its own a fill's rows would break at load ({@link Table#barriers()}). */
  public final List<LoadBarrier> barriers = new ArrayList<>();

  /** {@code pg_get_partkeydef}, or null when the table is not partitioned. */
  public String partitionKey;

  public TableParts(String schema, String name) {
    this.schema = schema;
    this.name = name;
  }

  /**
   * Draws {@code column}'s values no longer than {@code length} characters (bytes for a binary
   * column), as a key on its prefix needs; a shorter length stays.
   */
  public void capLength(String column, int length) {
    columns.replaceAll(
        c ->
            c.name().equals(column) && (c.length() < 0 || c.length() > length)
                ? c.with(c.nullable(), length)
                : c);
  }

  /** The CHECK constraints as {@link #addCheck} read them, for {@link CheckChoices}. */
  private final List<CheckChoices.Constraint> checkConstraints = new ArrayList<>();

  /**
   * Reads a CHECK constraint alone into {@link #checks} and {@link #notNull} (with the non-NULL
   * columns of a nullness rule, {@link NullRules}), keeping its branches for {@link #build}.
   *
   * @param mentioned the columns it mentions, for an unread CHECK
   * @param asTarget the check as the target means it (MySQL's {@code length} counts bytes)
   */
  public void addCheck(
      String name, String definition, List<String> mentioned, UnaryOperator<Check> asTarget) {
    CheckParser.Reading reading = CheckParser.parse(name, definition, mentioned);
    List<Check> read = reading.checks().stream().map(asTarget).toList();
    Set<String> readNotNull = new LinkedHashSet<>(reading.notNull());
    if (!read.isEmpty() && read.getFirst() instanceof Check.Unparsed u) {
      NullRules.NullRule rule = NullRules.read(u.text(), this::nullable);
      if (rule != null) {
        readNotNull.addAll(rule.notNull());
      }
    }
    checks.addAll(read);
    notNull.addAll(readNotNull);
    List<CheckParser.Branch> branches =
        CheckParser.branches(name, definition).stream()
            .map(
                b ->
                    new CheckParser.Branch(
                        b.checks().stream().map(asTarget).toList(), b.notNull(), b.nulls()))
            .toList();
    checkConstraints.add(
        new CheckChoices.Constraint(
            name, new CheckParser.Branch(read, readNotNull, Set.of()), branches));
  }

  /** Whether a column is declared nullable and outside the primary key. */
  private boolean mayBeNull(String column) {
    return (primaryKey == null || !primaryKey.columns().contains(column))
        && columns.stream().anyMatch(c -> c.name().equals(column) && c.nullable());
  }

  /** Whether a column may be NULL, as read so far. */
  public boolean nullable(String column) {
    return !notNull.contains(column)
        && columns.stream().anyMatch(c -> c.name().equals(column) && c.nullable());
  }

  /** The table; its CHECK constraints read together where their readings alone conflict. */
  public Table build() {
    CheckChoices.Choice joint = CheckChoices.choose(checkConstraints, this::mayBeNull);
    List<Check> builtChecks = checks;
    Set<String> builtNotNull = notNull;
    if (joint != null) {
      Set<Check> read = new HashSet<>();
      checkConstraints.forEach(c -> read.addAll(c.first().checks()));
      builtChecks = new ArrayList<>(checks.stream().filter(c -> !read.contains(c)).toList());
      builtChecks.addAll(joint.checks());
      builtNotNull = joint.notNull();
    }
    Set<String> nonNull = builtNotNull;
    List<Column> built =
        columns.stream()
            .map(c -> nonNull.contains(c.name()) ? c.with(false, c.length()) : c)
            .toList();
    return new Table(
        schema,
        name,
        built,
        primaryKey,
        uniques,
        foreignKeys,
        builtChecks,
        partitions,
        plainIndexes,
        writtenBy,
        barriers);
  }
}
