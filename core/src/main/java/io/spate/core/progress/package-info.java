/**
 * Progress of a running fill: lock-free counters that task threads bump and a display that reads
 * them. Counters count rows sent, so they may run ahead of what is committed.
 */
package io.spate.core.progress;
