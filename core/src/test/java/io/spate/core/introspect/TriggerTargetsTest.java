package io.spate.core.introspect;

import static org.junit.jupiter.api.Assertions.assertEquals;

import io.spate.core.introspect.TriggerTargets.Target;
import io.spate.protocol.schema.TriggerWrite;
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
        tables,
        UnaryOperator.identity());

    TriggerWrite write = new TriggerWrite("keep", "shop.orders");
    assertEquals(List.of(write), log.writtenBy, "log: not in shop, so public's");
    assertEquals(List.of(write), auditLog.writtenBy, "named once, recorded once");
    assertEquals(List.of(), shop.writtenBy, "its own table, in any case");
    assertEquals(
        List.of(), orders.writtenBy, "an unqualified name is the trigger's schema's first");
  }
}
