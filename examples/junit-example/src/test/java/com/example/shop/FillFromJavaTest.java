package com.example.shop;

import static org.junit.jupiter.api.Assertions.assertEquals;

import io.spate.api.FillResult;
import io.spate.api.Plan;
import io.spate.api.Spate;
import org.junit.jupiter.api.Test;

/** The Java API without the annotation: plan, then fill with settings of the builder's own. */
class FillFromJavaTest {

  @Test
  void planThenFill() {
    Spate spate =
        Spate.on(ShopDatabase.dataSource())
            .config("tables: {customer: {rows: 100}, product: {rows: 50}, payment: {rows: 200}}")
            .table("orders", t -> t.per("customer", "3"))
            .table("order_line", t -> t.per("orders", "2"))
            .table("orders", t -> t.column("status", c -> c.values("new", "paid").weights(1, 3)))
            .seed(11)
            .threads(2)
            .reuse(); // skip when the ledger says the tables hold this fill, else empty and fill

    Plan plan = spate.plan(); // writes nothing
    assertEquals(300, plan.rows().get("orders"));

    FillResult result = spate.fill();
    assertEquals(plan.fingerprint(), result.fingerprint());
    for (FillResult.TableResult table : result.tables()) {
      System.out.printf("%s: %d rows in %.3f s%n", table.table(), table.rows(), table.seconds());
    }
  }
}
