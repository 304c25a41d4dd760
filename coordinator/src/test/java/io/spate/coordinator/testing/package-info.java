/** Test fixtures of the coordinator's integration tests: a real Kafka broker shared per JVM. */
package io.spate.coordinator.testing;
