package io.spate.db.sqlite;

import com.zaxxer.hikari.HikariConfig;
import io.spate.engine.encode.RowWriter;
import io.spate.engine.target.RowLoad;
import io.spate.engine.target.SessionSettings;
import io.spate.engine.target.TableClaims;
import io.spate.engine.target.TargetDialect;
import io.spate.engine.target.TargetKind;
import io.spate.engine.target.TaskLedger;
import io.spate.engine.target.Triggers;
import io.spate.protocol.error.SpateException;
import io.spate.protocol.plan.TargetIdentity;
import io.spate.protocol.schema.Table;
import java.sql.Connection;
import java.sql.SQLException;
import java.sql.Statement;
import java.util.List;
import java.util.Properties;
import java.util.function.LongConsumer;
import javax.sql.DataSource;
import org.sqlite.SQLiteErrorCode;
import org.sqlite.SQLiteException;

/**
 * A SQLite file behind the {@link TargetDialect} seam, through sqlite-jdbc: multi-row prepared
 * {@code INSERT}s ({@link SqliteLoad}), the {@code spate_ledger} table in the same file ({@link
 * SqliteLedger}), the identity of the file ({@link SqliteIdentity}).
 *
 * <p>One writer: SQLite lets one connection write a file at a time. Every load transaction starts
 * with {@code BEGIN IMMEDIATE} ({@link #beginLoad}), which takes the file's write lock before the
 * transaction reads anything, so loads of any number of threads or processes queue on SQLite's own
 * lock for up to the busy timeout and never meet the deadlock a reader turning writer can (an
 * immediate {@code SQLITE_BUSY}). Tasks of one file are thus serialised; threads still overlap the
 * waiting with nothing else (generation runs inside the transaction). A wait past the busy timeout
 * ({@code SQLITE_BUSY}) and {@code SQLITE_LOCKED} fail retriably.
 *
 * <p>Session settings, all per connection, none stored in the file: {@code busy_timeout} of twice
 * {@code --dead-link-seconds} (10 minutes when 0), and {@code foreign_keys} off: loads run with the
 * foreign-key checks off (SQLite's own default for a connection; the pragma cannot change inside a
 * transaction anyway), and the coordinator checks every foreign key with {@code PRAGMA
 * foreign_key_check} once the tables are full. The file's {@code journal_mode}, {@code synchronous}
 * and page size stay as its owner set them. The file must exist: Spate opens it without {@code
 * SQLITE_OPEN_CREATE}, so a mistyped path is an error, not a new empty database.
 *
 * <p>Triggers: SQLite cannot switch triggers off; user triggers always fire.
 */
public final class SqliteDialect implements TargetDialect {

  public static final SqliteDialect INSTANCE = new SqliteDialect();

  /** SQLite as a target. */
  public static final TargetKind KIND = new TargetKind("SQLITE", "SQLite", List.of("jdbc:sqlite:"));

  /** SQLITE_OPEN_READWRITE, without SQLITE_OPEN_CREATE. */
  private static final String OPEN_EXISTING = "2";

  /** The busy timeout when {@code --dead-link-seconds} is 0. */
  private static final int DEFAULT_BUSY_MILLIS = 600_000;

  /**
   * For {@link java.util.ServiceLoader}: stateless, so any instance serves as {@link #INSTANCE}.
   */
  public SqliteDialect() {}

  @Override
  public TargetKind kind() {
    return KIND;
  }

  @Override
  public String connectUrl(String url, Properties properties, SessionSettings session) {
    String file = url.substring("jdbc:sqlite:".length());
    if (file.isEmpty() || file.startsWith(":memory:") || file.contains("mode=memory")) {
      throw new SpateException(
          "the SQLite URL names an in-memory database, which lives in one connection: Spate fills"
              + " a file (jdbc:sqlite:/path/to/file.db)");
    }
    properties.putIfAbsent("open_mode", OPEN_EXISTING);
    properties.setProperty("busy_timeout", Integer.toString(busyMillis(session)));
    properties.setProperty("foreign_keys", "false");
    properties.remove("connectTimeout"); // a file opens at once
    return url;
  }

  /** How long a statement waits for another connection's lock on the file. */
  static int busyMillis(SessionSettings session) {
    long seconds = session.lockTimeoutSeconds();
    return seconds == 0 ? DEFAULT_BUSY_MILLIS : (int) Math.min(Integer.MAX_VALUE, seconds * 1000);
  }

  /** A pool's connections carry the claims' lock functions ({@link SqliteConnections}). */
  @Override
  public void configure(HikariConfig config, String url, SessionSettings session) {
    Properties properties = new Properties();
    String connect = connectUrl(url, properties, session);
    config.setDataSource(new SqliteConnections(connect, properties));
  }

