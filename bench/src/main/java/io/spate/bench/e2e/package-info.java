/**
 * The end-to-end bench behind {@code bench/run}: scenarios, the modes Spate runs in, the references
 * measured beside them in the same run, and the results it writes (JSON and an SVG chart).
 */
package io.spate.bench.e2e;
