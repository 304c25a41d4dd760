/**
 * The task ledger ({@code spate.ledger} in the target database): a task's rows and its ledger row
 * commit in one transaction, so a redelivered or duplicated task never writes twice.
 */
package io.spate.worker.ledger;
