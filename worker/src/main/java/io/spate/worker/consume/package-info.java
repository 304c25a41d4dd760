/**
 * The worker's consume loop (one task per partition at a time, offsets committed only after the
 * database commit) and the task runner that reports every outcome as an event. Internal to the
 * worker: the coordinator never uses it.
 */
package io.spate.worker.consume;
