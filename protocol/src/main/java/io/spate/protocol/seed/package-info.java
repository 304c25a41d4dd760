/**
 * Seed derivation and counter-based hashing. A cell's value depends only on the job seed, the table
 * and column names and the row index; this package is the one place that turns those into bits.
 */
package io.spate.protocol.seed;
