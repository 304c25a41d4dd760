/**
 * Test fixtures shared by every module's tests: a fresh database on a real PostgreSQL ({@link
 * io.spate.worker.testing.TestDatabase}), a server of a test's own to restart or stop ({@link
 * io.spate.worker.testing.PrivateCluster}), the repository's fixture schemas, configs and schema
 * snapshots in {@code examples/} ({@link io.spate.worker.testing.Fixtures}), and the one way a test
 * waits for a condition ({@link io.spate.worker.testing.Await}).
 */
package io.spate.worker.testing;
