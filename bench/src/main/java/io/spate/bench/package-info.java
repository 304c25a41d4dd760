/**
 * JMH micro-benchmarks of the generation engine, the seed hashing and the binary COPY encoder,
 * packaged as {@code bench/target/benchmarks.jar}. Schemas are built in code (no database): a score
 * measures generation and encoding alone, never the network or the server.
 */
package io.spate.bench;
