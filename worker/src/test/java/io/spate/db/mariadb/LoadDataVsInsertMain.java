package io.spate.db.mariadb;

import io.spate.engine.encode.RowWriter;
import java.math.BigDecimal;
import java.sql.Connection;
import java.sql.PreparedStatement;
import java.sql.Statement;
import java.sql.Timestamp;
import java.time.LocalDateTime;
import java.time.temporal.ChronoUnit;
import java.util.List;

/**
 * A throwaway measurement, not a test: rows/s of the streamed LOAD DATA against multi-row INSERTs
 * (1,000 rows a statement, what {@code rewriteBatchedStatements} made of a batch) and against the
 * driver's own batch (MariaDB's bulk protocol, Connector/J 3's default), the same rows into the
 * same table, one transaction per 100,000-row task. Run with the worker's test classpath: {@code
 * java -cp ... io.spate.db.mariadb.LoadDataVsInsertMain [rows]}.
 */
public final class LoadDataVsInsertMain {
  private static final int TASK = 100_000;
  private static final int PER_STATEMENT = 1_000;
  private static final LocalDateTime EPOCH_2000 = LocalDateTime.of(2000, 1, 1, 0, 0);
  private static final List<String> COLUMNS = List.of("id", "n", "name", "amount", "at");

  private LoadDataVsInsertMain() {}

  private static String name(long r) {
    return "customer-" + Long.toString(r * 2_654_435_761L % 1_000_000_007L, 36);
  }

  private static long amount(long r) {
    return r * 7919 % 10_000_000_000L;
  }

  private static long micros(long r) {
    return 700_000_000_000_000L + r * 1_000_003L;
  }

  private static void write(RowWriter w, long r) {
    w.startRow(5);
    w.writeInt8(r);
    w.writeInt4((int) (r * 31 % 1_000_000));
    w.writeText(name(r));
    w.writeNumeric(amount(r), 2);
    w.writeTimestamp(micros(r));
  }

  public static void main(String[] args) throws Exception {
    int rows = args.length > 0 ? Integer.parseInt(args[0]) : 1_000_000;
    try (TestMariaDb db = new TestMariaDb()) {
      for (int round = 0; round < 2; round++) { // the first round warms the JIT and the server
        System.out.printf("round %d%n", round + 1);
        System.out.printf("  LOAD DATA streamed   %,12.0f rows/s%n", run(db, rows, "load"));
        System.out.printf("  multi-row INSERT     %,12.0f rows/s%n", run(db, rows, "multi"));
        System.out.printf("  driver batch (bulk)  %,12.0f rows/s%n", run(db, rows, "batch"));
      }
    }
  }

  private static double run(TestMariaDb db, int rows, String how) throws Exception {
    try (Connection c = db.connect();
        Statement s = c.createStatement()) {
      s.execute("DROP TABLE IF EXISTS t");
      s.execute(
          "CREATE TABLE t (id bigint PRIMARY KEY, n int, name varchar(40), amount decimal(12,2),"
              + " at datetime)");
      c.setAutoCommit(false);
      long start = System.nanoTime();
      for (long from = 0; from < rows; from += TASK) {
        long to = Math.min(rows, from + TASK);
        switch (how) {
          case "load" -> load(c, from, to);
          case "multi" -> multiRowInsert(c, from, to);
          default -> batch(c, from, to);
        }
        c.commit();
      }
      double seconds = (System.nanoTime() - start) / 1e9;
      return rows / seconds;
    }
  }

  private static void load(Connection c, long from, long to) {
    long[] next = {from};
    LoadData.load(
        c,
        "bench",
        "t",
        COLUMNS,
        (out, maxBytes) -> {
          int n = 0;
          while (next[0] < to && out.size() < maxBytes) {
            write(out, next[0]++);
            n++;
          }
          return n;
        });
  }

  private static void bind(PreparedStatement p, int at, long r) throws Exception {
    p.setLong(at, r);
    p.setInt(at + 1, (int) (r * 31 % 1_000_000));
    p.setString(at + 2, name(r));
    p.setBigDecimal(at + 3, BigDecimal.valueOf(amount(r), 2));
    p.setTimestamp(at + 4, Timestamp.valueOf(EPOCH_2000.plus(micros(r), ChronoUnit.MICROS)));
  }

  private static void multiRowInsert(Connection c, long from, long to) throws Exception {
    StringBuilder sql = new StringBuilder("INSERT INTO t (id, n, name, amount, at) VALUES ");
    for (int i = 0; i < PER_STATEMENT; i++) {
      sql.append(i == 0 ? "" : ",").append("(?,?,?,?,?)");
    }
    try (PreparedStatement full = c.prepareStatement(sql.toString())) {
      long r = from;
      for (; r + PER_STATEMENT <= to; r += PER_STATEMENT) {
        for (int i = 0; i < PER_STATEMENT; i++) {
          bind(full, 1 + 5 * i, r + i);
        }
        full.executeUpdate();
      }
      batchRange(c, r, to);
    }
  }

  private static void batch(Connection c, long from, long to) throws Exception {
    batchRange(c, from, to);
  }

  private static void batchRange(Connection c, long from, long to) throws Exception {
    if (from >= to) {
      return;
    }
    try (PreparedStatement p =
        c.prepareStatement("INSERT INTO t (id, n, name, amount, at) VALUES (?,?,?,?,?)")) {
      for (long r = from; r < to; r++) {
        bind(p, 1, r);
        p.addBatch();
        if ((r - from + 1) % PER_STATEMENT == 0) {
          p.executeBatch();
        }
      }
      p.executeBatch();
    }
  }
}
