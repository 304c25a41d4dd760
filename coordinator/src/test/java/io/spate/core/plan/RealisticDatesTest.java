package io.spate.core.plan;

import static io.spate.core.plan.TpccSchema.column;
import static io.spate.core.plan.TpccSchema.integer;
import static io.spate.core.plan.TpccSchema.table;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertInstanceOf;
import static org.junit.jupiter.api.Assertions.assertNull;

import io.spate.core.config.FillConfig;
import io.spate.protocol.plan.ColumnPlan;
import io.spate.protocol.plan.FillPlan;
import io.spate.protocol.plan.ValueSpec;
import io.spate.protocol.schema.Check;
import io.spate.protocol.schema.Schema;
import io.spate.protocol.schema.SqlType;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;

/** Birth dates are adults', in the planned specs. */
class RealisticDatesTest {

  private static final FillPlan PLAN =
      Planner.plan(
          new Schema(
              List.of(
                  table(
                      "employees",
                      List.of(
                          integer("emp_no"),
                          column("birth_date", SqlType.DATE),
                          column("DateOfBirth", SqlType.TIMESTAMPTZ),
                          column("dob", SqlType.TIMESTAMP),
                          column("hire_date", SqlType.DATE),
                          column("birthday_checked", SqlType.DATE)),
                      List.of("emp_no"),
                      List.of(),
                      new Check.CompareLiteral("recent", "birthday_checked", ">=", "2000-01-01")))),
          FillSettings.of(FillConfig.EMPTY, null, null, null, Map.of()));

  private static ValueSpec spec(String column) {
    return assertInstanceOf(ColumnPlan.Values.class, PLAN.table("employees").column(column)).spec();
  }

  @Test
  void aBirthColumnDrawsTheBirthDatesOfAdults() {
    ColumnPlan.Derived birth =
        assertInstanceOf(ColumnPlan.Derived.class, PLAN.table("employees").column("birth_date"));
    assertEquals("hire_date", birth.base(), "born 18 to 65 years before being hired");
    assertEquals(-Ages.OLDEST * 365L, birth.minDelta());
    assertEquals(-Ages.YOUNGEST * 365L, birth.maxDelta());
    assertEquals("2008-01-01 00:00:00+00", spec("DateOfBirth").max(), "no time of its type");
    assertEquals("1940-01-01 00:00:00+00", spec("DateOfBirth").min());
    assertEquals("1940-01-01 00:00:00", spec("dob").min());
  }

  @Test
  void otherDatesAndABirthDateACheckBoundsKeepTheirSpec() {
    assertNull(spec("hire_date").min());
    assertEquals("2000-01-01", spec("birthday_checked").min());
    assertNull(spec("birthday_checked").max());
  }
}
