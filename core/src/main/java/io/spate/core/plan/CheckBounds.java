package io.spate.core.plan;

import io.spate.protocol.error.Problems;
import io.spate.protocol.plan.Distribution;
import io.spate.protocol.schema.Check;
import io.spate.protocol.schema.Column;
import io.spate.protocol.schema.SqlType;
import io.spate.protocol.schema.Table;
import java.util.ArrayList;
import java.util.List;

/**
 * What the CHECKs Spate understands allow one value: those of the table on the column, then those
 * of its domain on {@code VALUE}, each narrowing what the ones before left (a later list or bound
 * replaces an earlier one; lists and equalities intersect, as length bounds do; a value {@code <>}
 * excludes is dropped from the list, or from an enum's labels). The first step of {@link
 * ValueSpecs}.
 */
final class CheckBounds {

  private List<String> values = List.of();
  private final List<String> listSources = new ArrayList<>();
  private final List<String> excluded = new ArrayList<>();
  private String min;
  private String max;
  private boolean minExclusive;
  private boolean maxExclusive;
  private String source = "a CHECK";

  /** Length bounds from CHECKs on {@code length(column)} and the like; null source when none. */
  private int minLength;

  private int maxLength = Integer.MAX_VALUE;
  private final List<Integer> excludedLengths = new ArrayList<>();
  private String lengthSource;

  private CheckBounds() {}

  /**
   * The draft of a column's value rule as its CHECKs leave it: their lists, bounds and lengths
   * (within {@code defaultLength}, the type's), uniform, with the given NULL ratio.
   */
  static ValueSpecs.Draft draft(
      String where,
      Column c,
      List<Check> tableChecks,
      int[] defaultLength,
      double nullRatio,
      Problems problems) {
    CheckBounds bounds = new CheckBounds();
    tableChecks.forEach(check -> bounds.narrow(check, c.name()));
    c.domainChecks().forEach(check -> bounds.narrow(check, Column.DOMAIN_VALUE));
    int[] length =
        bounds.lengthSource == null
            ? defaultLength
            : bounds.checkedLength(where, c, defaultLength, problems);
    return new ValueSpecs.Draft(
        bounds.allowed(where, c, problems),
        List.of(),
        bounds.min,
        bounds.max,
        bounds.minExclusive,
        bounds.maxExclusive,
        bounds.source,
        length[0],
        length[1],
        Distribution.UNIFORM,
        nullRatio);
  }

  /**
   * The values the CHECKs of the table and of the column's domain list for {@code c} (lists and
   * equalities, intersected, less the values {@code <>} excludes); empty when none lists any.
   */
  static List<String> listed(Table t, Column c) {
    CheckBounds bounds = new CheckBounds();
    t.checks().forEach(check -> bounds.narrow(check, c.name()));
    c.domainChecks().forEach(check -> bounds.narrow(check, Column.DOMAIN_VALUE));
    return bounds.values.stream().filter(v -> !bounds.excluded.contains(v)).toList();
  }

  /** Whether a CHECK of the table or of the column's domain bounds the column's length. */
  static boolean lengthChecked(Table t, Column c) {
    return t.checks().stream()
            .anyMatch(check -> check instanceof Check.Length len && len.column().equals(c.name()))
        || c.domainChecks().stream().anyMatch(check -> check instanceof Check.Length);
  }

  /** Keeps of the listed values those {@code listed} holds too. */
  private void allow(List<String> listed, String check) {
    values = listSources.isEmpty() ? listed : values.stream().filter(listed::contains).toList();
    listSources.add("CHECK " + check + " allows " + listed);
  }

