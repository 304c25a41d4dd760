package io.spate.db.mariadb;

import static io.spate.db.mariadb.IdRows.ids;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.zaxxer.hikari.HikariConfig;
import com.zaxxer.hikari.HikariDataSource;
import io.spate.engine.target.SessionSettings;
import io.spate.worker.testing.Await;
import java.sql.Connection;
import java.sql.DriverManager;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.sql.Statement;
import java.time.Duration;
import java.util.List;
import java.util.Properties;
import java.util.Set;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;

/**
 * On the real server, connections opened the way Spate opens a MariaDB target's: a client that goes
 * silent, between statements or mid-load, has its transaction and row locks ended by the server
 * about {@code --dead-link-seconds} later (never with 0), and a load waits for a row lock twice
 * that at most.
 */
class MariaDbSessionIT {

  private static final MariaDbDialect DIALECT = MariaDbDialect.INSTANCE;

  /** Longer than any dead link here, short enough for a quick failure. */
  private static final Duration DEADLINE = Duration.ofSeconds(15);

  private TestMariaDb db;

  @BeforeEach
  void createDatabase() throws Exception {
    db = new TestMariaDb();
    try (Connection c = db.connect();
        Statement s = c.createStatement()) {
      s.execute("CREATE TABLE t (id int PRIMARY KEY)");
      s.execute("INSERT INTO t VALUES (1), (2)");
    }
  }

  @AfterEach
  void dropDatabase() throws Exception {
    db.close();
  }

  @Test
  void aPoolsConnectionCarriesTheSessionVariablesAndZeroKeepsTheServers() throws Exception {
    try (Connection plain = db.connect()) {
      assertEquals(List.of("5", "10"), pooled(new SessionSettings(10)));
      assertEquals(timeouts(plain), pooled(new SessionSettings(0)));
    }
  }

  @Test
  void aClientSilentInATransactionLosesItAfterTheDeadLinkButNotWithZero() throws Exception {
    try (Connection silent = connect(new SessionSettings(2));
        Connection kept = connect(new SessionSettings(0));
        Connection watcher = db.connect()) {
      long silentId = lockRow(silent, 1);
      long keptId = lockRow(kept, 2);
      long silentSince = System.nanoTime();

      Await.until(() -> !alive(watcher, silentId), DEADLINE, "the silent session to end");

      assertTrue(millisSince(silentSince) >= 1_500, millisSince(silentSince) + " ms");
      assertTrue(alive(watcher, keptId), "the session with --dead-link-seconds 0 is kept");
      watcher.setAutoCommit(false);
      lockRow(watcher, 1); // NOWAIT: the silent session's lock is gone
      kept.rollback();
    }
  }

  @Test
  void aClientSilentMidLoadLosesTheLoadAndItsTransactionAfterTheDeadLink() throws Exception {
    CountDownLatch release = new CountDownLatch(1);
    try (Connection loader = connect(new SessionSettings(2));
        Connection watcher = db.connect()) {
      loader.setAutoCommit(false);
      long loaderId = connectionId(loader);
      RowSource stalls =
          (out, maxBytes) -> {
            if (out.size() > 0) {
              return 0;
            }
            try {
              release.await(); // the worker is gone: no more packets
            } catch (InterruptedException e) {
              Thread.currentThread().interrupt();
            }
            return 0;
          };
      long started = System.nanoTime();
      CompletableFuture<Long> load =
          CompletableFuture.supplyAsync(
              () -> {
                try {
                  return LoadData.loadInto(
                          loader, "task t", "t", List.of("id"), Set.of(), ids(3, 10), 0)
                      + LoadData.loadInto(
                          loader, "task t", "t", List.of("id"), Set.of(), stalls, 0);
                } catch (SQLException e) {
                  throw new IllegalStateException(e);
                }
              });
      Await.until(() -> !alive(watcher, loaderId), DEADLINE, "the silent load's session to end");

      assertTrue(millisSince(started) >= 1_500, millisSince(started) + " ms");
      assertEquals(2, count(watcher), "the first load's rows rolled back with the transaction");
      release.countDown();
      assertThrows(
          ExecutionException.class, () -> load.get(DEADLINE.toSeconds(), TimeUnit.SECONDS));
    } finally {
      release.countDown();
    }
  }

