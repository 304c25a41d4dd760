/**
 * Distributed fills: publishing a job and its tasks to Kafka, following the job's events (release,
 * retry, finish), and reading job status from the topics. A coordinator holds no state Kafka does
 * not hold too, so a restarted one carries on.
 */
package io.spate.coordinator.submit;
