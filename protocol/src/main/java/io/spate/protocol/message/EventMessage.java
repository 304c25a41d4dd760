package io.spate.protocol.message;

/**
 * What a worker reports about a task on the events topic (keyed by job id, so one job's events stay
 * in order per partition).
 *
 * @param rows rows written so far (PROGRESSED) or committed (SUCCEEDED)
 * @param retriable for FAILED: whether another attempt may succeed
 */
public record EventMessage(
    String v,
    String jobId,
    String taskId,
    String table,
    Type type,
    long rows,
    long durationMillis,
    String workerId,
    int attempt,
    String error,
    boolean retriable) {

  public enum Type {
    STARTED,
    PROGRESSED,
    SUCCEEDED,
    FAILED
  }
}
