package io.spate.junit;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.junit.platform.engine.discovery.DiscoverySelectors.selectClass;

import io.spate.api.FillResult;
import io.spate.worker.testing.TestDatabase;
import java.nio.file.Path;
import java.util.List;
import java.util.concurrent.CopyOnWriteArrayList;
import javax.sql.DataSource;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.condition.EnabledIf;
import org.junit.platform.launcher.core.LauncherDiscoveryRequestBuilder;
import org.junit.platform.launcher.core.LauncherFactory;
import org.junit.platform.launcher.listeners.SummaryGeneratingListener;
import org.junit.platform.launcher.listeners.TestExecutionSummary;
import org.postgresql.ds.PGSimpleDataSource;

/**
 * {@link Fill} on a real PostgreSQL. The annotated classes below are run by these tests, through
 * the JUnit Platform launcher, so that a test can see what several classes did; run alone, they are
 * disabled.
 */
class FillExtensionIT {

  private static volatile TestDatabase shop;
  private static final List<FillResult> results = new CopyOnWriteArrayList<>();

  @BeforeEach
  void createShop() throws Exception {
    shop = TestDatabase.create();
    shop.executeFile(Path.of(FillExtensionIT.class.getResource("/shop.sql").toURI()));
    results.clear();
  }

  @AfterEach
  void drop() {
    TestDatabase db = shop;
    shop = null;
    db.close();
  }

  static boolean launched() {
    return shop != null;
  }

  static DataSource shopDataSource() {
    PGSimpleDataSource ds = new PGSimpleDataSource();
    ds.setUrl(shop.jdbcUrl());
    ds.setUser(shop.user());
    ds.setPassword(shop.password());
    return ds;
  }

  static long count(String sql) {
    return Long.parseLong(shop.queryString(sql));
  }

  private static TestExecutionSummary run(Class<?>... classes) {
    var request = LauncherDiscoveryRequestBuilder.request();
    for (Class<?> c : classes) {
      request.selectors(selectClass(c));
    }
    SummaryGeneratingListener listener = new SummaryGeneratingListener();
    LauncherFactory.create().execute(request.build(), listener);
    return listener.getSummary();
  }

  private static String failures(TestExecutionSummary summary) {
    return summary.getFailures().stream()
        .map(f -> f.getTestIdentifier().getDisplayName() + ": " + f.getException())
        .toList()
        .toString();
  }

  @Test
  void aSecondClassWithTheSameFillFindsItInTheLedgerAndWritesNothing() {
    TestExecutionSummary summary = run(FirstShopTest.class, SecondShopTest.class);

    assertEquals(0, summary.getTotalFailureCount(), failures(summary));
    assertEquals(2, summary.getTestsSucceededCount());
    assertEquals(2, results.size());
    assertFalse(results.get(0).alreadyFilled(), "the first class fills: " + results.get(0));
    assertTrue(results.get(1).alreadyFilled(), "the second finds it: " + results.get(1));
    assertEquals(results.get(0).fingerprint(), results.get(1).fingerprint());
    assertEquals(1250, results.get(1).totalRows());
  }

  @Test
  void aMethodsFillWithoutReuseGivesEveryTestFreshRows() {
    TestExecutionSummary summary = run(PerMethodShopTest.class);

    assertEquals(0, summary.getTotalFailureCount(), failures(summary));
    assertEquals(2, summary.getTestsSucceededCount());
    assertEquals(2, results.size());
    assertTrue(results.stream().noneMatch(FillResult::alreadyFilled), results.toString());
  }

  @Test
  void aClassWithoutADatabaseFieldFailsNamingWhatItLooksFor() {
    TestExecutionSummary summary = run(NoDatabaseTest.class);

    assertEquals(1, summary.getTotalFailureCount());
    String message = summary.getFailures().getFirst().getException().getMessage();
    assertTrue(message.contains("no static field holds a DataSource or a JDBC container"), message);
  }

  @EnabledIf("io.spate.junit.FillExtensionIT#launched")
  @Fill(config = "fill.yaml")
  static class FirstShopTest {
    static final DataSource db = shopDataSource();

    @Test
    void ordersHaveCustomers(FillResult fill) {
      results.add(fill);
      assertEquals(300, count("SELECT count(*) FROM orders"));
      assertEquals(
          0,
          count(
              "SELECT count(*) FROM orders o LEFT JOIN customer c ON c.id = o.customer_id"
                  + " WHERE c.id IS NULL"));
    }
  }

  @EnabledIf("io.spate.junit.FillExtensionIT#launched")
  @Fill(config = "fill.yaml")
  static class SecondShopTest {
    static final DataSource db = shopDataSource();

    @Test
    void everyOrderHasTwoLines(FillResult fill) {
      results.add(fill);
      assertEquals(
          0,
          count(
              "SELECT count(*) FROM (SELECT order_id FROM order_line GROUP BY order_id"
                  + " HAVING count(*) <> 2) bad"));
    }
  }

  @EnabledIf("io.spate.junit.FillExtensionIT#launched")
  static class PerMethodShopTest {
    final DataSource db = shopDataSource();

    @Test
    @Fill(config = "fill.yaml", reuse = false)
    void paymentsCanBeDeleted(FillResult fill) {
      results.add(fill);
      assertEquals(200, count("SELECT count(*) FROM payment"));
      shop.execute("DELETE FROM payment");
    }

    @Test
    @Fill(config = "fill.yaml", reuse = false)
    void paymentsAreThereAgain(FillResult fill) {
      results.add(fill);
      assertEquals(200, count("SELECT count(*) FROM payment"));
      shop.execute("DELETE FROM payment");
    }
  }

  @EnabledIf("io.spate.junit.FillExtensionIT#launched")
  @Fill(config = "fill.yaml")
  static class NoDatabaseTest {
    @Test
    void neverRuns() {}
  }
}
