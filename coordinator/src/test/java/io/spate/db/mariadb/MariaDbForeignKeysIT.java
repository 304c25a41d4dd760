package io.spate.db.mariadb;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.spate.coordinator.testing.TestMariaDb;
import io.spate.core.config.FillConfig;
import io.spate.core.local.LocalJob;
import io.spate.core.plan.FillSettings;
import io.spate.core.target.ForeignKeys;
import io.spate.engine.target.TargetDialect;
import io.spate.engine.target.TargetKind;
import io.spate.protocol.error.SpateException;
import io.spate.protocol.plan.FillPlan;
import java.sql.Connection;
import java.util.ArrayList;
import java.util.Collections;
import java.util.Comparator;
import java.util.List;
import java.util.Map;
import javax.sql.DataSource;
import org.junit.jupiter.api.Test;

/**
 * The anti-joins after a MariaDB fill (its loads run with {@code foreign_key_checks=0}): every
 * broken key is named with its orphans, in the plan's order, and a fill whose keys hold passes.
 */
class MariaDbForeignKeysIT {

  private static final String SCHEMA =
      "CREATE TABLE parent (id int PRIMARY KEY);"
          + " CREATE TABLE child_a (id int PRIMARY KEY, parent_id int,"
          + " CONSTRAINT child_a_parent_fkey FOREIGN KEY (parent_id) REFERENCES parent (id));"
          + " CREATE TABLE child_b (id int PRIMARY KEY, parent_id int,"
          + " CONSTRAINT child_b_parent_fkey FOREIGN KEY (parent_id) REFERENCES parent (id));"
          + " CREATE TABLE child_c (id int PRIMARY KEY, a_id int, parent_id int,"
          + " CONSTRAINT child_c_a_fkey FOREIGN KEY (a_id) REFERENCES parent (id),"
          + " CONSTRAINT child_c_parent_fkey FOREIGN KEY (parent_id) REFERENCES parent (id));"
          + " CREATE TABLE child_d (id int PRIMARY KEY, parent_id int,"
          + " CONSTRAINT child_d_parent_fkey FOREIGN KEY (parent_id) REFERENCES parent (id));";

  @Test
  void everyBrokenKeyIsNamedWithItsOrphansInThePlansOrder() throws Exception {
    try (TestMariaDb db = TestMariaDb.create()) {
      db.execute(SCHEMA);
      FillPlan plan;
      try (Connection c = db.connect()) {
        plan =
            LocalJob.plan(
                c,
                MariaDbSteps.INSTANCE.chosenSchemas(c, List.of()),
                FillSettings.of(FillConfig.EMPTY, null, null, null, Map.of()),
                note -> {});
      }
      db.execute(
          "SET SESSION foreign_key_checks = 0; INSERT INTO parent VALUES (1);"
              + " INSERT INTO child_a VALUES (1, 1), (2, 9);"
              + " INSERT INTO child_b VALUES (1, 1), (2, NULL);"
              + " INSERT INTO child_c VALUES (1, 1, 1), (2, 7, 1), (3, 8, 1);"
              + " INSERT INTO child_d VALUES (1, 5), (2, 6), (3, 6), (4, 1);");

      SpateException e = assertThrows(SpateException.class, () -> validate(db.dataSource(), plan));

      String message = e.getMessage();
      assertTrue(message.contains("but 3 foreign keys do not hold"), message);
      List<String> broken =
          List.of(
              "foreign key child_a_parent_fkey of child_a [parent_id] -> parent [id]: 1 rows",
              "foreign key child_c_a_fkey of child_c [a_id] -> parent [id]: 2 rows",
              "foreign key child_d_parent_fkey of child_d [parent_id] -> parent [id]: 3 rows");
      List<String> inPlanOrder =
          plan.tables().stream()
              .flatMap(t -> broken.stream().filter(b -> b.contains(" of " + t.name() + " ")))
              .toList();
      assertEquals(
          inPlanOrder,
          broken.stream()
              .filter(message::contains)
              .sorted(Comparator.comparingInt(message::indexOf))
              .toList(),
          message);

      db.execute(
          "SET SESSION foreign_key_checks = 0; DELETE FROM child_a WHERE id = 2;"
              + " DELETE FROM child_c WHERE id > 1; DELETE FROM child_d WHERE id < 4;");
      assertEquals(5, validate(db.dataSource(), plan), "five keys checked, and they hold");
    }
  }

  /**
   * Checks every key as the fills do, one anti-join each, here in the reverse of the plan's order
   * (a fill checks a key when its tables are full, in whatever order that is); returns how many.
   */
  private static int validate(DataSource dataSource, FillPlan plan) {
    TargetDialect dialect = TargetKind.of(dataSource).dialect();
    List<ForeignKeys.Key> keys = new ArrayList<>(ForeignKeys.keys(plan));
    Collections.reverse(keys);
    List<ForeignKeys.Checked> checked = new ArrayList<>();
    for (ForeignKeys.Key key : keys) {
      checked.add(
          new ForeignKeys.Checked(
              key, ForeignKeys.orphans(dataSource, key, dialect::tableName, dialect::quote)));
    }
    ForeignKeys.requireNone(plan, checked);
    return checked.size();
  }
}
