package io.spate.db.h2;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.spate.engine.target.SessionSettings;
import io.spate.engine.target.SqlErrors;
import io.spate.protocol.error.SpateException;
import java.math.BigDecimal;
import java.nio.charset.StandardCharsets;
import java.sql.Connection;
import java.sql.DriverManager;
import java.sql.SQLException;
import java.sql.Statement;
import java.time.LocalDate;
import java.time.LocalDateTime;
import java.time.OffsetDateTime;
import java.time.ZoneOffset;
import java.util.Arrays;
import java.util.Properties;
import org.h2.api.ErrorCode;
import org.h2.message.DbException;
import org.junit.jupiter.api.Test;

/**
 * The H2 dialect's URLs, the values its writer binds, and its reading of H2's errors, against H2
 * itself (an in-memory database: no server).
 */
class H2DialectTest {

  private static final H2Dialect DIALECT = H2Dialect.INSTANCE;

  @Test
  void aDatabaseMustExistAndWaitsForLocksAsLongAsTheSessionSays() {
    Properties properties = new Properties();
    properties.setProperty("connectTimeout", "10");
    String url = DIALECT.connectUrl("jdbc:h2:/tmp/x/db", properties, new SessionSettings(30));
    assertEquals("jdbc:h2:/tmp/x/db", url);
    assertEquals("TRUE", properties.getProperty("IFEXISTS"));
    assertEquals("60000", properties.getProperty("LOCK_TIMEOUT"));
    assertNull(properties.getProperty("connectTimeout"), "H2 refuses a property it does not know");

    Properties theirs = new Properties();
    DIALECT.connectUrl(
        "jdbc:h2:/tmp/x/db;lock_timeout=5;IFEXISTS=FALSE", theirs, SessionSettings.DEFAULT);
    assertTrue(theirs.isEmpty(), "H2 refuses a setting given twice: " + theirs);
  }

  @Test
  void anInMemoryDatabaseIsFilledOnlyFromTheJvmHoldingIt() throws SQLException {
    SpateException unnamed =
        assertThrows(
            SpateException.class,
            () -> DIALECT.connectUrl("jdbc:h2:mem:", new Properties(), SessionSettings.DEFAULT));
    assertTrue(unnamed.getMessage().contains("each connection's own"), unnamed.getMessage());
    SpateException absent =
        assertThrows(
            SpateException.class,
            () ->
                DIALECT.connectUrl(
                    "jdbc:h2:mem:nowhere;DB_CLOSE_DELAY=-1",
                    new Properties(),
                    SessionSettings.DEFAULT));
    assertTrue(
        absent.getMessage().contains("which this JVM does not hold")
            && absent.getMessage().contains("jdbc:h2:/path/to/db"),
        absent.getMessage());
    try (Connection held = DriverManager.getConnection("jdbc:h2:mem:held")) {
      assertEquals(
          "jdbc:h2:mem:held;DB_CLOSE_DELAY=-1",
          DIALECT.connectUrl(
              "jdbc:h2:mem:held;DB_CLOSE_DELAY=-1", new Properties(), SessionSettings.DEFAULT));
    }
  }

  @Test
  void aLockWaitPastTheTimeoutIsRetriableAndADuplicateKeyIsAUniqueViolation() throws SQLException {
    try (Connection a = DriverManager.getConnection("jdbc:h2:mem:locks;LOCK_TIMEOUT=100");
        Connection b = DriverManager.getConnection("jdbc:h2:mem:locks;LOCK_TIMEOUT=100");
        Statement sa = a.createStatement();
        Statement sb = b.createStatement()) {
      sa.execute("CREATE TABLE t (id INT PRIMARY KEY)");
      a.setAutoCommit(false);
      sa.execute("INSERT INTO t VALUES (1)");
      SQLException waited =
          assertThrows(SQLException.class, () -> sb.execute("INSERT INTO t VALUES (1)"));
      assertTrue(DIALECT.retriable(waited), waited.getMessage());
      assertTrue(
          SqlErrors.classify("a load", waited)
              instanceof io.spate.protocol.error.RetriableException);
      a.commit();
      SQLException duplicate =
          assertThrows(SQLException.class, () -> sb.execute("INSERT INTO t VALUES (1)"));
      assertTrue(DIALECT.uniqueViolation(duplicate), duplicate.getMessage());
      assertFalse(DIALECT.retriable(duplicate));
      assertFalse(SqlErrors.connectionLost(duplicate));
    }
  }

