/**
 * {@code spate demo}: a distributed fill end to end in one JVM, on an embedded PostgreSQL and the
 * embedded Kafka broker, with the schema and fill configuration (TPC-C) bundled in the jar. It uses
 * the same planner, workers and submit path as the real commands; only the servers are its own.
 */
package io.spate.coordinator.demo;
