package io.spate.coordinator.cli;

import io.spate.core.config.FillConfig;
import io.spate.core.local.LocalFill;
import io.spate.core.local.LocalJob;
import io.spate.core.plan.FillSettings;
import io.spate.core.plan.LoadTraits;
import io.spate.core.progress.FillProgress;
import io.spate.core.progress.ProgressDisplay;
import io.spate.core.settings.Settings;
import io.spate.core.target.Database;
import io.spate.core.target.FillCheck;
import io.spate.core.target.OutputTarget;
import io.spate.core.target.TargetTables;
import io.spate.engine.settings.SettingsHelp;
import io.spate.engine.settings.WorkerSettings;
import io.spate.engine.target.Outage;
import io.spate.engine.target.TargetKind;
import io.spate.engine.target.Triggers;
import io.spate.protocol.error.SpateException;
import io.spate.protocol.plan.FillPlan;
import io.spate.worker.cli.WorkerCommand;
import io.spate.worker.settings.CommandLineCheck;
import io.spate.worker.target.DatabaseOptions;
import java.io.PrintStream;
import java.nio.file.Path;
import java.sql.Connection;
import java.sql.SQLException;
import java.time.Duration;
import java.util.List;
import java.util.Locale;
import java.util.concurrent.Callable;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CompletionException;
import java.util.concurrent.atomic.LongAdder;
import picocli.CommandLine;
import picocli.CommandLine.Command;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Option;

/**
 * The {@code spate} command line. Exit code 0 on success, 1 with a one-line reason otherwise (or
 * the list of every problem of the options given). Options' help comes from {@link Settings}
 * through the resource bundle every subcommand inherits (but {@code spate worker}, which brings the
 * worker's own), and their bounds are checked by {@link CommandLineCheck} before a command runs.
 */
@Command(
    name = "spate",
    mixinStandardHelpOptions = true,
    resourceBundle = "io.spate.core.settings.Settings$Help",
    version = "spate 0.1.0",
    description =
        "Fills a PostgreSQL, MariaDB, MySQL, SQLite or H2 schema with synthetic, constraint-valid,"
            + " reproducible data.",
    footer = SettingsHelp.DATABASES)
public final class SpateCli {

  /**
   * The subcommands, in the order of the help. Only the one a command line names is built (picocli
   * reads each one's options by reflection, tens of milliseconds for all of them); a command line
   * that names none gets them all, for the help and the error that lists them.
   */
  private static final List<Class<?>> SUBCOMMANDS =
      List.of(
          SpateCli.Local.class,
          SpateCli.Plan.class,
          SubmitCommand.class,
          CoordinatorCommand.class,
          StatusCommand.class,
          ProfileCommand.class,
          CompareCommand.class,
          WorkerCommand.class,
          BrokerCommand.class,
          io.spate.coordinator.demo.DemoCommand.class);

  public static void main(String[] args) {
    System.exit(run(args, System.out, System.err));
  }

  /**
   * The command line that parses {@code args}: with the subcommand {@code args} starts with, or
   * with every subcommand when it starts with none.
   */
  public static CommandLine commandLine(String... args) {
    CommandLine cli = new CommandLine(new SpateCli());
    String first = args.length == 0 ? "" : args[0];
    List<Class<?>> named =
        SUBCOMMANDS.stream()
            .filter(c -> c.getAnnotation(Command.class).name().equals(first))
            .toList();
    // built on its own first: picocli applies a command's model transformer only then
    (named.isEmpty() ? SUBCOMMANDS : named).forEach(c -> cli.addSubcommand(new CommandLine(c)));
    return cli;
  }

  /** Runs the command line, printing to the given streams; returns the exit code. */
  public static int run(String[] args, PrintStream out, PrintStream err) {
    CommandLine cli = commandLine(args);
    cli.setExecutionStrategy(new CommandLineCheck(Settings.ALL));
    cli.setOut(new java.io.PrintWriter(out, true));
    cli.setErr(new java.io.PrintWriter(err, true));
    cli.setExecutionExceptionHandler(
        (e, commandLine, parseResult) -> {
          String message = e instanceof SpateException ? e.getMessage() : e.toString();
          err.println("spate: error: " + message);
          return 1;
        });
    Streams.set(out, err);
    return cli.execute(args);
  }

  /** Where commands print; set per run so tests can capture it. */
  static final class Streams {
    static PrintStream out = System.out;
    static PrintStream err = System.err;

    static void set(PrintStream o, PrintStream e) {
      out = o;
      err = e;
    }
  }

  /** The value of a future, with its failure rethrown as it was thrown. */
  static <T> T await(CompletableFuture<T> future) {
    try {
      return future.join();
    } catch (CompletionException e) {
      throw e.getCause() instanceof RuntimeException r ? r : e;
    }
  }

  static FillPlan introspectAndPlan(
      FillOptions options, Connection connection, FillSettings settings) {
    return introspectAndPlan(options, connection, settings, null);
  }

