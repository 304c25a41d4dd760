package io.spate.coordinator.submit;

import io.spate.engine.target.TargetKind;
import io.spate.protocol.error.SpateException;
import io.spate.protocol.message.JobMessage;
import io.spate.protocol.plan.TargetIdentity;
import java.util.Optional;
import javax.sql.DataSource;

/**
 * The coordinator's side of the rule workers keep ({@code TaskRunner}): a job is followed, and its
 * tables finished (sequences, ANALYZE) and its foreign keys checked, only on the database it was
 * planned against. The coordinator reads its target's {@link TargetIdentity} from the live catalog
 * the way workers do and compares it with the one the job carries; a target name that matches is
 * not enough, since two services may give one name to different databases.
 *
 * <p>A job without an identity (published by an earlier coordinator) is refused too: workers refuse
 * it, so it cannot finish, and nothing says where its after-load steps belong.
 */
public final class JobTargetCheck {

  private JobTargetCheck() {}

  /**
   * Why this coordinator must not act for {@code job} on {@code target}, or empty when {@code
   * target} is the database (and the table definitions) the job was planned against. A failure to
   * read the catalog propagates (retriable when the connection was lost).
   *
   * @param where how to name {@code target}, e.g. {@code target "default" of the coordinator}
   */
  public static Optional<String> refusal(JobMessage job, DataSource target, String where) {
    if (job.targetIdentity() == null) {
      return Optional.of(
          "job "
              + job.jobId()
              + " does not say which database it was planned against (it was published by an"
              + " earlier coordinator); submit it again with a current coordinator");
    }
    TargetIdentity actual =
        TargetKind.of(target).dialect().identity(target, job.plan(), "job " + job.jobId());
    return job.targetIdentity()
        .mismatch(actual, where)
        .map(why -> "job " + job.jobId() + " is not this coordinator's to follow: " + why);
  }

  /** Throws {@link SpateException} with the {@link #refusal} unless it is empty. */
  public static void require(JobMessage job, DataSource target, String where) {
    Optional<String> refusal = refusal(job, target, where);
    if (refusal.isPresent()) {
      throw new SpateException(refusal.get());
    }
  }
}
