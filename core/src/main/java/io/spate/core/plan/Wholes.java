package io.spate.core.plan;

import io.spate.core.config.TableConfig;
import io.spate.protocol.plan.ColumnPlan;
import io.spate.protocol.plan.ValueSpec;
import io.spate.protocol.schema.Check;
import io.spate.protocol.schema.Column;
import io.spate.protocol.schema.Table;
import java.util.List;
import java.util.Map;
import java.util.Set;

/**
 * A part never exceeds its whole. The names say which is which:
 *
 * <ul>
 *   <li>words in front name a part: {@code alarm_frames} of {@code frames}, {@code used_bytes} of
 *       {@code bytes};
 *   <li>the total of a thing is its whole: {@code free_mem} of {@code total_mem};
 *   <li>a word after that says "all of it" names the whole: {@code topic_replies} of {@code
 *       topic_replies_real};
 *   <li>"per" a thing names a share: {@code max_connections_per_user} of {@code max_connections};
 *   <li>a later stage of a funnel is a part of an earlier one: {@code banners_clicked} of {@code
 *       banners_shown}, {@code opened} of {@code sent}.
 * </ul>
 *
 * Both counts, sizes or amounts the planner draws (or one of them, the other a number no word
 * explains), the whole is derived from the part ({@link ColumnPlan.Derived}: the part plus
 * 0..{@value #SPREAD} of its unit), so each row's part is at most its whole. A part no word
 * explains takes the lower half of its whole's range, so the whole stays inside its own.
 *
 * <p>Invariant: only columns that draw values the config and CHECKs leave open, of one integral
 * type, and neither derived already.
 */
final class Wholes {

  /** How far a whole may exceed its part, in the type's unit. */
  static final long SPREAD = 500;

  /** First words that name a whole: the total or the maximum of a thing. */
  private static final Set<String> TOTALS = Set.of("total", "max", "all");

  /** Last words that name all of a thing, beside a column that counts only some of it. */
  private static final Set<String> ALL_OF = Set.of("real", "total", "all", "overall");

  /** Stages of a funnel, earlier then later: the later counts a part of the earlier. */
  private static final List<List<String>> STAGES =
      List.of(
          List.of("shown", "clicked"),
          List.of("displayed", "clicked"),
          List.of("viewed", "clicked"),
          List.of("views", "clicks"),
          List.of("impressions", "clicks"),
          List.of("sent", "delivered"),
          List.of("sent", "opened"),
          List.of("sent", "read"),
          List.of("delivered", "opened"),
          List.of("opened", "clicked"),
          List.of("attempts", "successes"),
          List.of("attempts", "failures"));

  private Wholes() {}

  static void apply(
      Table t,
      Map<String, ColumnPlan> plans,
      Map<String, Meanings.Inferred> meanings,
      TableConfig tc) {
    for (Column whole : t.columns()) {
      List<String> wholeWords = Words.of(whole.name());
      for (Column part : t.columns()) {
        List<String> partWords = Words.of(part.name());
        Meaning wholeMeaning = meanings.get(whole.name()).meaning();
        Meaning partMeaning = meanings.get(part.name()).meaning();
        boolean stage = part != whole && stage(partWords, wholeWords);
        boolean named = part != whole && (stage || partOf(partWords, wholeWords));
        boolean agree =
            wholeMeaning == partMeaning
                ? measured(wholeMeaning) || (stage && wholeMeaning == Meaning.UNKNOWN)
                : (measured(wholeMeaning) && partMeaning == Meaning.UNKNOWN)
                    || (measured(partMeaning) && wholeMeaning == Meaning.UNKNOWN);
        if (named
            && agree
            && whole.type() == part.type()
            && whole.type().isIntegral()
            && DerivedColumns.open(t, plans, tc, whole)
            && plans.get(part.name()) instanceof ColumnPlan.Values) {
          ValueSpec wholeSpec = ((ColumnPlan.Values) plans.get(whole.name())).spec();
          ValueSpec partSpec = ((ColumnPlan.Values) plans.get(part.name())).spec();
          long room = typeMax(t, whole);
          boolean share = part != whole && per(partWords, wholeWords);
          if ((partMeaning == Meaning.UNKNOWN || share) && measured(wholeMeaning)) {
            partSpec = lowerHalf(wholeSpec);
            if (partSpec == null) {
              continue;
            }
            room = Long.parseLong(wholeSpec.max().trim());
            plans.put(part.name(), new ColumnPlan.Values(part.name(), partSpec));
          }
          long spread = spread(room, partSpec);
          if (spread > 0) {
            plans.put(
                whole.name(),
                new ColumnPlan.Derived(
                    whole.name(), part.name(), 0, spread, wholeSpec.nullRatio(), null, 0));
          }
        }
      }
    }
  }

