/**
 * The worker's Kafka side: the consume loop (one task per partition at a time, offsets committed
 * only after the database commit), the job cache read from the compacted jobs topic, target pools,
 * and the task runner that reports every outcome as an event.
 */
package io.spate.worker.consume;
