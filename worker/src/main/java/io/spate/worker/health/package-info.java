/**
 * The worker's health, readiness and metrics endpoints (a small Vert.x HTTP server, off unless
 * asked for).
 */
package io.spate.worker.health;
