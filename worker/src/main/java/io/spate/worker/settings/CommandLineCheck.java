package io.spate.worker.settings;

import io.spate.engine.settings.Setting;
import io.spate.engine.settings.SettingsHelp;
import io.spate.protocol.error.Problems;
import io.spate.protocol.error.SpateException;
import java.util.List;
import java.util.Map;
import java.util.function.Function;
import java.util.stream.Collectors;
import picocli.CommandLine;
import picocli.CommandLine.IExecutionStrategy;
import picocli.CommandLine.Model.OptionSpec;
import picocli.CommandLine.ParseResult;

/**
 * Checks every option given on a command line against its declaration's bounds before the command
 * runs, and reports every problem at once ({@code --threads must be at least 1, got 0}). This is
 * the command line's only bounds check: commands read values already checked.
 */
public final class CommandLineCheck implements IExecutionStrategy {

  private final Map<String, Setting<?>> byKey;
  private final IExecutionStrategy next = new CommandLine.RunLast();

  public CommandLineCheck(List<Setting<?>> catalog) {
    this.byKey = catalog.stream().collect(Collectors.toMap(Setting::key, Function.identity()));
  }

  /**
   * @throws CommandLine.ExecutionException holding a {@code SpateException} with every problem, so
   *     the command line's execution exception handler reports it like any other failure
   */
  @Override
  public int execute(ParseResult parseResult) {
    try {
      problems(parseResult).throwIfAny("invalid command line");
    } catch (SpateException e) {
      throw new CommandLine.ExecutionException(
          parseResult.commandSpec().commandLine(), e.getMessage(), e);
    }
    return next.execute(parseResult);
  }

  /** The problems of the options given to a command and its subcommands. */
  public Problems problems(ParseResult parseResult) {
    Problems problems = new Problems();
    for (ParseResult r = parseResult; r != null; r = r.subcommand()) {
      if (r.isUsageHelpRequested() || r.isVersionHelpRequested()) {
        return new Problems(); // help is printed whatever else the line says
      }
      for (OptionSpec option : r.matchedOptions()) {
        Setting<?> setting = byKey.get(key(option));
        if (setting != null) {
          setting.check(problems, option.getValue(), option.longestName());
        }
      }
    }
    return problems;
  }

  /**
   * The key picocli looks an option's description up by ({@link SettingsHelp}), and its
   * declaration's {@code key}.
   */
  public static String key(OptionSpec option) {
    return option.descriptionKey().isEmpty()
        ? option.longestName().replaceFirst("^-+", "")
        : option.descriptionKey();
  }
}