  /** The same, for a target that loads as {@code traits} says (null: the database's own way). */
  static FillPlan introspectAndPlan(
      FillOptions options, Connection connection, FillSettings settings, LoadTraits traits) {
    return LocalJob.plan(
        connection,
        options.chosenSchemas(connection),
        settings,
        options.profile(),
        traits,
        Streams.err::println);
  }

  /**
   * Without {@code --ddl}, {@code --db} names the schema's source: say so when neither is given.
   */
  static void requireSchemaSource(FillOptions options) {
    if (options.database.given().stream().noneMatch(o -> o.equals("--db"))) {
      throw new SpateException(
          "--db JDBC_URL is required (the database to fill, or whose schema is read for --out"
              + " DIR), unless --ddl FILE declares the schema of files written with --out DIR");
    }
  }

  /** The URL of the files {@code --out DIR --format F} write. */
  static String filesUrl(String out, String format) {
    return "file:" + Path.of(out).toAbsolutePath().normalize() + "?format=" + format;
  }

  /** The output that writes {@code url}. */
  static OutputTarget output(String url) {
    return OutputTarget.of(url)
        .orElseThrow(() -> new SpateException("no module on the class path writes " + url));
  }

  /**
   * The plan of files: from the DDL file {@code ddl} when not null, else from the schema of the
   * database {@code --db} names, which is only read.
   */
  static FillPlan filesPlan(FillOptions options, Path ddl, String command, String settings) {
    if (ddl != null) {
      return options.ddlPlan(ddl, command, settings);
    }
    requireSchemaSource(options);
    try (PlannedTarget target =
        PlannedTarget.open(options, 1, command, settings, LoadTraits.FILES)) {
      return target.plan();
    }
  }

  @Command(
      name = "plan",
      mixinStandardHelpOptions = true,
      description = "Prints the fill plan (levels, tables, rows, tasks) and writes nothing.",
      footer = SettingsHelp.DATABASES)
  static final class Plan implements Callable<Integer> {
    @Mixin FillOptions options;

    @Option(names = "--explain")
    boolean explain;

    @Option(names = "--ddl", paramLabel = "FILE")
    Path ddl;

    @Override
    public Integer call() throws SQLException {
      FillConfig config = options.loadConfig();
      if (ddl != null) {
        FillPlan plan = options.ddlPlan(ddl, "spate plan", "");
        PlanPrinter.print(plan, Streams.out);
        if (explain) {
          PlanPrinter.explain(plan, config, Streams.out);
        }
        return 0;
      }
      requireSchemaSource(options);
      FillSettings settings = options.settings(config);
      DatabaseOptions database = options.database;
      try (Connection c =
          Database.connect(
              database.db(), database.user(), database.password(), database.session())) {
        FillPlan plan = introspectAndPlan(options, c, settings);
        PlanPrinter.print(plan, Streams.out);
        if (explain) {
          PlanPrinter.explain(plan, config, Streams.out);
        }
      }
      return 0;
    }
  }

  @Command(
      name = "local",
      mixinStandardHelpOptions = true,
      description = "Fills the database from this JVM alone.",
      footer = SettingsHelp.DATABASES)
  static final class Local implements Callable<Integer> {
    @Mixin FillOptions options;

    @Option(names = "--threads", paramLabel = "N")
    int threads = WorkerSettings.THREADS.defaultValue();

    @Option(names = "--truncate")
    boolean truncate;

    @Option(names = "--resume")
    boolean resume;

    @Option(names = "--disable-triggers")
    boolean disableTriggers;

    @Option(names = "--outage-seconds", paramLabel = "S")
    int outageSeconds = WorkerSettings.OUTAGE_SECONDS.defaultValue();

    @Option(names = "--dry-run")
    boolean dryRun;

    @Option(names = "--out", paramLabel = "DIR", descriptionKey = "files-out")
    String out;

    @Option(names = "--format", paramLabel = "F")
    String format = Settings.FORMAT.defaultValue();

    @Option(names = "--ddl", paramLabel = "FILE")
    Path ddl;

