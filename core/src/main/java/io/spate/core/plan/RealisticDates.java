package io.spate.core.plan;

import io.spate.protocol.plan.ValueSpec;
import io.spate.protocol.schema.Column;
import io.spate.protocol.schema.SqlType;
import java.util.List;
import java.util.Set;

/**
 * Date and timestamp columns whose name says they hold a birth ({@code birth_date}, {@code
 * date_of_birth}, {@code dob}, {@code birthday}) get the birth dates of adults of today, 1940 to
 * 2007, in place of the default ten years before 2026 ({@code DefaultTimes}), which would make
 * every person a child. Invariant: a column the CHECKs or the config bound keeps its spec.
 */
final class RealisticDates {

  private static final Set<String> BIRTH_WORDS = Set.of("birth", "birthdate", "birthday", "dob");

  private RealisticDates() {}

  /** The spec of a date or timestamp column the config and CHECKs leave open. */
  static ValueSpec apply(Column c, ValueSpec spec) {
    List<String> words = Words.of(c.name());
    boolean birth = words.stream().anyMatch(BIRTH_WORDS::contains);
    boolean dated =
        c.type() == SqlType.DATE
            || c.type() == SqlType.TIMESTAMP
            || c.type() == SqlType.TIMESTAMPTZ;
    if (!birth || !dated || spec.min() != null || spec.max() != null) {
      return spec;
    }
    String time =
        c.type() == SqlType.DATE
            ? ""
            : c.type() == SqlType.TIMESTAMP ? " 00:00:00" : " 00:00:00+00";
    return new ValueSpec(
        List.of(),
        List.of(),
        "1940-01-01" + time,
        "2008-01-01" + time,
        false,
        true,
        spec.minLength(),
        spec.maxLength(),
        spec.distribution(),
        spec.nullRatio());
  }
}
