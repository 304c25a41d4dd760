package io.spate.engine.target;

import io.spate.protocol.error.SpateException;
import java.sql.Connection;
import java.sql.PreparedStatement;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.sql.Savepoint;
import java.sql.Statement;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import javax.sql.DataSource;

/**
 * One fill per table at a time. A job claims every table it writes before it checks or empties
 * them, and holds the claims for its life: a row per table in the ledger's home ({@code
 * spate.claims}) naming the job, and a session lock per table on a connection the claim keeps open
 * (an advisory lock on PostgreSQL, {@code GET_LOCK} on MariaDB and MySQL, a byte-range lock of a
 * side file on SQLite).
 *
 * <p>Invariants:
 *
 * <ul>
 *   <li>A claim row is live while its lock is held. A second job finds the lock taken and is
 *       refused, naming the job in the row; a lock it can take belongs to a holder that is gone (a
 *       killed process), and the row is taken over.
 *   <li>Every task checks, in its own transaction and before its rows, that no other job claims its
 *       table ({@link #check}); the check holds a share lock on the row, so a takeover waits for
 *       the tasks in flight and a task of a job whose claim was taken over is refused.
 *   <li>Releasing deletes the job's rows, then the locks; a process that dies releases the locks
 *       with its connection.
 * </ul>
 */
public final class TableClaims {

  /**
   * The statements of one database. Each takes the table's name as its first parameter but {@code
   * exists} (whether the claims table is there), {@code create} and {@code unlockAll}.
   */
  public record Sql(
      String exists,
      List<String> create,
      String tryLock,
      String unlockAll,
      String read,
      String upsert,
      String release,
      String check) {}

  /** A job's claims, held until {@link #close()}. */
  public interface Claim extends AutoCloseable {
    /** Deletes the job's claim rows and releases their locks; never throws. */
    @Override
    void close();

    /**
     * Releases the locks and keeps the rows, for a job that goes on without this process (a
     * detached submission): its workers' tasks still pass their check until another job takes the
     * tables over, and are refused after. Never throws.
     */
    void abandon();
  }

  private final Sql sql;

  public TableClaims(Sql sql) {
    this.sql = sql;
  }

  /** {@code what (pid 7 on host)}: who holds a claim, as a refused fill names it. */
  public static String holder(String what) {
    String host;
    try {
      host = java.net.InetAddress.getLocalHost().getHostName();
    } catch (java.io.IOException e) {
      host = "an unnamed host";
    }
    return what + " (pid " + ProcessHandle.current().pid() + " on " + host + ")";
  }

  /** The claim row of a table: who holds it. */
  public record Holder(String jobId, String plan, String holder, String since) {}

  /**
   * Claims {@code tables} for {@code jobId}, or throws naming every table another live job claims.
   * Takes one connection of {@code dataSource} for the claim's life.
   *
   * @param plan the plan's digest: a second claim of the same plan says the same fill runs
   * @param holder who holds the claim, for the refusal's message (e.g. {@code spate local pid 7 on
   *     host})
   */
  public Claim claim(
      DataSource dataSource, String jobId, String plan, String holder, List<String> tables) {
    Connection c;
    try {
      c = dataSource.getConnection();
    } catch (SQLException e) {
      throw SqlErrors.classify("job " + jobId + ": claiming its tables", e);
    }
    try {
      c.setAutoCommit(true);
      ensure(c);
      List<String> refused = new ArrayList<>();
      List<String> locked = new ArrayList<>();
      for (String table : tables.stream().distinct().sorted().toList()) {
        if (lock(c, table)) {
          locked.add(table);
        } else if (!read(c, table).map(h -> h.jobId().equals(jobId)).orElse(false)) {
          refused.add(describe(c, table, plan));
        } // else another process of this very job holds it (a second coordinator, or the same
        // local fill run twice): one job, whose ledger keeps each task once

      }
      if (!refused.isEmpty()) {
        unlockAll(c);
        c.close();
        throw new SpateException(
            "job "
                + jobId
                + " cannot start: "
                + String.join("; ", refused)
                + ". One fill writes a table at a time: wait for the other to end (or stop it),"
                + " then run this one again");
      }
      c.setAutoCommit(false);
      try (PreparedStatement s = c.prepareStatement(sql.upsert())) {
        for (String table : locked) {
          s.setString(1, table);
          s.setString(2, jobId);
          s.setString(3, plan);
          s.setString(4, holder);
          s.addBatch();
        }
        s.executeBatch();
      }
      c.commit();
      c.setAutoCommit(true);
      return new Held(c, jobId, locked);
    } catch (SQLException e) {
      closeQuietly(c);
      throw SqlErrors.classify("job " + jobId + ": claiming its tables", e);
    } catch (RuntimeException e) {
      closeQuietly(c);
      throw e;
    }
  }

