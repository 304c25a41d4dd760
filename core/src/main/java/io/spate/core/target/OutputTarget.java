package io.spate.core.target;

import io.spate.engine.target.TaskSink;
import io.spate.protocol.error.SpateException;
import io.spate.protocol.plan.FillPlan;
import io.spate.protocol.plan.TablePlan;
import java.util.Optional;
import java.util.ServiceLoader;
import java.util.function.Consumer;
import java.util.function.LongConsumer;

/**
 * A target a fill writes without a database connection, such as a directory of files ({@code
 * file:///data/out?format=csv}); its schema comes from elsewhere (a database read, never written).
 * Found from its URL by {@link ServiceLoader} ({@code META-INF/services/io.spate.core.target.
 * OutputTarget} in its module).
 *
 * <p>The lifecycle of one fill: {@link #open} claims the output for the job (no other fill writes
 * it until {@link Opened#close}) and makes it ready as {@link TargetTables.Start} says; the fill's
 * threads write tasks through {@link Opened#sink}, whose ledger makes each task's effect happen
 * once; once a table holds all its rows, {@link Opened#finish} completes it (a manifest) and
 * returns the rows it holds.
 */
public interface OutputTarget {

  /** Whether this implementation writes the output {@code url} names. */
  boolean serves(String url);

  /** The format the output at {@code url} is written in ({@code csv}), which its jobs carry. */
  String format(String url);

  /**
   * Claims and prepares the output at {@code url} for the fill of {@code plan}.
   *
   * @param planDigest the plan's digest, recorded with the output so a resume finds the same fill
   * @param jobId the job the output is opened for (a distributed job, which workers write), or null
   *     for the output's own job of the plan, the same for the same fill, which a resume finishes
   * @param notes told, for the user, what is done to the output
   * @throws SpateException when the output holds something {@code start} does not accept, or is
   *     claimed by another fill
   */
  Opened open(
      String url,
      FillPlan plan,
      String planDigest,
      String jobId,
      TargetTables.Start start,
      Consumer<String> notes);

  /** An output claimed for one fill. */
  interface Opened extends AutoCloseable {

    /**
     * The job id the fill's ledger entries carry: the same fill of the same output, the same id.
     */
    String jobId();

    /** The plan's tasks the ledger already holds (0 unless resuming). */
    int done();

    /**
     * Where the fill's tasks go; shared by its threads.
     *
     * @param bytesWritten receives the size of each buffer of rows written
     */
    TaskSink sink(LongConsumer bytesWritten);

    /** Completes {@code table} once it holds all its rows; returns the rows it holds. */
    long finish(TablePlan table);

    /** Where the output is, for messages. */
    String describe();

    /** Releases the claim. */
    @Override
    void close();
  }

  /** The implementation that serves {@code url}, if any on the class path does. */
  static Optional<OutputTarget> of(String url) {
    return ServiceLoader.load(OutputTarget.class, OutputTarget.class.getClassLoader()).stream()
        .map(ServiceLoader.Provider::get)
        .filter(target -> target.serves(url))
        .findFirst();
  }
}
