/**
 * The coordinator as a service: an HTTP API (Vert.x) to submit, list, follow and cancel jobs, a
 * server-sent-events stream and a live page of a job's progress, and Prometheus metrics. The
 * service holds the database credentials and Kafka settings itself: a request names a target and
 * never carries a secret, and no response contains one. Every endpoint but {@code /health} (and
 * {@code /metrics} when made public) requires the bearer token.
 */
package io.spate.coordinator.http;
