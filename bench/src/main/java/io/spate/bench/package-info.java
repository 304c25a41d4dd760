/**
 * JMH micro-benchmarks of the generation engine, the seed hashing and the binary COPY encoder,
 * packaged as {@code bench/target/benchmarks.jar}. No database: the fixture schemas come from their
 * introspected snapshots in {@code examples/schemas} ({@link io.spate.bench.Fixtures}), one-column
 * tables are built in code, so a score measures generation and encoding alone, never the network or
 * the server.
 */
package io.spate.bench;
