/**
 * Seed derivation and counter-based hashing. A cell's value depends only on the job seed, the table
 * and column names, the purpose of the draw and the row index; this package is the one place that
 * turns those into bits. {@link io.spate.protocol.seed.Streams} derives every stream, one per
 * purpose, and no name can reach another purpose's stream; {@link io.spate.protocol.seed.Seeds}
 * holds the hashing under it.
 */
package io.spate.protocol.seed;
