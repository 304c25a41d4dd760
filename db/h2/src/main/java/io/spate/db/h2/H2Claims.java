package io.spate.db.h2;

import io.spate.engine.target.TableClaims;
import java.util.List;

/**
 * The statements of H2's table claims ({@link TableClaims}), in schema {@code SPATE} beside the
 * ledger: the claim rows in {@code CLAIMS}, and their session locks in {@code CLAIM_LOCKS}.
 *
 * <p>H2 has no advisory locks, so a claim's lock is a row naming its holder's session by the pair
 * H2 lists in {@code INFORMATION_SCHEMA.SESSIONS}: {@code SESSION_ID} and {@code SESSION_START} (to
 * the nanosecond; ids start again at 1 each time a database opens, the pair does not repeat). A
 * lock is held while that session lives: {@code tryLock} takes a table's row when there is none or
 * when its session is gone (a killed process, a database reopened), in one {@code MERGE} whose
 * {@code FINAL TABLE} says whether it took it. Only an administrator sees every session; a fill as
 * another user would take over a live lock, so fills must connect as an administrator (the owner
 * who created the database is one).
 *
 * <p>H2 has no {@code FOR SHARE}: a task checks the claim row with a plain read, which sees the
 * committed claim, so a task of a job whose claim was taken over is refused, but a takeover does
 * not wait for the tasks already past their check.
 */
final class H2Claims {

  private H2Claims() {}

  /** The current session's start, to the nanosecond. */
  private static final String SESSION_START =
      "(SELECT SESSION_START FROM INFORMATION_SCHEMA.SESSIONS WHERE SESSION_ID = SESSION_ID())";

  private static final String READ =
      "SELECT JOB_ID, PLAN, HOLDER, FORMATDATETIME(CLAIMED_AT, 'yyyy-MM-dd HH:mm:ss')"
          + " FROM \"SPATE\".\"CLAIMS\" WHERE TABLE_NAME = ?";

  static final TableClaims CLAIMS =
      new TableClaims(
          new TableClaims.Sql(
              "SELECT count(*) = 2 FROM INFORMATION_SCHEMA.TABLES WHERE TABLE_SCHEMA = 'SPATE'"
                  + " AND TABLE_NAME IN ('CLAIMS', 'CLAIM_LOCKS')",
              List.of(
                  "CREATE SCHEMA IF NOT EXISTS \"SPATE\"",
                  "CREATE TABLE IF NOT EXISTS \"SPATE\".\"CLAIMS\" (TABLE_NAME VARCHAR PRIMARY KEY,"
                      + " JOB_ID VARCHAR NOT NULL, PLAN VARCHAR NOT NULL, HOLDER VARCHAR NOT NULL,"
                      + " CLAIMED_AT TIMESTAMP(0) NOT NULL)",
                  "CREATE TABLE IF NOT EXISTS \"SPATE\".\"CLAIM_LOCKS\" (TABLE_NAME VARCHAR"
                      + " PRIMARY KEY, SESSION_ID INTEGER NOT NULL,"
                      + " SESSION_START TIMESTAMP(9) WITH TIME ZONE NOT NULL)"),
              "SELECT count(*) = 1 FROM FINAL TABLE (MERGE INTO \"SPATE\".\"CLAIM_LOCKS\" l"
                  + " USING (VALUES (CAST(? AS VARCHAR))) v(t) ON l.TABLE_NAME = v.t"
                  + " WHEN MATCHED AND NOT EXISTS (SELECT 1 FROM INFORMATION_SCHEMA.SESSIONS s"
                  + " WHERE s.SESSION_ID = l.SESSION_ID AND s.SESSION_START = l.SESSION_START)"
                  + " THEN UPDATE SET SESSION_ID = SESSION_ID(), SESSION_START = "
                  + SESSION_START
                  + " WHEN NOT MATCHED THEN INSERT VALUES (v.t, SESSION_ID(), "
                  + SESSION_START
                  + "))",
              "DELETE FROM \"SPATE\".\"CLAIM_LOCKS\" WHERE SESSION_ID = SESSION_ID()"
                  + " AND SESSION_START = "
                  + SESSION_START,
              READ,
              "MERGE INTO \"SPATE\".\"CLAIMS\" (TABLE_NAME, JOB_ID, PLAN, HOLDER, CLAIMED_AT)"
                  + " KEY (TABLE_NAME) VALUES (?, ?, ?, ?, LOCALTIMESTAMP(0))",
              "DELETE FROM \"SPATE\".\"CLAIMS\" WHERE TABLE_NAME = ? AND JOB_ID = ?",
              READ));
}