  /** Narrows by one check if it is on {@code column}. */
  private void narrow(Check check, String column) {
    switch (check) {
      case Check.InList in when in.column().equals(column) -> allow(in.values(), in.name());
      case Check.CompareLiteral cmp when cmp.column().equals(column) -> {
        switch (cmp.op()) {
          case "=" -> allow(List.of(cmp.literal()), cmp.name());
          case ">", ">=" -> {
            min = cmp.literal();
            minExclusive = cmp.op().equals(">");
            source = "CHECK " + cmp.name();
          }
          case "<", "<=" -> {
            max = cmp.literal();
            maxExclusive = cmp.op().equals("<");
            source = "CHECK " + cmp.name();
          }
          default -> excluded.add(cmp.literal()); // <>
        }
      }
      case Check.Length len when len.column().equals(column) -> {
        int n = Integer.parseInt(len.literal());
        switch (len.op()) {
          case "=" -> {
            minLength = Math.max(minLength, n);
            maxLength = Math.min(maxLength, n);
          }
          case ">" -> minLength = Math.max(minLength, n + 1);
          case ">=" -> minLength = Math.max(minLength, n);
          case "<" -> maxLength = Math.min(maxLength, n - 1);
          case "<=" -> maxLength = Math.min(maxLength, n);
          default -> excludedLengths.add(n);
        }
        String text =
            "CHECK "
                + len.name()
                + " ("
                + len.function()
                + "("
                + len.column()
                + ") "
                + len.op()
                + " "
                + len.literal()
                + ")";
        lengthSource = lengthSource == null ? text : lengthSource + " and " + text;
      }
      default -> {}
    }
  }

  /**
   * The listed values (an enum's labels when a value is excluded from them) but the excluded ones.
   * A value drawn from a range or as text may still equal an excluded one: that is unlikely, and
   * the database reports it naming the CHECK.
   */
  private List<String> allowed(String where, Column c, Problems problems) {
    if (!listSources.isEmpty() && values.isEmpty()) {
      problems.add(
          where
              + ": no value satisfies every CHECK on it ("
              + String.join(", ", listSources)
              + "); a CHECK that ties a value to other columns is read by its first branch that"
              + " Spate understands; size the table `rows: 0` in the config");
      return values;
    }
    if (excluded.isEmpty()) {
      return values;
    }
    List<String> base = values.isEmpty() && c.type() == SqlType.ENUM ? c.enumLabels() : values;
    List<String> allowed = base.stream().filter(v -> !excluded.contains(v)).toList();
    if (!base.isEmpty() && allowed.isEmpty()) {
      problems.add(where + ": its CHECKs exclude every value of " + base);
    }
    return allowed;
  }

  /**
   * The lengths the CHECKs on {@code length(col)} allow, within the declared length: a bound the
   * CHECKs give replaces the default's, the other end stays the default's where it can. Text counts
   * characters, bit strings bits ({@code length} of a bit string) and bytea bytes; {@code
   * octet_length} is treated as characters, which it equals for the ASCII text Spate generates.
   */
  private int[] checkedLength(String where, Column c, int[] defaults, Problems problems) {
    if (!c.type().isText()
        && c.type() != SqlType.BIT
        && c.type() != SqlType.VARBIT
        && c.type() != SqlType.BYTEA) {
      problems.add(
          where
              + ": "
              + lengthSource
              + " bounds the length of its "
              + c.typeName()
              + " values, which Spate keeps only for text, bit strings and bytea; give it values in"
              + " the config, or skip it");
      return defaults;
    }
    int declared = c.length() > 0 ? c.length() : Integer.MAX_VALUE;
    int lo = minLength > 0 ? minLength : Math.min(defaults[0], maxLength);
    int hi =
        Math.min(declared, maxLength < Integer.MAX_VALUE ? maxLength : Math.max(defaults[1], lo));
    for (int excluded : excludedLengths.stream().sorted().toList()) {
      if (excluded == lo) {
        lo++;
      } else if (excluded == hi) {
        hi--;
      } else if (excluded > lo && excluded < hi) {
        lo = excluded + 1; // keep the longer side
      }
    }
    if (lo > hi || lo < 0) {
      problems.add(
          where
              + ": no length satisfies "
              + lengthSource
              + (declared < Integer.MAX_VALUE ? " within the declared " + c.typeName() : ""));
      return defaults;
    }
    return new int[] {lo, hi};
  }
}
