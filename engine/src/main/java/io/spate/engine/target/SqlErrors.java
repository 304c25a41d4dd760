package io.spate.engine.target;

import com.zaxxer.hikari.SQLExceptionOverride;
import io.spate.protocol.error.RetriableException;
import io.spate.protocol.error.SpateException;
import java.io.IOException;
import java.sql.SQLException;
import java.sql.SQLTransientConnectionException;
import java.util.ArrayList;
import java.util.Collections;
import java.util.IdentityHashMap;
import java.util.List;
import java.util.Set;
import org.postgresql.util.PSQLException;
import org.postgresql.util.ServerErrorMessage;

/**
 * The one place that classifies database errors. SQLSTATE class 08 (connection), 40 (serialization
 * failure, deadlock), 53 (insufficient resources), 57P (operator intervention) and 55P03 (lock not
 * available: a load's lock timeout, waiting on another attempt's locks) may pass on retry;
 * everything else, notably 23 (integrity), 28 (authentication) and 42 (syntax, undefined object),
 * is permanent, unless a target's driver says otherwise ({@link TargetDialect#retriable}). A lost
 * connection ({@link #connectionLost}) is retriable whatever the exception carrying it says. A
 * task's failure is judged here too ({@link #retriable(RuntimeException)}).
 */
public final class SqlErrors {

  private static final String LOCK_NOT_AVAILABLE = "55P03";

  private SqlErrors() {}

  /**
   * Which errors the connection pools take as a broken connection: HikariCP's own list (SQLSTATE
   * class 08, 57P01..57P03, ...) but 0A000, feature not supported, which PostgreSQL raises for a
   * statement it refuses on a sound connection (a {@code TRUNCATE} of a referenced table); taken as
   * broken, the connection would be evicted with a warning and a stack trace.
   */
  public static final SQLExceptionOverride POOL_EVICTION =
      new SQLExceptionOverride() {
        @java.lang.Override
        public Override adjudicate(SQLException e) {
          return "0A000".equals(e.getSQLState()) ? Override.DO_NOT_EVICT : Override.CONTINUE_EVICT;
        }
      };

  /** Wraps {@code e} with {@code context} (what was being done, where) and the server's detail. */
  public static SpateException classify(String context, SQLException e) {
    String message = context + ": " + describe(e);
    return retriable(e.getSQLState()) || connectionLost(e) || retriableByVendor(e)
        ? new RetriableException(message, e)
        : new SpateException(message, e);
  }

  /**
   * Whether a task that failed with {@code e} may pass on another attempt: a {@link
   * RetriableException}, or an unexpected exception (not a {@link SpateException}, whose message
   * names a problem the user must fix).
   */
  public static boolean retriable(RuntimeException e) {
    return e instanceof RetriableException || !(e instanceof SpateException) || connectionLost(e);
  }

  /**
   * Whether {@code e} says the connection to the database was lost (a restart, a failover, a cut
   * network), so the same work may pass once the server answers again: SQLSTATE class 08
   * (connection exception) or 57P01..57P03 (the server shutting down or starting), an error a
   * target's driver says is a lost session ({@link TargetDialect#connectionLost}), HikariCP's
   * {@link SQLTransientConnectionException} when no connection came within its timeout, an {@link
   * IOException} (a reset socket), or the "closed" error of a connection the pool or driver gave up
   * on.
   *
   * <p>The original error wins: {@code e}'s cause chain is read first, and the first link that says
   * anything decides (a duplicate key stays a duplicate key even when the rollback after it failed
   * on the dead connection). Only a chain that says nothing either way is decided by its suppressed
   * exceptions.
   */
  public static boolean connectionLost(Throwable e) {
    return verdict(e, Collections.newSetFromMap(new IdentityHashMap<>())) == Verdict.LOST;
  }

  private enum Verdict {
    LOST,
    OTHER,
    UNKNOWN
  }

  private static Verdict verdict(Throwable e, Set<Throwable> seen) {
    List<Throwable> chain = new ArrayList<>();
    for (Throwable t = e; t != null && seen.add(t); t = t.getCause()) {
      Verdict own = own(t);
      if (own != Verdict.UNKNOWN) {
        return own;
      }
      chain.add(t);
    }
    for (Throwable t : chain) {
      for (Throwable suppressed : t.getSuppressed()) {
        Verdict v = verdict(suppressed, seen);
        if (v != Verdict.UNKNOWN) {
          return v;
        }
      }
    }
    return Verdict.UNKNOWN;
  }

  /** What one exception says on its own, its causes aside. */
  private static Verdict own(Throwable t) {
    if (t instanceof IOException) {
      return Verdict.LOST;
    }
    if (!(t instanceof SQLException s)) {
      return Verdict.UNKNOWN;
    }
    String state = s.getSQLState();
    if (state != null) {
      return lostConnection(state) || lostByVendor(s) ? Verdict.LOST : Verdict.OTHER;
    }
    if (t instanceof SQLTransientConnectionException || closedConnection(s.getMessage())) {
      return Verdict.LOST;
    }
    return Verdict.UNKNOWN;
  }

  private static boolean lostConnection(String sqlState) {
    return sqlState.startsWith("08")
        || sqlState.equals("57P01") // admin_shutdown
        || sqlState.equals("57P02") // crash_shutdown
        || sqlState.equals("57P03"); // cannot_connect_now: starting up or shutting down
  }

  /**
   * HikariCP's "Connection is closed" (a connection it evicted after a fatal error, used again, as
   * by a rollback) and pgjdbc's "This connection has been closed."; neither carries a SQLSTATE.
   */
  private static boolean closedConnection(String message) {
    return message != null
        && (message.equals("Connection is closed")
            || message.startsWith("This connection has been closed"));
  }

  /**
   * Whether a target's own driver says the session was lost ({@link TargetDialect#connectionLost}).
   */
  private static boolean lostByVendor(SQLException e) {
    for (TargetKind kind : TargetKind.all()) {
      if (kind.dialect().connectionLost(e)) {
        return true;
      }
    }
    return false;
  }

  /** What a target's own driver says beyond the SQLSTATE ({@link TargetDialect#retriable}). */
  private static boolean retriableByVendor(SQLException e) {
    for (TargetKind kind : TargetKind.all()) {
      if (kind.dialect().retriable(e)) {
        return true;
      }
    }
    return false;
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

  /**
   * {@code e} and each of its causes whose message it does not already carry, as {@code "A: x (B:
   * y)"}: a pool's "Failed to initialize pool: The connection attempt failed." then names why (an
   * unknown host, a refused port, a timeout).
   */
  public static String withCauses(Throwable e) {
    StringBuilder s = new StringBuilder(e.toString());
    Set<Throwable> seen = Collections.newSetFromMap(new IdentityHashMap<>());
    seen.add(e);
    for (Throwable t = e.getCause(); t != null && seen.add(t); t = t.getCause()) {
      if (t.getMessage() == null || !s.toString().contains(t.getMessage())) {
        s.append(" (").append(t).append(')');
      }
    }
    return s.toString();
  }

  /**
   * The server's message with its detail line (which names the offending key), on one line; an
   * error a PL/pgSQL function raised says how to load without the triggers that may call it.
   */
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
      if (m.getWhere() != null && m.getWhere().startsWith("PL/pgSQL function")) {
        s.append(
            "; a function of the database raised it: if a trigger calls it, --disable-triggers"
                + " loads with the triggers off");
      }
      return s.toString();
    }
    return e.getMessage() == null ? e.toString() : e.getMessage().replace('\n', ' ');
  }
}
