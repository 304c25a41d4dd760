package io.spate.core.plan;

import io.spate.protocol.error.Problems;
import io.spate.protocol.schema.Check;
import io.spate.protocol.schema.Column;
import io.spate.protocol.schema.Schema;
import io.spate.protocol.schema.Table;
import java.time.Duration;
import java.time.Instant;
import java.time.ZoneOffset;
import java.time.format.DateTimeFormatter;
import java.time.temporal.ChronoUnit;
import java.util.List;
import java.util.Optional;

/**
 * Pins the clock of the CHECKs that bound a column by it ({@code created_at <= now()}, {@code
 * booked_on <= CURRENT_DATE}, a domain's {@code VALUE > CURRENT_TIMESTAMP}): the first step of
 * {@link Planner}, which calls it once per plan with the instant it plans at. Every later stage,
 * and the plan itself, see a date or timestamp literal in place of the clock, so a plan (and the
 * bytes it makes) never depends on when it runs, only on when it was made.
 *
 * <p>The pinned bound lies {@link #MARGIN} inside the side the CHECK allows: the server's clock at
 * each insert is later than the planning instant and its date or wall clock may be a time zone away
 * from UTC, so an upper bound is pinned that much earlier and a lower bound that much later.
 */
final class CheckClock {

  /** More than any time zone's offset from UTC, plus a day for the fill to run. */
  static final Duration MARGIN = Duration.ofDays(2);

  private static final DateTimeFormatter TIMESTAMP =
      DateTimeFormatter.ofPattern("yyyy-MM-dd HH:mm:ss");

  private CheckClock() {}

  /** The schema with every clock in a CHECK pinned for a plan made at {@code now}. */
  static Schema pin(Schema schema, Instant now, Problems problems) {
    if (schema.tables().stream().noneMatch(CheckClock::hasClock)) {
      return schema;
    }
    return new Schema(schema.tables().stream().map(t -> pin(t, now, problems)).toList());
  }

  private static boolean hasClock(Table t) {
    return t.checks().stream().anyMatch(CheckClock::isClock)
        || t.columns().stream().anyMatch(CheckClock::hasClock);
  }

  private static boolean hasClock(Column c) {
    return c.domainChecks().stream().anyMatch(CheckClock::isClock)
        || (c.element() != null && hasClock(c.element()));
  }

  private static boolean isClock(Check check) {
    return check instanceof Check.CompareLiteral cmp && Check.CLOCKS.contains(cmp.literal());
  }

  private static Table pin(Table t, Instant now, Problems problems) {
    List<Check> checks =
        t.checks().stream()
            .map(
                check ->
                    check instanceof Check.CompareLiteral cmp && isClock(cmp)
                        ? pin(
                            t.id() + "." + cmp.column(), cmp, t.column(cmp.column()), now, problems)
                        : check)
            .toList();
    List<Column> columns =
        t.columns().stream().map(c -> pin(t.id() + "." + c.name(), c, now, problems)).toList();
    return new Table(
        t.schema(),
        t.name(),
        columns,
        t.primaryKey(),
        t.uniques(),
        t.foreignKeys(),
        checks,
        t.partitions(),
        t.plainIndexes(),
        t.writtenBy(),
        t.barriers());
  }

  /** A column with the clock pinned in its domain's CHECKs, and in its elements'. */
  private static Column pin(String where, Column c, Instant now, Problems problems) {
    if (!hasClock(c)) {
      return c;
    }
    List<Check> domainChecks =
        c.domainChecks().stream()
            .map(
                check ->
                    check instanceof Check.CompareLiteral cmp && isClock(cmp)
                        ? pin(where, cmp, Optional.of(c), now, problems)
                        : check)
            .toList();
    Column element =
        c.element() == null ? null : pin(where + " (elements)", c.element(), now, problems);
    return new Column(
        c.name(),
        c.type(),
        c.typeName(),
        c.length(),
        c.precision(),
        c.scale(),
        c.nullable(),
        c.generated(),
        c.identity(),
        c.defaultExpr(),
        c.typeOid(),
        element,
        c.enumLabels(),
        domainChecks);
  }

  private static Check pin(
      String where,
      Check.CompareLiteral cmp,
      Optional<Column> column,
      Instant now,
      Problems problems) {
    boolean upper = cmp.op().startsWith("<");
    Instant bound = (upper ? now.minus(MARGIN) : now.plus(MARGIN)).truncatedTo(ChronoUnit.SECONDS);
    var utc = bound.atOffset(ZoneOffset.UTC);
    String literal =
        switch (column.map(Column::type).orElse(null)) {
          case DATE -> utc.toLocalDate().toString();
          case TIMESTAMP -> TIMESTAMP.format(utc);
          case TIMESTAMPTZ -> TIMESTAMP.format(utc) + "+00";
          case null, default -> null;
        };
    if (literal == null) {
      problems.add(
          "CHECK "
              + cmp.name()
              + " bounds "
              + where
              + " by the clock ("
              + cmp.literal()
              + "), which Spate pins only on date and timestamp columns; give it values in the config, or skip it");
      return cmp;
    }
    return new Check.CompareLiteral(cmp.name(), cmp.column(), cmp.op(), literal);
  }
}
