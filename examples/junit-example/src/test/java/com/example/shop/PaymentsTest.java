package com.example.shop;

import static org.junit.jupiter.api.Assertions.assertEquals;

import io.spate.api.FillResult;
import io.spate.junit.Fill;
import javax.sql.DataSource;
import org.junit.jupiter.api.Test;

/**
 * The same fill as {@link OrdersTest} of the same database: run after it, this class finds the fill
 * in the ledger and writes nothing ({@code fill.alreadyFilled()}).
 */
@Fill(config = "fill.yaml", seed = 7)
class PaymentsTest {

  static final DataSource db = ShopDatabase.dataSource();

  @Test
  void sharesTheFillOfOrdersTest(FillResult fill) {
    assertEquals(200, fill.rows("payment"));
    assertEquals(1250, fill.totalRows());
  }
}
