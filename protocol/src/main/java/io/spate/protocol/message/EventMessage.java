package io.spate.protocol.message;

import com.fasterxml.jackson.annotation.JsonInclude;

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
    boolean retriable,
    @JsonInclude(JsonInclude.Include.NON_DEFAULT) boolean discarded) {

  /** An event of a task whose rows went where the task says (not a dry run's). */
  public EventMessage(
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
    this(
        v,
        jobId,
        taskId,
        table,
        type,
        rows,
        durationMillis,
        workerId,
        attempt,
        error,
        retriable,
        false);
  }

  public enum Type {
    STARTED,
    PROGRESSED,
    SUCCEEDED,
    FAILED
  }
}
