package io.spate.engine.target;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertInstanceOf;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.spate.protocol.error.RetriableException;
import io.spate.protocol.error.SpateException;
import java.net.SocketException;
import java.net.UnknownHostException;
import java.sql.SQLException;
import java.sql.SQLTransientConnectionException;
import org.junit.jupiter.api.Test;

/** A lost connection is told apart from every other database error, and may pass on retry. */
class SqlErrorsTest {

  /** HikariCP's error for a connection it evicted, used again: no SQLSTATE. */
  private static SQLException evicted() {
    return new SQLException("Connection is closed");
  }

  @Test
  void aServerShutdownKeepsItsMessageAndIsRetriableThoughTheRollbackFailedAfterIt() {
    SQLException shutdown =
        new SQLException("terminating connection due to administrator command", "57P01");
    shutdown.addSuppressed(evicted()); // the rollback on the connection the pool had evicted

    SpateException e = SqlErrors.classify("task big_t[0,100) - COPY failed", shutdown);

    assertInstanceOf(RetriableException.class, e);
    assertTrue(e.getMessage().endsWith("administrator command"), e.getMessage());
    assertTrue(SqlErrors.connectionLost(e));
  }

  @Test
  void everyKindOfLostConnectionCounts() {
    for (String state : new String[] {"08006", "08003", "08001", "57P01", "57P02", "57P03"}) {
      assertTrue(SqlErrors.connectionLost(new SQLException("lost", state)), state);
    }
    assertTrue(SqlErrors.connectionLost(evicted()), "an evicted pooled connection");
    assertTrue(
        SqlErrors.connectionLost(new SQLException("This connection has been closed.")),
        "pgjdbc's closed connection");
    assertTrue(
        SqlErrors.connectionLost(
            new SQLTransientConnectionException("spate - Connection is not available")),
        "the pool's timeout");
    assertTrue(
        SqlErrors.connectionLost(
            new SQLException("I/O error", null, new SocketException("Connection reset"))),
        "a reset socket deep in the chain");
    assertTrue(
        SqlErrors.connectionLost(
            new RetriableException("task t - COPY failed", new SQLException("lost", "08006"))),
        "wrapped with its context");
  }

  @Test
  void aLostConnectionWithoutSqlStateIsRetriableWhereItUsedToBePermanent() {
    SpateException e = SqlErrors.classify("task big_t[0,100) - COPY failed", evicted());

    assertInstanceOf(RetriableException.class, e);
    assertTrue(SqlErrors.retriable(e));
  }

  @Test
  void theOriginalErrorWinsOverALaterRollbackThatLostTheConnection() {
    SQLException duplicate = new SQLException("duplicate key value", "23505");
    duplicate.addSuppressed(evicted());

    assertFalse(SqlErrors.connectionLost(duplicate));
    assertFalse(SqlErrors.retriable(SqlErrors.classify("task t - COPY failed", duplicate)));
  }

  @Test
  void otherErrorsAreNoLostConnection() {
    assertFalse(SqlErrors.connectionLost(new SQLException("relation does not exist", "42P01")));
    assertFalse(SqlErrors.connectionLost(new SQLException("password authentication", "28P01")));
    assertFalse(
        SqlErrors.connectionLost(
            new SQLTransientConnectionException(
                "spate - Connection is not available", "28P01", new SQLException("auth", "28P01"))),
        "the pool timed out because the password is wrong: bad input, not an outage");
    assertFalse(SqlErrors.connectionLost(new SQLException("database \"x\" was dropped", "57P04")));
    assertFalse(SqlErrors.connectionLost(new SpateException("task t - cancelled")));
  }

  @Test
  void aCycleOfCausesEnds() {
    SQLException a = new SQLException("a");
    SQLException b = new SQLException("b", a);
    a.initCause(b);
    a.addSuppressed(b);

    assertFalse(SqlErrors.connectionLost(a));
  }

  @Test
  void aFailedPoolNamesWhyTheConnectionFailedOnce() {
    SQLException connect =
        new SQLException("The connection attempt failed.", "08001", new UnknownHostException("db"));
    RuntimeException pool =
        new RuntimeException("Failed to initialize pool: The connection attempt failed.", connect);

    assertEquals(
        "java.lang.RuntimeException: Failed to initialize pool: The connection attempt failed."
            + " (java.net.UnknownHostException: db)",
        SqlErrors.withCauses(pool));
  }
}
