/**
 * A worker's Prometheus metrics (Micrometer), every name prefixed {@code spate_}: what it
 * generated, loaded and sent, how its tasks went, and its consumer lag. Counters count this process
 * since it started; the health server exposes them at {@code /metrics}.
 */
package io.spate.worker.metrics;
