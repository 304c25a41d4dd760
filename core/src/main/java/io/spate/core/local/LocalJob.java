package io.spate.core.local;

import io.spate.core.plan.FillSettings;
import io.spate.core.plan.LoadTraits;
import io.spate.core.plan.Plans;
import io.spate.core.profile.Profile;
import io.spate.core.target.LoadTriggers;
import io.spate.core.target.TargetSteps;
import io.spate.core.target.TargetTables;
import io.spate.engine.target.TableClaims;
import io.spate.engine.target.TargetDialect;
import io.spate.engine.target.TargetKind;
import io.spate.engine.target.TaskLedger;
import io.spate.protocol.plan.FillPlan;
import io.spate.protocol.plan.TablePlan;
import io.spate.protocol.plan.TargetIdentity;
import io.spate.protocol.plan.Task;
import java.sql.Connection;
import java.util.List;
import java.util.Map;
import java.util.concurrent.CompletableFuture;
import java.util.function.Consumer;
import java.util.stream.Stream;
import javax.sql.DataSource;

/**
 * The steps of a fill in this JVM before its {@link LocalFill} runs: the checked plan of the
 * introspected schemas, then the target made ready (the ledger, the tables as the start asks, the
 * triggers' mode). {@code spate local} and the Java API ({@code spate-api}) both take this one
 * path, so a plan and a job id mean the same from either.
 */
public final class LocalJob {

  /**
   * The target, ready for the load, its tables claimed for the job until this is closed.
   *
   * @param jobId the job id the fill's ledger rows carry ({@link LocalFill#jobId})
   * @param done the plan's tasks the ledger already holds (0 unless resuming)
   * @param claim the job's claim of the tables it writes ({@link TableClaims})
   */
  public record Ready(String jobId, LoadTriggers triggers, int done, TableClaims.Claim claim)
      implements AutoCloseable {
    /** Releases the tables' claim: after the fill, whichever way it ended. */
    @Override
    public void close() {
      claim.close();
    }
  }

  private LocalJob() {}

  /**
   * The checked plan of the named schemas ({@link Plans#checkedPlan}), the server deciding the
   * CHECKs Spate cannot read ({@link io.spate.core.target.TargetSteps#checkServer}, which reports
   * each pool to {@code notes}); writes nothing.
   */
  public static FillPlan plan(
      Connection connection, List<String> schemas, FillSettings settings, Consumer<String> notes) {
    return plan(connection, schemas, settings, null, notes);
  }

  /** The same, the open columns drawn by a source's {@code profile} (null: none). */
  public static FillPlan plan(
      Connection connection,
      List<String> schemas,
      FillSettings settings,
      Profile profile,
      Consumer<String> notes) {
    return plan(connection, schemas, settings, profile, null, notes);
  }

  /**
   * The same, for rows loaded as {@code traits} says (null: as the database {@code connection}
   * reaches loads them), such as files written from its schema ({@link LoadTraits#FILES}).
   */
  public static FillPlan plan(
      Connection connection,
      List<String> schemas,
      FillSettings settings,
      Profile profile,
      LoadTraits traits,
      Consumer<String> notes) {
    TargetSteps steps = TargetSteps.of(connection);
    return Plans.checkedPlan(
        steps.introspect(connection, schemas),
        settings,
        connection,
        steps.checkServer(connection, notes),
        profile,
        traits);
  }

  /**
   * Makes the target ready for {@code plan}: the triggers' mode of the load ({@link
   * LoadTriggers#choose}), then its tables as {@code start} says ({@link TargetTables#prepare}).
   *
   * @param notes told, for the user, what is done to the tables and how triggers are handled
   */
  public static Ready prepare(
      DataSource dataSource,
      FillPlan plan,
      TargetTables.Start start,
      boolean disableTriggers,
      Consumer<String> notes) {
    // the digest's first JSON encoding warms Jackson up (tens of ms): beside the triggers' queries
    CompletableFuture<String> digest =
        CompletableFuture.supplyAsync(() -> LocalFill.planDigest(plan));
    TargetSteps steps = TargetSteps.of(dataSource);
    TargetDialect dialect = TargetKind.of(dataSource).dialect();
    TargetIdentity identity = dialect.identity(dataSource, plan, "spate local");
    LoadTriggers triggers = steps.chooseTriggers(dataSource, plan, disableTriggers);
    notes.accept(triggers.description());
    String planDigest = digest.join();
    String jobId = LocalFill.jobId(planDigest, identity);
    dialect.ledger().ensure(dataSource); // the ledger's home first: the claims live beside it
    TableClaims.Claim claim =
        dialect
            .claims()
            .claim(dataSource, jobId, planDigest, TableClaims.holder("spate local"), written(plan));
    try {
      int done = steps.prepare(dataSource, plan, jobId, start, notes);
      return new Ready(jobId, triggers, done, claim);
    } catch (RuntimeException e) {
      claim.close();
      throw e;
    }
  }

  /** The tables a fill of {@code plan} writes: those it fills and those their triggers write. */
  public static List<String> written(FillPlan plan) {
    return Stream.concat(
            plan.tables().stream().filter(t -> t.rows() > 0).map(TablePlan::name),
            plan.triggerWritten().stream().map(TablePlan::name))
        .distinct()
        .toList();
  }

  /**
   * Whether the ledger records every task of {@code plan} as committed: the target holds this very
   * fill (same schema, config and seed) unless its rows changed since, which a resume checks.
   */
  public static boolean ledgerHoldsAll(DataSource dataSource, FillPlan plan) {
    TargetDialect dialect = TargetKind.of(dataSource).dialect();
    TaskLedger ledger = dialect.ledger();
    ledger.ensure(dataSource);
    Map<String, Long> finished =
        ledger.finished(
            dataSource, LocalFill.jobId(plan, dialect.identity(dataSource, plan, "spate local")));
    return plan.tasks().stream().map(Task::id).allMatch(finished::containsKey);
  }
}
