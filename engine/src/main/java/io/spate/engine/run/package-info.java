/**
 * Running one task against a target with exactly-once effect, for a worker and for local mode
 * alike: {@link io.spate.engine.run.TaskExecution} checks the ledger ({@code spate.ledger}), then
 * commits the task's rows (binary COPY) and its ledger row in one transaction, so a redelivered,
 * duplicated or resumed task never writes twice. A dry run takes the same path to the row load and
 * stops there: {@link io.spate.engine.run.DiscardingSink} encodes the rows and drops them, with no
 * connection and no ledger. {@link io.spate.engine.target.TableClaims} keeps a table to one job at
 * a time: a job claims its tables before it checks them, and every task checks the claim before its
 * rows.
 */
package io.spate.engine.run;
