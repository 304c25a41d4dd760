package io.spate.coordinator.demo;

import io.spate.protocol.error.SpateException;
import java.io.ByteArrayOutputStream;
import java.io.OutputStream;
import java.io.PrintStream;
import java.io.PrintWriter;
import java.nio.ByteBuffer;
import java.nio.CharBuffer;
import java.nio.charset.CharsetDecoder;
import java.nio.charset.CodingErrorAction;
import java.nio.charset.StandardCharsets;
import java.util.concurrent.Callable;
import picocli.CommandLine.Command;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Option;
import picocli.CommandLine.Spec;

/**
 * {@code spate demo}: a whole distributed fill on a machine that has only a JDK. It starts an
 * embedded PostgreSQL 17 and an embedded Kafka broker, creates the TPC-C schema, runs workers on
 * threads of this JVM, submits the fill as {@code spate submit} does and follows it to the same
 * summary (after a few sample rows), then stops everything and deletes its temporary directory,
 * also on failure and on Ctrl-C.
 */
@Command(
    name = "demo",
    mixinStandardHelpOptions = true,
    description = {
      "Fills a throwaway TPC-C database end to end on this machine: embedded PostgreSQL 17 and Kafka broker,"
          + " workers and the submitting coordinator all in this JVM. Needs nothing but a JDK (Linux x86-64).",
      "Everything is stopped and deleted at the end, also on failure and on Ctrl-C."
    },
    footer = DemoCommand.DATABASES)
public final class DemoCommand implements Callable<Integer> {

  /** The demo's database is its own PostgreSQL; the help still names every database Spate fills. */
  static final String DATABASES =
      "Databases: an embedded PostgreSQL 17. To fill MariaDB, MySQL, SQLite or H2, run spate local"
          + " or spate submit with a jdbc:mariadb://, jdbc:mysql://, jdbc:sqlite: or jdbc:h2: URL.";

  @Option(
      names = "--warehouses",
      paramLabel = "N",
      description =
          "TPC-C warehouses to fill, about 500,000 rows each plus 100,000 items (default: ${DEFAULT-VALUE})")
  int warehouses = 1;

  @Option(
      names = "--workers",
      paramLabel = "N",
      description = "Workers to run, each taking one task at a time (default: ${DEFAULT-VALUE})")
  int workers = 2;

  @Option(
      names = "--keep",
      description =
          "After the summary, keep PostgreSQL, the broker and the workers running until Ctrl-C, to look at the data")
  boolean keep;

  @Spec CommandSpec spec;

  @Override
  public Integer call() {
    if (warehouses < 1) {
      throw new SpateException("--warehouses must be at least 1, got " + warehouses);
    }
    if (workers < 1) {
      throw new SpateException("--workers must be at least 1, got " + workers);
    }
    PrintStream out = printStream(spec.commandLine().getOut());
    PrintStream err = printStream(spec.commandLine().getErr());
    Demo demo = new Demo(out, err);
    // Ctrl-C or SIGTERM: stop and delete everything before the JVM exits.
    Thread hook = new Thread(demo::close, "spate-demo-shutdown");
    Runtime.getRuntime().addShutdownHook(hook);
    try {
      demo.run(warehouses, workers);
      if (keep) {
        demo.printWhereToLook();
        try {
          Thread.currentThread().join(); // until Ctrl-C (the hook stops everything) or an interrupt
        } catch (InterruptedException e) {
          Thread.currentThread().interrupt();
        }
      }
    } catch (RuntimeException e) {
      if (demo.stopping()) {
        return 130; // Ctrl-C: the hook stopped what this thread was using; its failure is no news
      }
      throw e;
    } finally {
      try {
        Runtime.getRuntime().removeShutdownHook(hook);
      } catch (IllegalStateException shuttingDown) {
        // the JVM is exiting: the hook is stopping the demo
      }
      demo.close();
    }
    return 0;
  }

  /**
   * A PrintStream onto one of picocli's writers (which {@code SpateCli.run} points at the caller's
   * streams): the progress display and the summary print to PrintStreams. Each flush, which an
   * auto-flushing PrintStream does after every print, passes the complete characters on.
   */
  static PrintStream printStream(PrintWriter writer) {
    OutputStream bytes =
        new OutputStream() {
          private final ByteArrayOutputStream pending = new ByteArrayOutputStream();
          private final CharsetDecoder decoder =
              StandardCharsets.UTF_8
                  .newDecoder()
                  .onMalformedInput(CodingErrorAction.REPLACE)
                  .onUnmappableCharacter(CodingErrorAction.REPLACE);

          @Override
          public synchronized void write(int b) {
            pending.write(b);
          }

          @Override
          public synchronized void write(byte[] b, int off, int len) {
            pending.write(b, off, len);
          }

          @Override
          public synchronized void flush() {
            ByteBuffer in = ByteBuffer.wrap(pending.toByteArray());
            CharBuffer chars = CharBuffer.allocate(in.remaining());
            decoder.decode(in, chars, false); // leaves an incomplete trailing sequence in `in`
            pending.reset();
            pending.write(in.array(), in.position(), in.remaining());
            writer.write(chars.flip().toString());
            writer.flush();
          }
        };
    return new PrintStream(bytes, true, StandardCharsets.UTF_8);
  }
}
