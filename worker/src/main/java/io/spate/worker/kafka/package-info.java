/**
 * The worker's Kafka surface, shared with the coordinator: client settings and topic names, the
 * options every Kafka-facing command takes, the workers' consumer group, and the job cache read
 * from the compacted jobs topic.
 */
package io.spate.worker.kafka;
