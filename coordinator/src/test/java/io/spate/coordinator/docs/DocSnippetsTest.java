package io.spate.coordinator.docs;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.core.JacksonException;
import com.fasterxml.jackson.databind.DeserializationFeature;
import com.fasterxml.jackson.databind.json.JsonMapper;
import io.spate.coordinator.cli.SpateCli;
import io.spate.coordinator.docs.DocPages.Block;
import io.spate.coordinator.docs.DocPages.Command;
import io.spate.coordinator.docs.DocPages.Page;
import io.spate.coordinator.http.JobRequest;
import io.spate.coordinator.http.JobView;
import io.spate.core.config.FillConfig;
import io.spate.core.plan.Meaning;
import io.spate.core.profile.Profile;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.HashSet;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Set;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import picocli.CommandLine;
import picocli.CommandLine.Model.CommandSpec;

/**
 * What the docs show is what the code takes. Every {@code spate} command of a shell block parses
 * with the real command line (so a renamed or removed option, a value of the wrong type or a
 * missing subcommand fails here); every command in a synopsis or in prose names only options its
 * subcommand declares; every {@code fill.yaml} example loads with the real config loader, every
 * profile example with the profile reader, every request and response of the service with the
 * service's own records; the meanings the configuration page lists are {@code Meaning}'s; every
 * link reaches its file and heading. {@code DocCommandsIT} runs the commands and YAML examples
 * marked {@code <!-- checked: ... -->} against real databases.
 *
 * <p>Each test reports every problem of every page at once, each with its page and line.
 */
class DocSnippetsTest {

  private static final Pattern OPTION = Pattern.compile("(?<![\\w-])--[a-z][a-z0-9-]*");
  private static final Pattern LINK = Pattern.compile("\\[[^\\]]*\\]\\(([^)\\s]+)\\)");
  private static final Pattern HEADING = Pattern.compile("(?m)^#{1,6} +(.+?) *$");

  /** Strict, as the service reads a request: a field the records do not have is an error. */
  private static final JsonMapper STRICT =
      JsonMapper.builder().enable(DeserializationFeature.FAIL_ON_UNKNOWN_PROPERTIES).build();

  @TempDir Path tmp;

  @Test
  void everySpateCommandOfAShellBlockParsesWithTheRealCommandLine() {
    List<String> problems = new ArrayList<>();
    int commands = 0;
    for (Page page : DocPages.pages()) {
      for (Block block : DocPages.blocks(page)) {
        if (!block.isShell()) {
          continue;
        }
        for (Command command : DocPages.shellCommands(block)) {
          commands++;
          String[] args = command.args().toArray(String[]::new);
          try {
            SpateCli.commandLine(args).parseArgs(args);
          } catch (CommandLine.ParameterException e) {
            problems.add(
                command.where() + ": spate " + String.join(" ", args) + ": " + e.getMessage());
          }
        }
      }
    }
    assertTrue(commands > 20, "found only " + commands + " commands: is the block reader broken?");
    assertTrue(problems.isEmpty(), () -> report("shell commands the CLI refuses", problems));
  }

  @Test
  void everySpateCommandOfASynopsisOrOfProseNamesOnlyOptionsOfItsSubcommand() {
    List<String> problems = new ArrayList<>();
    List<Command> commands = new ArrayList<>();
    for (Page page : DocPages.pages()) {
      commands.addAll(DocPages.inlineSpateCommands(page));
      for (Block block : DocPages.blocks(page)) {
        if (!block.isShell()) {
          commands.addAll(DocPages.synopsisCommands(block));
        }
      }
    }
    for (Command command : commands) {
      String first = command.args().isEmpty() ? "" : command.args().get(0);
      CommandSpec spec;
      if (first.isEmpty() || first.startsWith("-")) {
        spec = SpateCli.commandLine().getCommandSpec();
      } else if (first.matches("[a-z]+")) {
        CommandLine sub = SpateCli.commandLine().getSubcommands().get(first);
        if (sub == null) {
          problems.add(command.where() + ": spate " + first + " is no command");
          continue;
        }
        spec = sub.getCommandSpec();
      } else {
        continue; // "spate local: db=..." is output, not a command
      }
      Matcher m = OPTION.matcher(String.join(" ", command.args()));
      while (m.find()) {
        if (!spec.optionsMap().containsKey(m.group())) {
          problems.add(
              command.where() + ": " + spec.qualifiedName() + " has no option " + m.group());
        }
      }
    }
    assertTrue(commands.size() > 50, "found only " + commands.size() + " commands");
    assertTrue(problems.isEmpty(), () -> report("options no command declares", problems));
  }

  @Test
  void everyFillConfigExampleLoadsWithTheConfigLoader() {
    List<String> problems = new ArrayList<>();
    int configs = 0;
    for (Block block : blocks("yaml")) {
      if (block.tags().isEmpty()) {
        configs++;
        try {
          FillConfig.parse(block.body(), block.where());
        } catch (RuntimeException e) {
          problems.add(e.getMessage());
        }
      }
    }
    assertTrue(configs >= 4, "found only " + configs + " fill.yaml examples");
    assertTrue(problems.isEmpty(), () -> report("fill.yaml examples the loader refuses", problems));
  }

  @Test
  void everyProfileExampleReadsAsAProfile() throws IOException {
    List<String> problems = new ArrayList<>();
    for (Block block : blocks("yaml")) {
      if (block.tags().contains("profile")) {
        Path file = Files.writeString(tmp.resolve("profile.yaml"), block.body());
        try {
          assertFalse(Profile.read(file).tables().isEmpty(), block.where());
        } catch (RuntimeException e) {
          problems.add(block.where() + ": " + e.getMessage());
        }
      }
    }
    assertTrue(problems.isEmpty(), () -> report("profile examples the reader refuses", problems));
  }

