package io.spate.protocol.message;

/**
 * Where a task of a job stands, as the coordinator's fold of the job's events sees it; every mode
 * (local, distributed, the service, {@code spate status}) names a task's state with these values.
 * Never on the wire: each reader derives it from the events.
 *
 * <p>A task moves PENDING -> QUEUED -> RUNNING -> DONE; a failed attempt that may pass moves it to
 * RETRYING, and its next publication back to QUEUED; a failure that may not (permanent, or the last
 * attempt) moves it to FAILED, which fails the job. DONE and FAILED are final.
 */
public enum TaskState {
  /** Its table waits for the tables it references. */
  PENDING,
  /** Published; no worker has reported on it since. */
  QUEUED,
  /** A worker reported it started or progressed. */
  RUNNING,
  /** An attempt failed and the task waits to be published again. */
  RETRYING,
  /** Its rows are committed. */
  DONE,
  /** It failed for good, and with it the job. */
  FAILED;

  /** Whether nothing will change the task any more. */
  public boolean isFinal() {
    return this == DONE || this == FAILED;
  }
}