    @Override
    public Integer call() {
      if (ddl != null && out == null) {
        throw new SpateException(
            "--ddl reads the schema from a file, with no database to fill: give --out DIR to write"
                + " the rows as files");
      }
      if (ddl == null) {
        requireSchemaSource(options);
      }
      if (resume && truncate) {
        throw new SpateException(
            "--resume keeps the rows of an interrupted fill and --truncate deletes them; give one");
      }
      if (dryRun && (resume || truncate)) {
        throw new SpateException(
            "--dry-run writes nothing, so it takes neither --truncate nor --resume");
      }
      if (out != null) {
        if (dryRun || disableTriggers) {
          throw new SpateException(
              "--out writes files, so it takes neither --dry-run nor --disable-triggers");
        }
        return writeFiles();
      }
      try (PlannedTarget target =
          PlannedTarget.open(
              options,
              threads + 2, // the tasks', the finishing touches', the tables' claim
              "spate local",
              "threads="
                  + threads
                  + " truncate="
                  + truncate
                  + " resume="
                  + resume
                  + " disable-triggers="
                  + disableTriggers
                  + " outage-seconds="
                  + outageSeconds
                  + (dryRun ? " dry-run" : ""),
              disableTriggers)) {
        FillPlan plan = target.plan();
        FillProgress progress = new FillProgress(plan);
        if (dryRun) {
          dryRun(target, progress);
          return 0;
        }
        try (LocalJob.Ready ready =
            LocalJob.prepare(
                target.pool(),
                plan,
                resume
                    ? TargetTables.Start.RESUME
                    : truncate ? TargetTables.Start.TRUNCATE : TargetTables.Start.EMPTY,
                disableTriggers,
                Streams.err::println)) {
          String jobId = ready.jobId();
          int done = ready.done();
          if (resume) {
            Streams.err.println(
                "resuming job "
                    + jobId
                    + ": "
                    + done
                    + " of "
                    + plan.tasks().size()
                    + " tasks already in the ledger");
          }
          ProgressDisplay display =
              ProgressDisplay.start(progress, Streams.err, System.console() != null);
          LocalFill.Summary summary;
          try {
            Outage outage =
                Outage.upTo(Duration.ofSeconds(outageSeconds)).at(options.database.db());
            summary =
                new LocalFill(
                        plan,
                        target.pool(),
                        TargetKind.of(options.database.db()).dialect(),
                        threads,
                        progress,
                        ready.triggers().mode(),
                        options.database.session(),
                        outage)
                    .run(jobId);
          } finally {
            display.close();
          }
          FillCheck.Result check =
              FillCheck.verify(
                  target.pool(),
                  TargetKind.of(options.database.db()).dialect(),
                  plan,
                  LocalFill.planDigest(plan),
                  ready.triggers().mode(),
                  "job " + jobId,
                  summary.counted());
          display.finish(Streams.out);
          Streams.out.println(check);
          if (resume) {
            Streams.out.println(
                "resumed: skipped "
                    + summary.skippedTasks()
                    + " of "
                    + summary.tasks()
                    + " tasks already in the ledger ("
                    + summary.skippedRows()
                    + " rows, job "
                    + summary.jobId()
                    + ")");
          }
        }
      }
      return 0;
    }

    /**
     * Plans from the DDL file's schema or the database's (reading it only) and writes every table's
     * rows as files in {@link #out} ({@link OutputTarget}), then prints where and how much.
     */
    private int writeFiles() {
      String url = filesUrl(out, format);
      OutputTarget output = output(url);
      FillPlan plan =
          filesPlan(
              options,
              ddl,
              "spate local",
              "threads=" + threads + " out=" + out + " format=" + format);
      FillProgress progress = new FillProgress(plan);
      try (OutputTarget.Opened opened =
          output.open(
              url,
              plan,
              LocalFill.planDigest(plan),
              null,
              resume
                  ? TargetTables.Start.RESUME
                  : truncate ? TargetTables.Start.TRUNCATE : TargetTables.Start.EMPTY,
              Streams.err::println)) {
        if (resume) {
          Streams.err.println(
              "resuming job "
                  + opened.jobId()
                  + ": "
                  + opened.done()
                  + " of "
                  + plan.tasks().size()
                  + " files already written");
        }
        ProgressDisplay display =
            ProgressDisplay.start(progress, Streams.err, System.console() != null);
        LocalFill.Summary summary;
        try {
          summary = new LocalFill(plan, opened, threads, progress).run(opened.jobId());
        } finally {
          display.close();
        }
        FillCheck.Result check =
            FillCheck.verify(
                plan, LocalFill.planDigest(plan), summary.counted(), "job " + opened.jobId());
        display.finish(Streams.out);
        Streams.out.println(
            "wrote "
                + check.totalRows()
                + " rows of "
                + summary.counted().size()
                + " tables in "
                + plan.tasks().size()
                + " files to "
                + opened.describe()
                + (resume ? "; " + summary.skippedTasks() + " files were already there" : ""));
      }
      return 0;
    }

    /**
     * Generates and encodes the plan's rows on {@link #threads} threads and discards them, then
     * prints what was generated and how fast. The database was only read, to plan.
     */
    private void dryRun(PlannedTarget target, FillProgress progress) {
      TargetKind kind = TargetKind.of(options.database.db());
      LongAdder bytes = new LongAdder();
      ProgressDisplay display =
          ProgressDisplay.start(progress, Streams.err, System.console() != null);
      try {
        new LocalFill(
                target.plan(),
                target.pool(),
                kind.dialect(),
                threads,
                progress,
                Triggers.Mode.ON,
                options.database.session(),
                Outage.NONE)
            .dryRun(bytes::add);
      } finally {
        display.close();
      }
      double seconds = progress.elapsedSeconds();
      Streams.out.println(
          String.format(
              Locale.ROOT,
              "dry run: generated %d rows, %d bytes of %s load data in %.2f s (%.0f rows/s, %.1f"
                  + " MB/s) on %d thread%s; nothing was written",
              progress.rows(),
              bytes.sum(),
              kind.displayName(),
              seconds,
              progress.rows() / Math.max(seconds, 1e-9),
              bytes.sum() / 1e6 / Math.max(seconds, 1e-9),
              threads,
              threads == 1 ? "" : "s"));
    }
  }
}
