package io.spate.worker.cli;

import io.spate.engine.settings.WorkerSettings;
import io.spate.protocol.error.SpateException;
import io.spate.worker.settings.CommandLineCheck;
import picocli.CommandLine;

/** Entry point of a worker-only process or image: {@code spate worker} without the coordinator. */
public final class WorkerMain {

  private WorkerMain() {}

  public static void main(String[] args) {
    CommandLine cli = new CommandLine(new WorkerCommand());
    cli.setExecutionStrategy(new CommandLineCheck(WorkerSettings.ALL));
    cli.setExecutionExceptionHandler(
        (e, commandLine, parseResult) -> {
          System.err.println(
              "spate: error: " + (e instanceof SpateException ? e.getMessage() : e.toString()));
          return 1;
        });
    System.exit(cli.execute(args));
  }
}
