package io.spate.db.sqlite;

import io.spate.engine.target.SqlTableLedger;
import java.util.List;

/**
 * The task ledger in the SQLite file itself, table {@code spate_ledger} (SQLite has no schemas to
 * keep it apart; the introspector skips it), its time UTC text with milliseconds ({@link
 * SqlTableLedger}).
 */
final class SqliteLedger {

  static final String TABLE = "spate_ledger";

  static final SqlTableLedger INSTANCE =
      new SqlTableLedger(
          SqliteDialect.INSTANCE,
          TABLE,
          List.of(
              "CREATE TABLE IF NOT EXISTS "
                  + TABLE
                  + " (job_id TEXT NOT NULL, task_id TEXT NOT NULL, worker_id TEXT NOT NULL,"
                  + " attempt INTEGER NOT NULL, \"rows\" INTEGER NOT NULL, finished_at TEXT NOT NULL,"
                  + " PRIMARY KEY (job_id, task_id)) WITHOUT ROWID"),
          SqlTableLedger.Names.LOWER,
          "strftime('%Y-%m-%d %H:%M:%f', 'now')");

  private SqliteLedger() {}
}