  /**
   * In a task's open transaction, before its rows: refuses the task when another job claims its
   * table. A table no job claims passes (a fill of an older version, or a job that ended).
   */
  public void check(Connection c, String jobId, String table, String where) throws SQLException {
    Savepoint before = c.setSavepoint();
    try {
      refuseOther(c, sql.check(), jobId, table, where);
    } catch (SQLException e) {
      // a role that may read the claims but not lock their rows, or no claims table at all (a
      // coordinator of an older version): the table is then checked without the lock, or not
      c.rollback(before);
      try {
        refuseOther(c, sql.read(), jobId, table, where);
      } catch (SQLException noClaims) {
        c.rollback(before);
      }
    }
  }

  private static void refuseOther(
      Connection c, String query, String jobId, String table, String where) throws SQLException {
    try (PreparedStatement s = c.prepareStatement(query)) {
      s.setString(1, table);
      try (ResultSet rs = s.executeQuery()) {
        if (rs.next() && !rs.getString(1).equals(jobId)) {
          throw new SpateException(
              where
                  + ": table "
                  + table
                  + " is claimed by job "
                  + rs.getString(1)
                  + " ("
                  + rs.getString(3)
                  + "), not by this task's job "
                  + jobId
                  + "; one fill writes a table at a time, so this task is refused before writing");
        }
      }
    }
  }

  /** Who claims {@code table}, if anyone. */
  public Optional<Holder> holder(DataSource dataSource, String table) {
    try (Connection c = dataSource.getConnection()) {
      ensure(c);
      return read(c, table);
    } catch (SQLException e) {
      throw SqlErrors.classify("reading the claim of table " + table, e);
    }
  }

  private void ensure(Connection c) throws SQLException {
    try (Statement s = c.createStatement()) {
      try (ResultSet rs = s.executeQuery(sql.exists())) {
        if (rs.next() && rs.getBoolean(1)) {
          return; // read first: a role that may not create in the ledger's home may still claim
        }
      }
      try {
        for (String create : sql.create()) {
          s.execute(create);
        }
      } catch (SQLException raced) {
        // another process created it between the check and the create (PostgreSQL's CREATE ...
        // IF NOT EXISTS is not safe against a concurrent one): fine when it is there now
        try (ResultSet rs = s.executeQuery(sql.exists())) {
          if (rs.next() && rs.getBoolean(1)) {
            return;
          }
        }
        throw raced;
      }
    } catch (SQLException e) {
      throw new SpateException(
          "making sure of the table claims: "
              + SqlErrors.describe(e)
              + "; a DBA may create them: "
              + String.join("; ", sql.create())
              + "; and grant SELECT, INSERT, UPDATE, DELETE on the table",
          e);
    }
  }

  private boolean lock(Connection c, String table) throws SQLException {
    try (PreparedStatement s = c.prepareStatement(sql.tryLock())) {
      s.setString(1, table);
      try (ResultSet rs = s.executeQuery()) {
        return rs.next() && rs.getBoolean(1);
      }
    }
  }

  private void unlockAll(Connection c) throws SQLException {
    try (Statement s = c.createStatement()) {
      s.execute(sql.unlockAll());
    }
  }

  private Optional<Holder> read(Connection c, String table) throws SQLException {
    try (PreparedStatement s = c.prepareStatement(sql.read())) {
      s.setString(1, table);
      try (ResultSet rs = s.executeQuery()) {
        return rs.next()
            ? Optional.of(
                new Holder(rs.getString(1), rs.getString(2), rs.getString(3), rs.getString(4)))
            : Optional.empty();
      }
    }
  }

  /** Why {@code table} cannot be claimed: the live claim's job, or the same fill running. */
  private String describe(Connection c, String table, String plan) throws SQLException {
    Optional<Holder> other = read(c, table);
    if (other.isEmpty()) {
      return "table " + table + " is being claimed by another fill right now";
    }
    Holder h = other.get();
    String same = h.plan().equals(plan) ? " (the same plan, submitted before)" : "";
    return "table "
        + table
        + " is being filled by job "
        + h.jobId()
        + same
        + ", held by "
        + h.holder()
        + " since "
        + h.since();
  }

  private static void closeQuietly(Connection c) {
    try {
      if (!c.isClosed()) {
        if (!c.getAutoCommit()) {
          c.rollback();
        }
        c.close();
      }
    } catch (SQLException ignored) {
      // the claim was never made; closing the connection releases whatever it locked
    }
  }

  /** A claim made: its connection holds the locks. */
  private final class Held implements Claim {
    private final Connection connection;
    private final String jobId;
    private final List<String> tables;
    private boolean closed;

    Held(Connection connection, String jobId, List<String> tables) {
      this.connection = connection;
      this.jobId = jobId;
      this.tables = tables;
    }

    @Override
    public synchronized void close() {
      end(true);
    }

    @Override
    public synchronized void abandon() {
      end(false);
    }

    private void end(boolean release) {
      if (closed) {
        return;
      }
      closed = true;
      try (connection) {
        if (release) {
          try (PreparedStatement s = connection.prepareStatement(sql.release())) {
            for (String table : tables) {
              s.setString(1, table);
              s.setString(2, jobId);
              s.addBatch();
            }
            s.executeBatch();
          }
        }
        unlockAll(connection); // a pooled connection outlives this claim
      } catch (SQLException e) {
        // the rows stay, and a connection that failed is not pooled again: its locks go with it,
        // so the next claim takes the tables over
      }
    }
  }
}
