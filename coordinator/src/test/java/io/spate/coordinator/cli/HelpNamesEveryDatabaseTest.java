package io.spate.coordinator.cli;

import static org.junit.jupiter.api.Assertions.assertTrue;

import io.spate.engine.target.TargetKind;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import org.junit.jupiter.api.Test;
import picocli.CommandLine;

/**
 * Every command's {@code --help} names every database Spate fills, read from {@link TargetKind}
 * ({@code MariaDB/MySQL} is two names), so a newcomer reading any help page learns that MariaDB and
 * MySQL are targets too, and a new kind of target shows up as a failure here until the help says
 * so.
 */
class HelpNamesEveryDatabaseTest {

  @Test
  void theHelpOfSpateAndOfEachSubcommandNamesEveryDatabase() {
    List<String> names =
        TargetKind.all().stream().flatMap(k -> Arrays.stream(k.displayName().split("/"))).toList();
    CommandLine spate = SpateCli.commandLine();
    List<CommandLine> commands = new ArrayList<>(List.of(spate));
    commands.addAll(spate.getSubcommands().values());
    for (CommandLine command : commands) {
      String help = command.getUsageMessage(CommandLine.Help.Ansi.OFF);
      for (String name : names) {
        assertTrue(
            help.contains(name),
            () -> command.getCommandSpec().qualifiedName() + " --help does not name " + name);
      }
    }
  }
}
