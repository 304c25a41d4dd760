package io.spate.bench;

import io.spate.api.FillResult;
import io.spate.api.Spate;
import java.io.IOException;
import java.io.InputStream;
import java.nio.charset.StandardCharsets;
import java.sql.Connection;
import java.sql.DriverManager;
import java.sql.SQLException;
import java.sql.Statement;
import java.util.concurrent.TimeUnit;
import org.openjdk.jmh.annotations.Benchmark;
import org.openjdk.jmh.annotations.BenchmarkMode;
import org.openjdk.jmh.annotations.Fork;
import org.openjdk.jmh.annotations.Level;
import org.openjdk.jmh.annotations.Measurement;
import org.openjdk.jmh.annotations.Mode;
import org.openjdk.jmh.annotations.OutputTimeUnit;
import org.openjdk.jmh.annotations.Param;
import org.openjdk.jmh.annotations.Scope;
import org.openjdk.jmh.annotations.Setup;
import org.openjdk.jmh.annotations.State;
import org.openjdk.jmh.annotations.TearDown;
import org.openjdk.jmh.annotations.Warmup;

/**
 * What a test class pays for {@code @Fill}: the Java API's {@code fill()} from call to return
 * (connect, introspect, plan, truncate, load, sequences, ANALYZE) of the JUnit example's shop, five
 * tables, {@code rows} rows in all, on a real PostgreSQL: the server {@code -Dspate.bench.db} names
 * (a JDBC URL of a database the user may create databases from; {@code -Dspate.bench.user}), by
 * default {@code 127.0.0.1:5432} as {@code postgres}. A database of its own is created for the run
 * and dropped after it.
 *
 * <pre>java -jar bench/target/benchmarks.jar ApiFillBenchmark</pre>
 */
@BenchmarkMode(Mode.SingleShotTime)
@OutputTimeUnit(TimeUnit.MILLISECONDS)
@Warmup(iterations = 5)
@Measurement(iterations = 10)
@Fork(1)
@State(Scope.Benchmark)
public class ApiFillBenchmark {

  /** Rows in all: customers are {@code rows / 12.5}; each has 3 orders of 2 lines. */
  @Param("10000")
  public long rows;

  private final String adminUrl =
      System.getProperty("spate.bench.db", "jdbc:postgresql://127.0.0.1:5432/postgres");
  private final String user = System.getProperty("spate.bench.user", "postgres");
  private final String database = "spate_bench_api_" + ProcessHandle.current().pid();
  private String url;
  private String config;

  @Setup(Level.Trial)
  public void createShop() throws SQLException, IOException {
    admin("CREATE DATABASE " + database);
    url = adminUrl.substring(0, adminUrl.lastIndexOf('/') + 1) + database;
    try (Connection c = DriverManager.getConnection(url, user, "");
        Statement s = c.createStatement();
        InputStream ddl = getClass().getResourceAsStream("/fixtures/shop.sql")) {
      s.execute(new String(ddl.readAllBytes(), StandardCharsets.UTF_8));
    }
    long customers =
        rows * 2 / 25; // 8% customers, 2% products, 24% orders, 48% lines, 18% payments
    config =
        "tables: {customer: {rows: %d}, product: {rows: %d}, orders: {per: customer, count: 3},"
                .formatted(customers, rows / 50)
            + " order_line: {per: orders, count: 2}, payment: {rows: %d}}"
                .formatted(rows * 18 / 100);
  }

  @TearDown(Level.Trial)
  public void dropShop() throws SQLException {
    admin("DROP DATABASE IF EXISTS " + database + " WITH (FORCE)");
  }

  @Benchmark
  public FillResult fill() {
    FillResult result = Spate.on(url, user, "").config(config).seed(7).truncate().fill();
    if (result.totalRows() != rows) {
      throw new IllegalStateException("filled " + result.totalRows() + " rows, not " + rows);
    }
    return result;
  }

  private void admin(String sql) throws SQLException {
    try (Connection c = DriverManager.getConnection(adminUrl, user, "");
        Statement s = c.createStatement()) {
      s.execute(sql);
    }
  }
}
