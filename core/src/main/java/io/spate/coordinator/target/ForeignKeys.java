package io.spate.coordinator.target;

import io.spate.protocol.error.SpateException;
import io.spate.protocol.plan.FillPlan;
import io.spate.protocol.plan.TablePlan;
import io.spate.protocol.schema.ForeignKey;
import io.spate.protocol.schema.Table;
import io.spate.worker.target.SqlErrors;
import java.sql.Connection;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.sql.Statement;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.Callable;
import java.util.concurrent.CompletionService;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.ExecutorCompletionService;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.function.Function;
import java.util.function.UnaryOperator;
import java.util.stream.Collectors;
import java.util.stream.IntStream;
import javax.sql.DataSource;

/**
 * The safety net of a load with triggers off ({@code session_replication_role = replica} stops the
 * server's foreign-key checks too): once every table is full, each foreign key of the filled tables
 * is checked with one anti-join count, the way the server would have checked it row by row (MATCH
 * SIMPLE: a row with a NULL in the key is not checked). The generator computes references and never
 * writes an orphan, so a failure here is a bug in Spate, reported with the key and the count.
 */
public final class ForeignKeys {

  private ForeignKeys() {}

  /**
   * Counts the orphans of every foreign key of the plan's filled tables, one key after another on
   * one connection; throws naming each key that has any. Returns the number of keys checked.
   */
  public static int validate(DataSource dataSource, FillPlan plan) {
    return validate(dataSource, plan, Table::qualifiedName, Table::quote, 1);
  }

  /**
   * {@link #validate(DataSource, FillPlan)} on a database whose SQL names a table {@code name} and
   * quotes a column with {@code quote}, with up to {@code connections} keys counted at once, each
   * connection taking the next key when its count returns. The counts only read committed tables,
   * so their order does not matter; the keys are reported in the plan's order all the same.
   */
  public static int validate(
      DataSource dataSource,
      FillPlan plan,
      Function<Table, String> name,
      UnaryOperator<String> quote,
      int connections) {
    List<Key> keys = new ArrayList<>();
    for (TablePlan t : plan.tables()) {
      if (t.rows() == 0) {
        continue;
      }
      for (ForeignKey fk : t.table().foreignKeys()) {
        keys.add(
            new Key(
                t.name(),
                fk,
                orphanCount(t.table(), fk, plan.table(fk.refTable()).table(), name, quote)));
      }
    }
    long[] orphans = count(dataSource, keys, Math.max(1, Math.min(connections, keys.size())));
    List<String> broken = new ArrayList<>();
    for (int i = 0; i < keys.size(); i++) {
      if (orphans[i] > 0) {
        Key k = keys.get(i);
        broken.add(
            "foreign key "
                + k.fk().name()
                + " of "
                + k.child()
                + " "
                + k.fk().columns()
                + " -> "
                + k.fk().refTable()
                + " "
                + k.fk().refColumns()
                + ": "
                + orphans[i]
                + " rows reference no "
                + k.fk().refTable()
                + " row");
      }
    }
    if (!broken.isEmpty()) {
      throw new SpateException(
          "loaded with triggers off, but "
              + broken.size()
              + " foreign key"
              + (broken.size() == 1 ? "" : "s")
              + " do not hold (the rows are committed; a bug in Spate, please report it): "
              + String.join("; ", broken));
    }
    return keys.size();
  }

  /** A foreign key of a filled table, and the query counting its orphans. */
  private record Key(String child, ForeignKey fk, String orphanCount) {}

  /**
   * Each key's orphan count, by the key's index, on {@code connections} connections: each takes the
   * next key from a shared counter; the first failure cancels the others and is thrown.
   */
  private static long[] count(DataSource dataSource, List<Key> keys, int connections) {
    long[] orphans = new long[keys.size()];
    AtomicInteger next = new AtomicInteger();
    Callable<Void> checker =
        () -> {
          try (Connection c = dataSource.getConnection();
              Statement s = c.createStatement()) {
            for (int i = next.getAndIncrement(); i < keys.size(); i = next.getAndIncrement()) {
              try (ResultSet rs = s.executeQuery(keys.get(i).orphanCount())) {
                rs.next();
                orphans[i] = rs.getLong(1); // each index written by one thread, read after join
              }
            }
          }
          return null;
        };
    ExecutorService pool =
        Executors.newFixedThreadPool(connections, r -> new Thread(r, "spate-fk-check"));
    try {
      CompletionService<Void> done = new ExecutorCompletionService<>(pool);
      for (int i = 0; i < connections; i++) {
        done.submit(checker);
      }
      for (int i = 0; i < connections; i++) {
        done.take().get();
      }
    } catch (ExecutionException e) {
      if (e.getCause() instanceof SQLException sql) {
        throw SqlErrors.classify("validating the foreign keys after a load with triggers off", sql);
      }
      throw new SpateException(
          "validating the foreign keys after a load with triggers off: " + e.getCause(),
          e.getCause());
    } catch (InterruptedException e) {
      Thread.currentThread().interrupt();
      throw new SpateException("validating the foreign keys interrupted", e);
    } finally {
      pool.shutdownNow();
    }
    return orphans;
  }

  /** {@code SELECT count(*)} of the child rows with a non-NULL key that no parent row matches. */
  static String orphanCount(
      Table child,
      ForeignKey fk,
      Table parent,
      Function<Table, String> name,
      UnaryOperator<String> quote) {
    String notNull =
        fk.columns().stream()
            .map(col -> "c." + quote.apply(col) + " IS NOT NULL")
            .collect(Collectors.joining(" AND "));
    String join =
        IntStream.range(0, fk.columns().size())
            .mapToObj(
                i ->
                    "p."
                        + quote.apply(fk.refColumns().get(i))
                        + " = c."
                        + quote.apply(fk.columns().get(i)))
            .collect(Collectors.joining(" AND "));
    return "SELECT count(*) FROM "
        + name.apply(child)
        + " c WHERE "
        + notNull
        + " AND NOT EXISTS (SELECT 1 FROM "
        + name.apply(parent)
        + " p WHERE "
        + join
        + ")";
  }
}
