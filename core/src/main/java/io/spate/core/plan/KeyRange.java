package io.spate.core.plan;

import io.spate.engine.generate.KeyCells;
import io.spate.protocol.schema.Check;
import io.spate.protocol.schema.Column;
import io.spate.protocol.schema.SqlType;
import io.spate.protocol.schema.Table;
import java.math.BigDecimal;
import java.math.RoundingMode;
import java.util.ArrayList;
import java.util.List;

/**
 * The integers the CHECKs of the table (on the column) and of its domain (on {@code VALUE}) leave
 * an integer key column: {@code CHECK (id = 0)} on a one-row table, {@code CHECK (id >= 1000)}. A
 * key sequence starts at 1 when the range holds 1, else as near to 1 as the range allows, so the
 * keys of the tables without such a CHECK do not change. Invariant: {@code lo <= hi} unless no
 * integer satisfies the CHECKs; an open end is {@link Long#MIN_VALUE} or {@link Long#MAX_VALUE}.
 *
 * @param lo the smallest value allowed
 * @param hi the largest value allowed
 * @param checks the CHECKs that bound it, as SQL for messages ({@code only_one_row (id = 0)});
 *     empty when none does
 */
record KeyRange(long lo, long hi, List<String> checks) {

  private static final KeyRange OPEN = new KeyRange(Long.MIN_VALUE, Long.MAX_VALUE, List.of());

  /** The range of {@code c}, open unless it is a smallint, integer or bigint a CHECK bounds. */
  static KeyRange of(Table t, Column c) {
    if (c.type() != SqlType.SMALLINT && c.type() != SqlType.INTEGER && c.type() != SqlType.BIGINT) {
      return OPEN;
    }
    KeyRange range = OPEN;
    for (Check check : t.checks()) {
      range = range.narrow(check, c.name());
    }
    for (Check check : c.domainChecks()) {
      range = range.narrow(check, Column.DOMAIN_VALUE);
    }
    return range;
  }

  /**
   * How many distinct values key column {@code c} can hold: its CHECKs' range ({@link #of}) within
   * {@link #typeRoom}.
   */
  static long room(Table t, Column c) {
    return Math.min(of(t, c).capacity(), typeRoom(t, c));
  }

  /**
   * What a key sequence of {@code c} writes distinct: what its type holds ({@link
   * KeyCells#capacity}: 256 for an unsigned tinyint, an enum's labels), or the values its CHECKs
   * list for a text column ({@link #listed}).
   */
  static long typeRoom(Table t, Column c) {
    List<String> listed = listed(t, c);
    return listed.isEmpty() ? KeyCells.capacity(c) : Math.min(listed.size(), KeyCells.capacity(c));
  }

  /**
   * The values the CHECKs list for text column {@code c} ({@code CHECK (lock = 'X')}, {@code IN
   * ('a', 'b')}), which its key sequence writes in turn ({@link
   * io.spate.protocol.plan.KeyFormat#listed}); empty when none lists any, or it is no text.
   */
  static List<String> listed(Table t, Column c) {
    return c.type().isText() ? CheckBounds.listed(t, c) : List.of();
  }

  /** Whether a CHECK bounds the column. */
  boolean bounded() {
    return !checks.isEmpty();
  }

  /** How many values the range holds, at most {@link Long#MAX_VALUE}. */
  long capacity() {
    if (lo > hi) {
      return 0;
    }
    long size = hi - lo + 1; // wraps past Long.MAX_VALUE
    return size <= 0 ? Long.MAX_VALUE : size;
  }

  /** The first of {@code count} consecutive keys: 1 where they fit from there, else the nearest. */
  long first(long count) {
    long first = Math.max(1, lo);
    if (count > 0 && hi < Long.MAX_VALUE && first > hi - count + 1) {
      first = Math.max(lo, hi - count + 1);
    }
    return first;
  }

  private KeyRange narrow(Check check, String column) {
    if (!(check instanceof Check.CompareLiteral cmp) || !cmp.column().equals(column)) {
      return this;
    }
    BigDecimal value;
    try {
      value = new BigDecimal(cmp.literal());
    } catch (NumberFormatException e) {
      return this; // not a number: the value rules report it
    }
    long floor = saturated(value.setScale(0, RoundingMode.FLOOR));
    long ceiling = saturated(value.setScale(0, RoundingMode.CEILING));
    long newLo = lo;
    long newHi = hi;
    switch (cmp.op()) {
      case "=" -> {
        newLo = Math.max(lo, ceiling);
        newHi = Math.min(hi, floor);
      }
      case ">" -> newLo = Math.max(lo, floor == Long.MAX_VALUE ? floor : floor + 1);
      case ">=" -> newLo = Math.max(lo, ceiling);
      case "<" -> newHi = Math.min(hi, ceiling == Long.MIN_VALUE ? ceiling : ceiling - 1);
      case "<=" -> newHi = Math.min(hi, floor);
      default -> {
        return this; // <> excludes one value; the database reports the rare collision
      }
    }
    List<String> named = new ArrayList<>(checks);
    named.add(cmp.name() + " (" + cmp.column() + " " + cmp.op() + " " + cmp.literal() + ")");
    return new KeyRange(newLo, newHi, List.copyOf(named));
  }

  private static long saturated(BigDecimal integral) {
    if (integral.compareTo(BigDecimal.valueOf(Long.MAX_VALUE)) > 0) {
      return Long.MAX_VALUE;
    }
    if (integral.compareTo(BigDecimal.valueOf(Long.MIN_VALUE)) < 0) {
      return Long.MIN_VALUE;
    }
    return integral.longValueExact();
  }
}
