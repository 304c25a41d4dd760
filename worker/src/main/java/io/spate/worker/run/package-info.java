/**
 * Running one task against a target with exactly-once effect: its rows go in with binary COPY and
 * its row in the ledger ({@code spate.ledger}) commits in the same transaction, so a redelivered or
 * duplicated task never writes twice.
 */
package io.spate.worker.run;