  /**
   * Replaces the deferred transaction the driver opened (which takes no lock) with {@code BEGIN
   * IMMEDIATE}, which waits up to the busy timeout for the file's write lock: one load writes at a
   * time.
   */
  @Override
  public void beginLoad(
      Connection connection, Triggers.Mode mode, SessionSettings session, String where)
      throws SQLException {
    try (Statement s = connection.createStatement()) {
      s.execute("COMMIT"); // the driver's empty BEGIN: nothing read or written yet
      s.execute("BEGIN IMMEDIATE");
    }
  }

  @Override
  public void deferConstraints(Connection connection) {
    // Nothing to defer: every load runs with foreign_keys off.
  }

  @Override
  public boolean loadsWithForeignKeyChecksOff() {
    return true;
  }

  @Override
  public boolean triggersAllowed(DataSource dataSource) {
    return true; // foreign_keys is a connection's own setting
  }

  @Override
  public void checkTriggersAllowed(DataSource dataSource) {}

  @Override
  public RowLoad rowLoad(LongConsumer bytesSent, SessionSettings session) {
    return new SqliteLoad(bytesSent, SqliteLoad.ROWS_PER_STATEMENT);
  }

  @Override
  public RowWriter rowWriter(int capacity) {
    return new SqliteRows(capacity / 8, new boolean[0]);
  }

  @Override
  public TaskLedger ledger() {
    return SqliteLedger.INSTANCE;
  }

  /** Always: SQLite cannot switch triggers off. */
  @Override
  public boolean userTriggersFire(Triggers.Mode mode) {
    return true;
  }

  @Override
  public TableClaims claims() {
    return CLAIMS;
  }

  private static final String READ_CLAIM =
      "SELECT job_id, plan, holder, claimed_at FROM spate_claims WHERE table_name = ?";

  /**
   * The claims in table {@code spate_claims} beside the ledger; a claim's lock is a byte-range lock
   * of the file {@code FILE.spate-claims} ({@link ClaimLocks}), taken through the functions of the
   * pool's connections. A task's check needs no row lock: it runs in a load's immediate
   * transaction, which a takeover's write waits for.
   */
  private static final TableClaims CLAIMS =
      new TableClaims(
          new TableClaims.Sql(
              "SELECT count(*) > 0 FROM sqlite_master WHERE type = 'table'"
                  + " AND name = 'spate_claims'",
              List.of(
                  "CREATE TABLE IF NOT EXISTS spate_claims (table_name TEXT PRIMARY KEY,"
                      + " job_id TEXT NOT NULL, plan TEXT NOT NULL, holder TEXT NOT NULL,"
                      + " claimed_at TEXT NOT NULL)"),
              "SELECT spate_claim_lock(?)",
              "SELECT spate_claim_unlock_all()",
              READ_CLAIM,
              "INSERT INTO spate_claims (table_name, job_id, plan, holder, claimed_at)"
                  + " VALUES (?, ?, ?, ?, strftime('%Y-%m-%d %H:%M:%S', 'now'))"
                  + " ON CONFLICT (table_name) DO UPDATE SET job_id = excluded.job_id,"
                  + " plan = excluded.plan, holder = excluded.holder,"
                  + " claimed_at = excluded.claimed_at",
              "DELETE FROM spate_claims WHERE table_name = ? AND job_id = ?",
              READ_CLAIM));

  /** The table's name, quoted; in the main database, which a SQLite file is. */
  @Override
  public String tableName(Table table) {
    return table.schema().equals(Table.DEFAULT_SCHEMA) || table.schema().equals("main")
        ? quote(table.name())
        : quote(table.schema()) + "." + quote(table.name());
  }

  @Override
  public String quote(String identifier) {
    return '"' + identifier.replace("\"", "\"\"") + '"';
  }

  @Override
  public boolean uniqueViolation(SQLException e) {
    return e instanceof SQLiteException s
        && (s.getResultCode() == SQLiteErrorCode.SQLITE_CONSTRAINT_PRIMARYKEY
            || s.getResultCode() == SQLiteErrorCode.SQLITE_CONSTRAINT_UNIQUE
            || s.getResultCode() == SQLiteErrorCode.SQLITE_CONSTRAINT_ROWID);
  }

  /** {@code SQLITE_BUSY} (the busy timeout passed) and {@code SQLITE_LOCKED}, any extended code. */
  @Override
  public boolean retriable(SQLException e) {
    return e instanceof SQLiteException s
            && (s.getResultCode().code & 0xFF) == SQLiteErrorCode.SQLITE_BUSY.code
        || e instanceof SQLiteException l
            && (l.getResultCode().code & 0xFF) == SQLiteErrorCode.SQLITE_LOCKED.code;
  }

  @Override
  public TargetIdentity identity(Connection connection, List<String> qualifiedTables)
      throws SQLException {
    return SqliteIdentity.of(connection, qualifiedTables);
  }
}