  /** Whether the first name is a part of the second by its words (not a funnel's stage). */
  private static boolean partOf(List<String> part, List<String> whole) {
    int p = part.size();
    int w = whole.size();
    if (w == 0) {
      return false;
    }
    // alarm_frames of frames
    boolean inFront = p > w && part.subList(p - w, p).equals(whole);
    // free_mem of total_mem
    boolean ofTotal =
        w > 1
            && p == w
            && TOTALS.contains(whole.getFirst())
            && !TOTALS.contains(part.getFirst())
            && part.subList(1, p).equals(whole.subList(1, w));
    // topic_replies of topic_replies_real
    boolean allOf =
        w == p + 1 && ALL_OF.contains(whole.getLast()) && whole.subList(0, p).equals(part);
    return inFront || ofTotal || allOf || per(part, whole);
  }

  /**
   * Whether the first name is a share of the second per something: {@code
   * max_connections_per_user}.
   */
  private static boolean per(List<String> part, List<String> whole) {
    int w = whole.size();
    return w > 0
        && part.size() >= w + 2
        && part.get(w).equals("per")
        && part.subList(0, w).equals(whole);
  }

  /** Whether the first name counts a later stage of the funnel the second counts. */
  private static boolean stage(List<String> part, List<String> whole) {
    if (part.size() != whole.size()) {
      return false;
    }
    int differ = -1;
    for (int i = 0; i < part.size(); i++) {
      if (!part.get(i).equals(whole.get(i))) {
        if (differ >= 0) {
          return false;
        }
        differ = i;
      }
    }
    return differ >= 0 && STAGES.contains(List.of(whole.get(differ), part.get(differ)));
  }

  /** The whole's own range, its top halved; null when it is not a range of whole numbers. */
  private static ValueSpec lowerHalf(ValueSpec whole) {
    if (!whole.values().isEmpty() || whole.min() == null || whole.max() == null) {
      return null;
    }
    try {
      long min = Long.parseLong(whole.min().trim());
      long max = Long.parseLong(whole.max().trim());
      long half = Math.max(min, max / 2);
      return new ValueSpec(
          whole.values(),
          whole.weights(),
          whole.min(),
          Long.toString(half),
          whole.minExclusive(),
          false,
          whole.minLength(),
          whole.maxLength(),
          whole.distribution(),
          whole.nullRatio(),
          whole.element(),
          whole.group(),
          whole.slotSuffix(),
          whole.binary());
    } catch (NumberFormatException e) {
      return null;
    }
  }

  /**
   * How far the whole may exceed its part and stay inside {@code room} (its type's or its own
   * range's top): up to {@link #SPREAD}, less what the part's largest value leaves; 0 when the
   * part's range is unknown.
   */
  private static long spread(long room, ValueSpec part) {
    try {
      if (part.max() == null) {
        return 0;
      }
      return Math.min(SPREAD, room - Long.parseLong(part.max().trim()));
    } catch (NumberFormatException e) {
      return 0;
    }
  }

  /** The largest value the column's type holds: its own range's bound, else the type's. */
  private static long typeMax(Table t, Column c) {
    long max = RealisticNumbers.limit(c).longValue();
    for (Check check : t.checks()) {
      if (check instanceof Check.CompareLiteral cl
          && check.typeBound()
          && cl.column().equals(c.name())
          && cl.op().startsWith("<")) {
        try {
          max = Math.min(max, Long.parseLong(cl.literal().trim()) - (cl.op().equals("<") ? 1 : 0));
        } catch (NumberFormatException e) {
          return 0;
        }
      }
    }
    return max;
  }

  private static boolean measured(Meaning m) {
    return m == Meaning.COUNT || m == Meaning.SIZE || m == Meaning.MONEY;
  }
}
