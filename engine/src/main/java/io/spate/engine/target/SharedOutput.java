package io.spate.engine.target;

import io.spate.protocol.error.SpateException;
import io.spate.protocol.plan.FillPlan;
import java.util.Optional;
import java.util.ServiceLoader;
import java.util.function.LongConsumer;

/**
 * A worker's side of an output that is not a database, such as a directory of files on storage
 * every worker mounts ({@code file:///mnt/out}): the coordinator opens it for a job (claims it,
 * empties it, records the job in it), and each worker joins it at its own mount and writes its
 * tasks there. Found from the worker's target URL by {@link ServiceLoader} ({@code
 * META-INF/services/io.spate.engine.target.SharedOutput} in the output's module).
 */
public interface SharedOutput {

  /** Whether this implementation writes the output {@code url} names. */
  boolean serves(String url);

  /**
   * The sink of {@code jobId}'s tasks in the output at {@code url}, this worker's mount of the one
   * the job's coordinator opened.
   *
   * @param format the format the job writes, which {@code url} may name too
   * @param bytesWritten receives the size of each buffer of rows written
   * @throws SpateException beginning "refusing to write" when {@code url} is not the output the
   *     job's coordinator opened for it (another directory, a mount of another share, another
   *     format): nothing was written
   */
  TaskSink join(String url, String jobId, String format, FillPlan plan, LongConsumer bytesWritten);

  /** The implementation that serves {@code url}, if any on the class path does. */
  static Optional<SharedOutput> of(String url) {
    return ServiceLoader.load(SharedOutput.class, SharedOutput.class.getClassLoader()).stream()
        .map(ServiceLoader.Provider::get)
        .filter(output -> output.serves(url))
        .findFirst();
  }
}
