package io.spate.core.introspect;

import static org.junit.jupiter.api.Assertions.assertEquals;

import io.spate.core.introspect.TriggerTargets.Insert;
import io.spate.core.introspect.TriggerTargets.Target;
import io.spate.protocol.schema.Column;
import io.spate.protocol.schema.SqlType;
import io.spate.protocol.schema.TriggerWrite;
import io.spate.protocol.schema.TriggerWrite.Copy;
import java.util.List;
import java.util.Map;
import java.util.function.UnaryOperator;
import org.junit.jupiter.api.Test;

/** The tables an insert trigger's body writes into. */
class TriggerTargetsTest {

  @Test
  void insertsAndReplacesOfBothDialectsAreRead() {
    assertEquals(
        List.of(new Target(null, "film_text"), new Target("app", "film log")),
        TriggerTargets.of(
            """
            BEGIN
              INSERT INTO film_text (film_id, title) VALUES (new.film_id, new.title);
              INSERT LOW_PRIORITY IGNORE `app`.`film log` SET film_id = new.film_id;
            END"""));
    assertEquals(
        List.of(new Target("audit", "log"), new Target(null, "Order \"Lines\"")),
        TriggerTargets.of(
            """
            BEGIN
              insert into audit . log (order_id) VALUES (NEW.id);
              INSERT INTO "Order ""Lines\"\"" SELECT NEW.*;
              RETURN NEW;
            END"""));
    assertEquals(
        List.of(new Target(null, "totals")),
        TriggerTargets.of("REPLACE INTO totals SELECT new.id, REPLACE(new.name, 'a', 'b')"));
  }

  @Test
  void updatesDeletesAndFunctionsNamedLikeStatementsAreNotWrites() {
    assertEquals(
        List.of(),
        TriggerTargets.of(
            """
            BEGIN
              SET NEW.slug = REPLACE (NEW.title, ' ', '-');
              UPDATE film_text SET title = NEW.title WHERE film_id = NEW.film_id;
              DELETE FROM film_text WHERE film_id = OLD.film_id;
            END"""));
  }

  @Test
  void aNameResolvesInTheTriggersSchemaThenPublicAndNeverToTheTriggersOwnTable() {
    TableParts orders = new TableParts("public", "orders");
    TableParts log = new TableParts("public", "log");
    TableParts auditLog = new TableParts("audit", "log");
    TableParts shop = new TableParts("shop", "orders");
    Map<String, TableParts> tables = TriggerTargets.byId(List.of(orders, log, auditLog, shop));

    TriggerTargets.record(
        "keep",
        "shop",
        "orders",
        "INSERT INTO log VALUES (1); INSERT INTO orders VALUES (2); INSERT INTO ORDERS VALUES (3);"
            + " INSERT INTO audit.log VALUES (4); INSERT INTO nowhere VALUES (5)",
        true,
        tables,
        UnaryOperator.identity());

    TriggerWrite write = new TriggerWrite("keep", "shop.orders");
    assertEquals(List.of(write), log.writtenBy, "log: not in shop, so public's");
    assertEquals(List.of(write), auditLog.writtenBy, "named once, recorded once");
    assertEquals(List.of(), shop.writtenBy, "its own table, in any case");
    assertEquals(
        List.of(), orders.writtenBy, "an unqualified name is the trigger's schema's first");
  }

  @Test
  void anUnconditionalInsertCopiesTheSourceRowsColumnsItListsAndTakesFromNew() {
    assertEquals(
        List.of(new Insert(new Target(null, "profiles"), List.of(new Copy("user_id", "id")))),
        TriggerTargets.inserts(
            """
            BEGIN
              INSERT INTO profiles (user_id, created_at) VALUES (NEW.id, now());
              RETURN NEW;
            END"""));
    assertEquals(
        List.of(
            new Insert(
                new Target("app", "profiles"),
                List.of(new Copy("user_id", "id"), new Copy("Name", "name")))),
        TriggerTargets.inserts(
            "INSERT INTO `app`.`profiles` (`user_id`, note, `Name`)"
                + " VALUES (new.`id`, CONCAT('a, (b', NEW.name), NEW . name)"));
  }

  @Test
  void anInsertAConditionMayGuardOrAStatementUndoCopiesNothing() {
    for (String body :
        List.of(
            "BEGIN IF NEW.active THEN INSERT INTO profiles (user_id) VALUES (NEW.id); END IF;"
                + " RETURN NEW; END",
            "BEGIN INSERT INTO profiles (user_id, kind) VALUES (NEW.id,"
                + " CASE WHEN NEW.admin THEN 1 ELSE 0 END); RETURN NEW; END",
            "BEGIN IF TG_OP = 'UPDATE' THEN RETURN NEW; END IF;"
                + " INSERT INTO profiles (user_id) VALUES (NEW.id); RETURN NEW; END",
            "BEGIN RETURN NEW; INSERT INTO profiles (user_id) VALUES (NEW.id); END",
            "BEGIN INSERT INTO profiles (user_id) VALUES (NEW.id);"
                + " EXCEPTION WHEN unique_violation THEN NULL; END",
            "INSERT IGNORE INTO profiles (user_id) VALUES (NEW.id)",
            "INSERT INTO profiles (user_id) VALUES (NEW.id), (NEW.id + 1000000)",
            "INSERT INTO profiles (user_id) VALUES (NEW.id) ON CONFLICT DO NOTHING",
            "INSERT INTO profiles VALUES (NEW.id)",
            "INSERT INTO profiles (user_id) SELECT NEW.id WHERE NEW.active",
            "BEGIN INSERT INTO profiles (user_id) VALUES (NEW.id);"
                + " DELETE FROM profiles WHERE user_id = NEW.id; END",
            "BEGIN INSERT INTO profiles (user_id) VALUES (NEW.id); EXECUTE 'SELECT 1'; END")) {
      assertEquals(
          List.of(new Insert(new Target(null, "profiles"), List.of())),
          TriggerTargets.inserts(body),
          body);
    }
  }

  @Test
  void aWriteCopiesOnlyWhenTheTriggerFiresForEveryRowAndInsertsOnceIntoTheTable() {
    String copying = "INSERT INTO profiles (User_Id, created) VALUES (NEW.Id, now())";
    assertEquals(
        List.of(new TriggerWrite("users_profile", "users", List.of(new Copy("user_id", "id")))),
        recorded(copying, true),
        "names folded to the columns PostgreSQL made of them");
    assertEquals(
        List.of(new TriggerWrite("users_profile", "users")),
        recorded(copying, false),
        "a statement-level trigger, or one with a WHEN condition");
    assertEquals(
        List.of(new TriggerWrite("users_profile", "users")),
        recorded(copying + "; " + copying, true),
        "two rows per user");
  }

  /** What the trigger users_profile on users with {@code body} records on profiles. */
  private static List<TriggerWrite> recorded(String body, boolean everyRow) {
    TableParts users = new TableParts("public", "users");
    users.columns.add(integer("id"));
    TableParts profiles = new TableParts("public", "profiles");
    profiles.columns.add(integer("user_id"));
    profiles.columns.add(integer("created"));
    TriggerTargets.record(
        "users_profile",
        "public",
        "users",
        body,
        everyRow,
        TriggerTargets.byId(List.of(users, profiles)),
        UnaryOperator.identity());
    return profiles.writtenBy;
  }

  private static Column integer(String name) {
    return new Column(name, SqlType.INTEGER, "integer", -1, -1, -1, false, false, false, null);
  }
}