  @Test
  void aLoadWaitsForALockTwiceTheDeadLinkThenFailsRetriablyAndPutsTheSessionBack()
      throws Exception {
    SessionSettings session = new SessionSettings(1);
    try (Connection holder = db.connect(); // a hung client: its server still hears from it
        Connection loader = connect(session)) {
      holder.setAutoCommit(false);
      try (Statement s = holder.createStatement()) {
        s.execute("INSERT INTO t VALUES (3)");
      }
      loader.setAutoCommit(false);
      long started = System.nanoTime();

      SQLException e =
          assertThrows(
              SQLException.class,
              () ->
                  LoadData.loadInto(
                      loader,
                      "task t",
                      "t",
                      List.of("id"),
                      Set.of(),
                      ids(3, 4),
                      session.lockTimeoutSeconds()));

      long waited = millisSince(started);
      assertEquals(1205, e.getErrorCode(), e.getMessage());
      assertTrue(DIALECT.retriable(e), e.getMessage());
      assertTrue(waited >= 1_900 && waited < 10_000, waited + " ms");
      assertEquals(
          lockWait(holder), lockWait(loader), "the session's own lock wait is put back after");
      loader.rollback();
      holder.rollback();
    }
  }

  @Test
  void aLoadWaitingOnASilentClientsLockGoesOnOnceTheServerEndsThatClientsSession()
      throws Exception {
    SessionSettings session = new SessionSettings(2);
    try (Connection silent = connect(session);
        Connection loader = connect(session);
        Connection watcher = db.connect()) {
      silent.setAutoCommit(false);
      try (Statement s = silent.createStatement()) {
        s.execute("INSERT INTO t VALUES (3)"); // then never a packet again
      }
      loader.setAutoCommit(false);
      long started = System.nanoTime();

      long loaded =
          LoadData.loadInto(
              loader,
              "task t",
              "t",
              List.of("id"),
              Set.of(),
              ids(3, 5),
              session.lockTimeoutSeconds());

      assertEquals(2, loaded);
      assertTrue(millisSince(started) >= 1_000, millisSince(started) + " ms");
      loader.commit();
      assertEquals(4, count(watcher));
    }
  }

  /** A connection opened as Spate opens a target's ({@code Database.connect}). */
  private Connection connect(SessionSettings session) throws SQLException {
    Properties properties = new Properties();
    return DriverManager.getConnection(
        DIALECT.connectUrl(db.url(""), properties, session), properties);
  }

  /** The timeouts of a connection from a pool built as Spate builds a target's. */
  private List<String> pooled(SessionSettings session) throws SQLException {
    HikariConfig config = new HikariConfig();
    DIALECT.configure(config, db.url(""), session);
    config.setMaximumPoolSize(1);
    try (HikariDataSource pool = new HikariDataSource(config);
        Connection c = pool.getConnection()) {
      return timeouts(c);
    }
  }

  private static List<String> timeouts(Connection c) throws SQLException {
    try (Statement s = c.createStatement();
        ResultSet rs =
            s.executeQuery(
                "SELECT @@session.net_read_timeout, @@session.idle_transaction_timeout")) {
      rs.next();
      return List.of(rs.getString(1), rs.getString(2));
    }
  }

  /** Locks row {@code id} of t in {@code c}'s transaction, failing at once if it is taken. */
  private static long lockRow(Connection c, int id) throws SQLException {
    c.setAutoCommit(false);
    try (Statement s = c.createStatement()) {
      s.executeQuery("SELECT id FROM t WHERE id = " + id + " FOR UPDATE NOWAIT").close();
    }
    return connectionId(c);
  }

  private static long connectionId(Connection c) throws SQLException {
    try (Statement s = c.createStatement();
        ResultSet rs = s.executeQuery("SELECT CONNECTION_ID()")) {
      rs.next();
      return rs.getLong(1);
    }
  }

  private static boolean alive(Connection watcher, long id) throws SQLException {
    try (Statement s = watcher.createStatement();
        ResultSet rs =
            s.executeQuery(
                "SELECT count(*) FROM information_schema.PROCESSLIST WHERE ID = " + id)) {
      rs.next();
      return rs.getInt(1) == 1;
    }
  }

  private static long lockWait(Connection c) throws SQLException {
    try (Statement s = c.createStatement();
        ResultSet rs = s.executeQuery("SELECT @@session.innodb_lock_wait_timeout")) {
      rs.next();
      return rs.getLong(1);
    }
  }

  private static int count(Connection c) throws SQLException {
    try (Statement s = c.createStatement();
        ResultSet rs = s.executeQuery("SELECT count(*) FROM t")) {
      rs.next();
      return rs.getInt(1);
    }
  }

  private static long millisSince(long nanos) {
    return (System.nanoTime() - nanos) / 1_000_000;
  }
}
