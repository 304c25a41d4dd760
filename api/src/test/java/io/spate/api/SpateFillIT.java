package io.spate.api;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNotEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.spate.protocol.error.SpateException;
import io.spate.worker.testing.Fixtures;
import io.spate.worker.testing.TestDatabase;
import java.nio.file.Path;
import java.util.Map;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.postgresql.ds.PGSimpleDataSource;

/** The builder on a real PostgreSQL, with the JUnit example's shop schema and config. */
class SpateFillIT {

  static final Path EXAMPLE = Fixtures.root().resolve("examples/junit-example/src/test/resources");

  private TestDatabase db;

  @BeforeEach
  void createShop() {
    db = TestDatabase.create();
    db.executeFile(EXAMPLE.resolve("shop.sql"));
  }

  @AfterEach
  void drop() {
    db.close();
  }

  private Spate shop() {
    return Spate.on(db.jdbcUrl(), db.user(), db.password()).config(EXAMPLE.resolve("fill.yaml"));
  }

  private long count(String sql) {
    return Long.parseLong(db.queryString(sql));
  }

  @Test
  void fillReportsEveryTableAsTheDatabaseHoldsIt() {
    Plan plan = shop().plan();
    assertEquals(0, count("SELECT count(*) FROM orders"), "plan() wrote nothing");

    FillResult result = shop().threads(2).fill();

    assertEquals(plan.fingerprint(), result.fingerprint());
    assertEquals(7, result.seed());
    assertEquals(
        Map.of(
            "customer", 100L, "product", 50L, "orders", 300L, "order_line", 600L, "payment", 200L),
        plan.rows());
    for (FillResult.TableResult t : result.tables()) {
      assertEquals(t.rows(), count("SELECT count(*) FROM " + t.table()), t.table());
      assertEquals(t.rows(), t.written(), t.table());
    }
    assertEquals(1250, result.totalRows());
    assertFalse(result.alreadyFilled());
    assertEquals(
        0,
        count(
            "SELECT count(*) FROM order_line l LEFT JOIN orders o ON o.id = l.order_id"
                + " WHERE o.id IS NULL"));
  }

  @Test
  void aDataSourceAndBuilderSettingsFillAsTheUrlAndYamlDo() {
    PGSimpleDataSource ds = new PGSimpleDataSource();
    ds.setUrl(db.jdbcUrl());
    ds.setUser(db.user());
    ds.setPassword(db.password());

    FillResult result =
        Spate.on(ds)
            .seed(7)
            .table("customer", t -> t.rows(100))
            .table("product", t -> t.rows(50))
            .table(
                "orders",
                t ->
                    t.per("customer", "3")
                        .column(
                            "status",
                            c ->
                                c.values("new", "paid", "shipped", "cancelled")
                                    .weights(1, 6, 2, 1)))
            .table("order_line", t -> t.per("orders", "2"))
            .table("payment", t -> t.rows(200))
            .fill();

    assertEquals(shop().plan().fingerprint(), result.fingerprint(), "one plan from either form");
    assertEquals(300, count("SELECT count(*) FROM orders"));
  }

  @Test
  void reuseSkipsTheFillTheLedgerHoldsAndRefillsAnother() {
    FillResult first = shop().reuse().fill();
    String checksum = db.queryString("SELECT sum(hashtext(o::text)) FROM orders o");

    FillResult again = shop().reuse().fill();
    assertTrue(again.alreadyFilled(), "the ledger holds this fill: " + again);
    assertEquals(first.fingerprint(), again.fingerprint());
    assertEquals(0, again.tables().stream().mapToLong(FillResult.TableResult::written).sum());
    assertEquals(checksum, db.queryString("SELECT sum(hashtext(o::text)) FROM orders o"));

    FillResult other = shop().seed(8).reuse().fill();
    assertFalse(other.alreadyFilled());
    assertNotEquals(first.fingerprint(), other.fingerprint());
    assertEquals(300, count("SELECT count(*) FROM orders"));
    assertNotEquals(checksum, db.queryString("SELECT sum(hashtext(o::text)) FROM orders o"));
  }

  @Test
  void reuseRefillsTablesChangedSinceTheirFill() {
    shop().reuse().fill();
    db.execute("DELETE FROM payment WHERE id IN (SELECT id FROM payment LIMIT 5)");

    FillResult again = shop().reuse().fill();

    assertFalse(again.alreadyFilled());
    assertEquals(200, count("SELECT count(*) FROM payment"));
  }

  @Test
  void tablesThatHoldRowsStopAFillWithTheCliMessage() {
    shop().fill();
    SpateException e = assertThrows(SpateException.class, () -> shop().seed(8).fill());
    assertTrue(e.getMessage().contains("already hold rows"), e.getMessage());

    assertEquals(1250, shop().seed(8).truncate().fill().totalRows());
  }

  @Test
  void aSchemaWithNoTablesIsTheCliError() {
    SpateException e =
        assertThrows(SpateException.class, () -> shop().schemas("no_such_schema").plan());
    assertEquals("no tables to fill: the chosen schemas hold no tables", e.getMessage());
  }
}