  @Test
  void everyRequestAndResponseOfTheServiceReadsAsItsRecord() {
    Map<String, Class<?>> records = Map.of("request", JobRequest.class, "response", JobView.class);
    List<String> problems = new ArrayList<>();
    int read = 0;
    for (Block block : blocks("json")) {
      Set<String> kinds = new HashSet<>(block.tags());
      kinds.retainAll(records.keySet());
      if (kinds.size() != 1) {
        problems.add(block.where() + ": a json block says request or response");
        continue;
      }
      try {
        STRICT.readValue(block.body(), records.get(kinds.iterator().next()));
        read++;
      } catch (JacksonException e) {
        problems.add(block.where() + ": " + e.getOriginalMessage());
      }
    }
    assertTrue(read >= 3, "found only " + read + " service examples");
    assertTrue(problems.isEmpty(), () -> report("service examples", problems));
  }

  @Test
  void theConfigurationPageListsEveryMeaningTheConfigTakes() throws IOException {
    String page =
        Files.readString(DocPages.root().resolve("docs/configuration.md"), StandardCharsets.UTF_8);
    Matcher list =
        Pattern.compile("`meaning` takes one of: (.*?)\\.\n", Pattern.DOTALL).matcher(page);
    assertTrue(
        list.find(), "docs/configuration.md lists the meanings after '`meaning` takes one of:'");
    List<String> listed = new ArrayList<>();
    Matcher label = Pattern.compile("`([a-z-]+)`").matcher(list.group(1));
    while (label.find()) {
      listed.add(label.group(1));
    }
    List<String> labels = Arrays.stream(Meaning.values()).map(Meaning::label).toList();
    assertEquals(labels, listed, "docs/configuration.md's meanings, in Meaning's order");
  }

  @Test
  void everyYamlBlockSaysWhatItIs() {
    List<String> problems = new ArrayList<>();
    for (Block block : blocks("yaml")) {
      if (!Set.of("profile").containsAll(block.tags())) {
        problems.add(block.where() + ": yaml is a fill.yaml, or says 'yaml profile'");
      }
    }
    assertTrue(problems.isEmpty(), () -> report("yaml blocks of no known kind", problems));
  }

  @Test
  void everyCheckedMarkerNamesADialectAndASchemaFileBeforeABlockItCanRun() {
    List<String> problems = new ArrayList<>();
    int checked = 0;
    for (Page page : DocPages.pages()) {
      for (Block block : DocPages.blocks(page)) {
        if (block.checked().isEmpty()) {
          continue;
        }
        checked++;
        DocPages.Checked marker = block.checked().get();
        if (!Set.of("postgres", "mariadb").contains(marker.dialect())) {
          problems.add(
              block.where() + ": dialect " + marker.dialect() + " is not postgres or mariadb");
        }
        if (!Files.isRegularFile(DocPages.root().resolve(marker.schema()))) {
          problems.add(block.where() + ": no schema file " + marker.schema());
        }
        boolean runnable =
            block.language().equals("yaml") && block.tags().isEmpty()
                || block.isShell() && !DocCommandsIT.runnable(block).isEmpty();
        if (!runnable) {
          problems.add(block.where() + ": a checked block is a fill.yaml or runs spate plan/local");
        }
      }
    }
    int marked = checked;
    assertTrue(marked >= 5, () -> "found only " + marked + " checked blocks");
    assertTrue(problems.isEmpty(), () -> report("checked markers", problems));
  }

  @Test
  void everyLinkReachesItsFileAndHeading() throws IOException {
    List<String> problems = new ArrayList<>();
    for (Page page : DocPages.pages()) {
      String prose = DocPages.prose(page);
      Matcher m = LINK.matcher(prose);
      while (m.find()) {
        String target = m.group(1);
        if (target.matches("^[a-z]+:.*")) {
          continue; // https:, mailto:
        }
        String where = page.name() + ":" + DocPages.lineOf(prose, m.start());
        int hash = target.indexOf('#');
        String file = hash < 0 ? target : target.substring(0, hash);
        Path path =
            file.isEmpty() ? page.path() : page.path().getParent().resolve(file).normalize();
        if (!Files.exists(path)) {
          problems.add(where + ": " + target + " does not exist");
        } else if (hash >= 0 && path.toString().endsWith(".md")) {
          String anchor = target.substring(hash + 1);
          if (!anchors(Files.readString(path, StandardCharsets.UTF_8)).contains(anchor)) {
            problems.add(where + ": " + file + " has no heading #" + anchor);
          }
        }
      }
    }
    assertTrue(problems.isEmpty(), () -> report("broken links", problems));
  }

  /** GitHub's anchors of a page's headings: lower case, punctuation dropped, spaces as hyphens. */
  private static Set<String> anchors(String markdown) {
    Set<String> anchors = new HashSet<>();
    Matcher m = HEADING.matcher(FENCED.matcher(markdown).replaceAll(""));
    while (m.find()) {
      anchors.add(
          m.group(1)
              .toLowerCase(Locale.ROOT)
              .replaceAll("[^\\p{L}\\p{N} _-]", "")
              .replace(' ', '-'));
    }
    return anchors;
  }

  private static final Pattern FENCED = Pattern.compile("(?ms)^ *```.*?^ *```");

  private static List<Block> blocks(String language) {
    return DocPages.pages().stream()
        .flatMap(p -> DocPages.blocks(p).stream())
        .filter(b -> b.language().equals(language))
        .toList();
  }

  private static String report(String what, List<String> problems) {
    return problems.size() + " " + what + ":\n  " + String.join("\n  ", problems);
  }
}
