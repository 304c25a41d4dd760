package io.spate.engine.target;

import java.sql.Connection;
import java.sql.SQLException;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import javax.sql.DataSource;

/**
 * The ledger that makes a task's effect happen once, kept in the target database: one row per
 * finished (job, task), unique on that pair.
 *
 * <p>An implementation guarantees: {@link #record} writes the row inside the caller's open
 * transaction (the one holding the task's rows) and neither commits nor rolls back; a second {@link
 * #record} of the same (job, task) fails with {@link AlreadyDoneException} once the first committed
 * (or fails when it commits, the rows with it); the reads see only committed rows. {@link #ensure}
 * is safe when several processes start at once and tells a role lacking a right which one and the
 * SQL a DBA runs.
 */
public interface TaskLedger {

  /** A finished task's ledger row: the rows it committed, and the execution that committed them. */
  record Finished(long rows, String workerId, int attempt) {}

  /** Makes sure this role can use the ledger, creating it when it is missing. */
  void ensure(DataSource dataSource);

  /** The ledger row of a finished task, or empty when the task has not finished. */
  Optional<Finished> finished(DataSource dataSource, String jobId, String taskId);

  /** Every finished task of the job: task id to the rows it committed. */
  Map<String, Long> finished(DataSource dataSource, String jobId);

  /**
   * The other jobs that finished a task whose id starts with {@code taskIdPrefix} (a table's tasks:
   * {@code table[}), sorted.
   */
  List<String> otherJobs(DataSource dataSource, String jobId, String taskIdPrefix);

  /** Deletes the job's rows; returns how many were deleted. */
  int forget(DataSource dataSource, String jobId);

  /**
   * Records the task as finished inside the caller's open transaction.
   *
   * @throws AlreadyDoneException when another execution of the task committed first
   */
  void record(Connection c, String jobId, String taskId, String workerId, int attempt, long rows)
      throws SQLException;

  /** Another execution of the same task committed first; this one's transaction rolled back. */
  final class AlreadyDoneException extends RuntimeException {
    public AlreadyDoneException(String jobId, String taskId) {
      super(
          "job "
              + jobId
              + " / task "
              + taskId
              + " was finished by another execution; this one rolled back");
    }
  }
}
