/**
 * The generation engine: per-column cell generators compiled from a plan. Every cell is a pure
 * function of (seed, table, column, slot) through counter-based hashing, and references recompute
 * the parent's key with the parent's own generators, so any split of slots gives the same bytes.
 */
package io.spate.engine.generate;
