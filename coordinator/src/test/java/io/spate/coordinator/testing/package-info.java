/**
 * Test fixtures of the coordinator's integration tests: a real Kafka broker shared per JVM, and a
 * network namespace whose link a test can cut.
 */
package io.spate.coordinator.testing;
