package io.spate.db.h2;

import io.spate.engine.target.SqlTableLedger;
import java.util.List;

/**
 * The task ledger in the H2 database itself, table {@code "SPATE"."LEDGER"} (a schema of its own,
 * which no fill reads), upper-case columns as H2 folds unquoted names ({@link SqlTableLedger}).
 */
final class H2Ledger {

  static final String SCHEMA = "SPATE";

  static final String TABLE = "\"SPATE\".\"LEDGER\"";

  static final SqlTableLedger INSTANCE =
      new SqlTableLedger(
          H2Dialect.INSTANCE,
          TABLE,
          List.of(
              "CREATE SCHEMA IF NOT EXISTS \"SPATE\"",
              "CREATE TABLE IF NOT EXISTS "
                  + TABLE
                  + " (JOB_ID VARCHAR NOT NULL, TASK_ID VARCHAR NOT NULL,"
                  + " WORKER_ID VARCHAR NOT NULL, ATTEMPT INTEGER NOT NULL,"
                  + " \"ROWS\" BIGINT NOT NULL, FINISHED_AT TIMESTAMP(3) NOT NULL,"
                  + " PRIMARY KEY (JOB_ID, TASK_ID))"),
          SqlTableLedger.Names.UPPER,
          "LOCALTIMESTAMP(3)");

  private H2Ledger() {}
}
