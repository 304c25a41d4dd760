package io.spate.worker.target;

import io.spate.protocol.error.RetriableException;
import io.spate.protocol.error.SpateException;
import java.sql.SQLException;
import org.postgresql.util.PSQLException;
import org.postgresql.util.ServerErrorMessage;

/**
 * The one place that classifies database errors. SQLSTATE class 08 (connection), 40 (serialization
 * failure, deadlock), 53 (insufficient resources), 57P (operator intervention) and 55P03 (lock not
 * available: a load's lock timeout, waiting on another attempt's locks) may pass on retry;
 * everything else, notably 23 (integrity), 28 (authentication) and 42 (syntax, undefined object),
 * is permanent. A task's failure is judged here too ({@link #retriable(RuntimeException)}).
 */
public final class SqlErrors {

  private static final String LOCK_NOT_AVAILABLE = "55P03";

  private SqlErrors() {}

  /** Wraps {@code e} with {@code context} (what was being done, where) and the server's detail. */
  public static SpateException classify(String context, SQLException e) {
    String message = context + ": " + describe(e);
    return retriable(e.getSQLState())
        ? new RetriableException(message, e)
        : new SpateException(message, e);
  }

  /**
   * Whether a task that failed with {@code e} may pass on another attempt: a {@link
   * RetriableException}, or an unexpected exception (not a {@link SpateException}, whose message
   * names a problem the user must fix).
   */
  public static boolean retriable(RuntimeException e) {
    return e instanceof RetriableException || !(e instanceof SpateException);
  }

  static boolean retriable(String sqlState) {
    if (sqlState == null) {
      return false;
    }
    return sqlState.startsWith("08")
        || sqlState.startsWith("40")
        || sqlState.startsWith("53")
        || sqlState.startsWith("57P")
        || sqlState.equals(LOCK_NOT_AVAILABLE);
  }

  /** The server's message with its detail line (which names the offending key), on one line. */
  public static String describe(SQLException e) {
    if (e instanceof PSQLException p && p.getServerErrorMessage() != null) {
      ServerErrorMessage m = p.getServerErrorMessage();
      StringBuilder s = new StringBuilder(m.getMessage());
      if (m.getDetail() != null) {
        s.append(" (").append(m.getDetail()).append(')');
      }
      if (m.getWhere() != null) {
        s.append(" [").append(m.getWhere().replace('\n', ' ')).append(']');
      }
      return s.toString();
    }
    return e.getMessage() == null ? e.toString() : e.getMessage().replace('\n', ' ');
  }
}