  @Test
  void aSessionAbortedByAnotherIsALostConnection() throws SQLException {
    try (Connection a = DriverManager.getConnection("jdbc:h2:mem:aborted");
        Connection b = DriverManager.getConnection("jdbc:h2:mem:aborted");
        Statement sa = a.createStatement();
        Statement sb = b.createStatement()) {
      sa.execute("CREATE TABLE t (id INT)");
      int id;
      try (var rs = sb.executeQuery("SELECT SESSION_ID()")) {
        rs.next();
        id = rs.getInt(1);
      }
      sa.execute("SELECT ABORT_SESSION(" + id + ")");
      SQLException closed =
          assertThrows(SQLException.class, () -> sb.execute("INSERT INTO t VALUES (1)"));
      assertTrue(SqlErrors.connectionLost(closed), closed.getMessage());
    }
  }

  @Test
  void aStatementFailingOnItsAbortedSessionsMissingUserIsALostConnectionAndOtherFailuresAreNot() {
    // as H2 2.x fails when ABORT_SESSION lands while an INSERT checks the table's rights
    SQLException ended =
        DbException.convert(
                new NullPointerException(
                    "Cannot invoke \"org.h2.engine.User.checkTableRight(org.h2.table.Table, int)\""
                        + " because the return value of \"org.h2.engine.SessionLocal.getUser()\""
                        + " is null"))
            .getSQLException();
    SQLException bug =
        DbException.convert(
                new NullPointerException(
                    "Cannot invoke \"String.length()\" because \"name\" is null"))
            .getSQLException();

    assertEquals(ErrorCode.GENERAL_ERROR_1, ended.getErrorCode());
    assertTrue(SqlErrors.connectionLost(ended), ended.getMessage());
    assertFalse(SqlErrors.connectionLost(bug), bug.getMessage());
  }

  @Test
  void aCheckFailedByTheCancelOfAnAbortedSessionIsALostConnectionAndAnInvalidCheckIsNot() {
    SQLException canceled =
        DbException.get(
                ErrorCode.CHECK_CONSTRAINT_INVALID,
                DbException.get(ErrorCode.STATEMENT_WAS_CANCELED),
                "CONSTRAINT_C3DF6: ")
            .getSQLException();
    SQLException invalid =
        DbException.get(
                ErrorCode.CHECK_CONSTRAINT_INVALID,
                DbException.get(ErrorCode.DIVISION_BY_ZERO_1, "qty / 0"),
                "CONSTRAINT_C3DF6: qty / 0 > 1")
            .getSQLException();

    assertTrue(SqlErrors.connectionLost(canceled), canceled.getMessage());
    assertFalse(SqlErrors.connectionLost(invalid), invalid.getMessage());
  }

  @Test
  void rowsBindAsTheJavaObjectsH2TakesForEachType() {
    H2Rows rows =
        new H2Rows(
            8,
            new H2Rows.Field[] {
              H2Rows.Field.PLAIN,
              H2Rows.Field.ZONED,
              H2Rows.Field.PLAIN,
              H2Rows.Field.JSON,
              H2Rows.Field.BINARY,
              H2Rows.Field.PLAIN,
              H2Rows.Field.PLAIN
            });
    rows.startRow(7);
    rows.writeTimestamp(86_400_000_000L + 1_500_000L);
    rows.writeTimestamp(0);
    rows.writeNumeric(-1234, 2);
    rows.writeText("{\"a\": 1}");
    rows.writeBytes(new byte[] {1, 2}, 0, 2);
    int array = rows.beginArray(23, 2, false);
    rows.writeInt4(5);
    rows.writeNull();
    rows.endField(array);
    rows.writeDate(-1);
    Object[] values = Arrays.copyOf(rows.values(), rows.count());
    assertEquals(LocalDateTime.of(2000, 1, 2, 0, 0, 1, 500_000_000), values[0]);
    assertEquals(OffsetDateTime.of(2000, 1, 1, 0, 0, 0, 0, ZoneOffset.UTC), values[1]);
    assertEquals(new BigDecimal("-12.34"), values[2]);
    assertArrayEquals("{\"a\": 1}".getBytes(StandardCharsets.UTF_8), (byte[]) values[3]);
    assertArrayEquals(new byte[] {1, 2}, (byte[]) values[4]);
    assertArrayEquals(new Object[] {5L, null}, (Object[]) values[5]);
    assertEquals(LocalDate.of(1999, 12, 31), values[6]);
  }
}
