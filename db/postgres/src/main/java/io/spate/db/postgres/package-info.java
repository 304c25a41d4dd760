/**
 * PostgreSQL as a target: the worker side of the {@link io.spate.engine.target.TargetDialect} seam.
 * Binary {@code COPY} streamed from generation (with a whole table's indexes built after its rows,
 * in the task's transaction, where the plan asks), the ledger table, the per-transaction trigger
 * and lock settings. Nothing outside this package and the classes it delegates to speaks
 * PostgreSQL's load path.
 */
package io.spate.db.postgres;
