package io.spate.protocol.message;

import io.spate.protocol.plan.FillPlan;
import io.spate.protocol.plan.TargetIdentity;

/**
 * A job as published on the jobs topic (compacted, keyed by job id): everything a worker needs to
 * produce any of its tasks' rows. The latest record for a job also carries its state, so a late
 * worker or a restarted coordinator learns how the job stands.
 *
 * @param target the name of the database target; each worker maps it to a URL and secret of its own
 * @param state RUNNING until the coordinator records DONE, FAILED or CANCELLED (workers skip the
 *     tasks of a job that is not RUNNING)
 * @param disableTriggers workers load with user triggers (and with them foreign-key checks) off,
 *     and the coordinator validates every foreign key once the rows are in; absent (false) in
 *     messages of earlier writers
 * @param foreignKeysAfterLoad the filled tables have no user trigger or rule, so workers whose role
 *     may set the replica role load with it (which only moves the foreign-key checks), and the
 *     coordinator validates every foreign key once the rows are in; absent (false) in messages of
 *     earlier writers, whose workers then keep the server's row-by-row checks
 * @param targetIdentity the database the plan was made against, read from its catalog when the job
 *     was published; a worker writes only where its own target reads the same ({@link
 *     TargetIdentity#mismatch}). Absent (null) in messages of earlier writers: workers refuse such
 *     a job, since they cannot tell where it belongs; null too when the job writes files
 * @param fileFormat the format of the files the job writes ({@code csv}, {@code parquet}) into a
 *     directory its coordinator opened for it, each worker at its own mount of that directory; null
 *     when the target is a database
 */
public record JobMessage(
    String v,
    String jobId,
    String target,
    FillPlan plan,
    State state,
    String error,
    long submittedAtMillis,
    boolean disableTriggers,
    boolean foreignKeysAfterLoad,
    TargetIdentity targetIdentity,
    String fileFormat) {

  /** A job that loads with triggers on and names no target identity. */
  public JobMessage(
      String v,
      String jobId,
      String target,
      FillPlan plan,
      State state,
      String error,
      long submittedAtMillis) {
    this(v, jobId, target, plan, state, error, submittedAtMillis, false, false, null, null);
  }

  /**
   * Where a job stands: the one job-state enum of every mode (the coordinator's fold of the events
   * answers it, the jobs topic carries it, the API and {@code spate status} show it). Its names are
   * wire values.
   */
  public enum State {
    RUNNING,
    DONE,
    FAILED,
    CANCELLED
  }

  public JobMessage withState(State newState, String newError) {
    return new JobMessage(
        v,
        jobId,
        target,
        plan,
        newState,
        newError,
        submittedAtMillis,
        disableTriggers,
        foreignKeysAfterLoad,
        targetIdentity,
        fileFormat);
  }

  /** Whether the job writes files rather than filling a database. */
  public boolean writesFiles() {
    return fileFormat != null;
  }

  /** Whether the coordinator checks every foreign key once the rows are in. */
  public boolean validatesForeignKeysAtEnd() {
    return disableTriggers || foreignKeysAfterLoad;
  }
}
