/**
 * Test fixtures of the coordinator's integration tests: a real Kafka broker shared per JVM, a
 * network namespace whose link a test can cut, MariaDB test databases, and a server-independent
 * canonical dump of a table's rows.
 */
package io.spate.coordinator.testing;
