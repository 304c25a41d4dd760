package io.spate.coordinator.submit;

import io.spate.core.job.Retries;
import io.spate.core.local.LocalFill;
import io.spate.core.local.LocalJob;
import io.spate.core.progress.FillProgress;
import io.spate.core.target.LoadTriggers;
import io.spate.core.target.OutputTarget;
import io.spate.core.target.TargetSteps;
import io.spate.core.target.TargetTables;
import io.spate.engine.target.Outage;
import io.spate.engine.target.TableClaims;
import io.spate.engine.target.TargetIdentities;
import io.spate.engine.target.TargetKind;
import io.spate.engine.target.Triggers;
import io.spate.protocol.error.SpateException;
import io.spate.protocol.message.JobMessage;
import io.spate.protocol.message.Messages;
import io.spate.protocol.plan.FillPlan;
import io.spate.protocol.plan.TargetIdentity;
import io.spate.worker.kafka.KafkaSettings;
import java.util.UUID;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.FutureTask;
import java.util.function.Consumer;
import javax.sql.DataSource;

/** Hands a planned fill to Kafka: the one way {@code spate submit} and {@code spate demo} do it. */
public final class Submission {

  private Submission() {}

  /**
   * Reads the target's identity ({@link TargetIdentities}: workers write only where theirs reads
   * the same), makes sure of the ledger, empties (or checks) the target's tables ({@link
   * TargetTables#prepare}, telling {@code notes} what it empties), and publishes a new job. The
   * returned follower publishes the tasks and follows the job when its {@link
   * DistributedFill#follow()} runs; the caller closes it. The follower rides out outages of the
   * declared default length ({@link Outage#DEFAULT}).
   */
  public static DistributedFill publish(
      KafkaSettings kafka,
      DataSource target,
      String targetName,
      FillPlan plan,
      boolean truncate,
      Consumer<String> notes,
      Retries retries,
      FillProgress progress) {
    return publish(
        kafka,
        target,
        targetName,
        plan,
        truncate,
        notes,
        TargetSteps.of(target).chooseTriggers(target, plan, false),
        retries,
        Outage.DEFAULT,
        progress);
  }

  /**
   * Like {@link #publish(KafkaSettings, DataSource, String, FillPlan, boolean, Consumer, Retries,
   * FillProgress)}, telling workers what to do with the triggers; unless they stay on, the job's
   * follower validates every foreign key at the end.
   *
   * @param outage how long the follower's own work on the target waits after losing the connection
   */
  public static DistributedFill publish(
      KafkaSettings kafka,
      DataSource target,
      String targetName,
      FillPlan plan,
      boolean truncate,
      Consumer<String> notes,
      LoadTriggers triggers,
      Retries retries,
      Outage outage,
      FillProgress progress) {
    String jobId = UUID.randomUUID().toString().substring(0, 8);
    TargetKind kind = TargetKind.of(target);
    TargetIdentity identity =
        kind.dialect().identity(target, plan, "job " + jobId + " / target \"" + targetName + "\"");
    JobMessage job =
        new JobMessage(
            Messages.VERSION,
            jobId,
            targetName,
            plan,
            JobMessage.State.RUNNING,
            null,
            System.currentTimeMillis(),
            triggers.mode() == Triggers.Mode.OFF,
            triggers.mode() == Triggers.Mode.OFF_IF_ALLOWED,
            identity,
            null);
    JobTarget.Database database = new JobTarget.Database(job, target);
    // the follower's Kafka clients and the job's encoded record are made beside the target's steps
    // below, which need neither; nothing is published before both are done
    FutureTask<DistributedFill> follower =
        new FutureTask<>(
            () -> new DistributedFill(kafka, job, database, progress, retries, outage, true));
    Thread.ofPlatform().daemon().name("spate-follower-open").start(follower);
    try {
      kind.dialect().ledger().ensure(target); // the ledger's home first: the claims live beside it
      TableClaims.Claim claim =
          kind.dialect()
              .claims()
              .claim(
                  target,
                  jobId,
                  LocalFill.planDigest(plan),
                  TableClaims.holder("the coordinator of spate submit"),
                  LocalJob.written(plan));
      try {
        TargetSteps.of(kind)
            .prepare(
                target,
                plan,
                jobId,
                truncate ? TargetTables.Start.TRUNCATE : TargetTables.Start.EMPTY,
                notes);
      } catch (RuntimeException e) {
        claim.close();
        throw e;
      }
      database.hold(claim);
    } catch (RuntimeException e) {
      closeWhenMade(follower);
      throw e;
    }
    return publish(made(follower, database), database);
  }

  /**
   * The follower {@code opening} made; if it could not be made, {@code target}'s claim is released.
   */
  private static DistributedFill made(FutureTask<DistributedFill> opening, JobTarget target) {
    try {
      return opening.get();
    } catch (ExecutionException e) {
      target.release();
      throw e.getCause() instanceof RuntimeException r
          ? r
          : new SpateException("cannot open the job's Kafka clients: " + e.getCause(), e);
    } catch (InterruptedException e) {
      Thread.currentThread().interrupt();
      target.release();
      throw new SpateException("interrupted while opening the job's Kafka clients", e);
    }
  }

  /** Closes the follower {@code opening} makes once it is made; nothing of it was published. */
  private static void closeWhenMade(FutureTask<DistributedFill> opening) {
    try {
      opening.get().close();
    } catch (ExecutionException e) {
      // it was never made: nothing to close
    } catch (InterruptedException e) {
      Thread.currentThread().interrupt();
    }
  }

  /**
   * Opens the output {@code url} names for a new job that writes files (its claim, what {@code
   * truncate} says of files there, {@code .spate-job} naming the job, which workers check at their
   * mounts of it) and publishes the job; workers map {@code targetName} to their own mounts of the
   * output. The returned follower publishes the tasks and, as each table is full, writes its
   * manifest.
   */
  public static DistributedFill publishFiles(
      KafkaSettings kafka,
      OutputTarget output,
      String url,
      String targetName,
      FillPlan plan,
      boolean truncate,
      Consumer<String> notes,
      Retries retries,
      FillProgress progress) {
    String jobId = UUID.randomUUID().toString().substring(0, 8);
    OutputTarget.Opened opened =
        output.open(
            url,
            plan,
            LocalFill.planDigest(plan),
            jobId,
            truncate ? TargetTables.Start.TRUNCATE : TargetTables.Start.EMPTY,
            notes);
    JobMessage job =
        new JobMessage(
            Messages.VERSION,
            jobId,
            targetName,
            plan,
            JobMessage.State.RUNNING,
            null,
            System.currentTimeMillis(),
            false,
            false,
            null,
            output.format(url));
    JobTarget files = new JobTarget.Output(job, opened);
    DistributedFill fill;
    try {
      fill = new DistributedFill(kafka, job, files, progress, retries, Outage.NONE, true);
    } catch (RuntimeException e) {
      files.release();
      throw e;
    }
    return publish(fill, files);
  }

  /**
   * Publishes the job record of {@code fill}, a new job's follower; a failure releases its claim.
   */
  private static DistributedFill publish(DistributedFill fill, JobTarget target) {
    try {
      fill.publishJob();
    } catch (RuntimeException e) {
      target.release(); // nothing was published: the target is free again
      fill.close();
      throw e;
    }
    return fill;
  }
}
