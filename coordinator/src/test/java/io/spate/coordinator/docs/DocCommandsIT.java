package io.spate.coordinator.docs;

import static org.junit.jupiter.api.Assertions.assertEquals;

import io.spate.coordinator.Fills;
import io.spate.coordinator.docs.DocPages.Block;
import io.spate.coordinator.docs.DocPages.Command;
import io.spate.coordinator.testing.TestMariaDb;
import io.spate.worker.testing.TestDatabase;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Set;
import java.util.stream.Stream;
import org.junit.jupiter.api.DynamicTest;
import org.junit.jupiter.api.TestFactory;
import org.junit.jupiter.api.io.TempDir;

/**
 * Runs what the docs mark {@code <!-- checked: DIALECT SCHEMA -->} against a real server: a fresh
 * database named {@code docs_...} with the schema file loaded, then each {@code spate plan} and
 * {@code spate local} of the shell block as written, its {@code --db} and {@code --user} pointed at
 * that database, or {@code spate plan --config} of the {@code fill.yaml} example. Each must exit 0;
 * the database is dropped after. Other commands of a block (createdb, psql) are what the test does
 * itself; {@code DocSnippetsTest} checks every other command's options without a server.
 */
class DocCommandsIT {

  private static final Set<String> RUN = Set.of("plan", "local");

  @TempDir Path tmp;

  @TestFactory
  Stream<DynamicTest> everyCheckedBlockRunsAgainstItsSchema() {
    return DocPages.pages().stream()
        .flatMap(p -> DocPages.blocks(p).stream())
        .filter(b -> b.checked().isPresent())
        .map(b -> DynamicTest.dynamicTest(b.where(), () -> run(b)));
  }

  /**
   * The commands of a shell block this test runs: its {@code spate plan} and {@code spate local}.
   */
  static List<Command> runnable(Block block) {
    return DocPages.shellCommands(block).stream()
        .filter(c -> !c.args().isEmpty() && RUN.contains(c.args().get(0)))
        .toList();
  }

  private void run(Block block) throws IOException {
    DocPages.Checked checked = block.checked().orElseThrow();
    Path schema = DocPages.root().resolve(checked.schema());
    List<List<String>> commands = new ArrayList<>();
    if (block.isShell()) {
      runnable(block).forEach(c -> commands.add(c.args()));
    } else {
      Path config = Files.writeString(tmp.resolve("fill.yaml"), block.body());
      commands.add(List.of("plan", "--db", "", "--user", "", "--config", config.toString()));
    }
    if (checked.dialect().equals("mariadb")) {
      try (TestMariaDb db = TestMariaDb.createNamed("docs_")) {
        db.execute(Files.readString(schema));
        commands.forEach(c -> runOn(block, c, db.jdbcUrl(), db.user(), tmp));
      }
    } else {
      try (TestDatabase db = TestDatabase.createNamed("docs_")) {
        db.executeFile(schema);
        commands.forEach(c -> runOn(block, c, db.jdbcUrl(), db.user(), tmp));
      }
    }
  }

  /**
   * Runs one documented command with its database and user replaced, its paths resolved and its
   * output directory ({@code --out}) moved into {@code tmp}.
   */
  private static void runOn(
      Block block, List<String> documented, String url, String user, Path tmp) {
    List<String> args = new ArrayList<>();
    for (int i = 0; i < documented.size(); i++) {
      String arg = documented.get(i);
      String previous = i == 0 ? "" : documented.get(i - 1);
      if (previous.equals("--db")) {
        args.add(url);
      } else if (previous.equals("--user")) {
        args.add(user);
      } else if (previous.equals("--out")) {
        args.add(tmp.resolve("out").toString());
      } else if (!arg.startsWith("-") && Files.exists(DocPages.root().resolve(arg))) {
        args.add(DocPages.root().resolve(arg).toString());
      } else {
        args.add(arg);
      }
    }
    Fills.Run run = Fills.cli(args.toArray(String[]::new));
    assertEquals(
        0,
        run.exitCode(),
        () ->
            block.where()
                + ": spate "
                + String.join(" ", documented)
                + " failed:\n"
                + run.err()
                + run.out());
  }
}
