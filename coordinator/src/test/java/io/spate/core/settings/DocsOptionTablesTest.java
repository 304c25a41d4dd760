package io.spate.core.settings;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.junit.jupiter.api.Assertions.fail;

import io.spate.coordinator.cli.SpateCli;
import io.spate.engine.settings.Setting;
import io.spate.worker.settings.CommandLineCheck;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.function.Predicate;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import java.util.stream.Collectors;
import org.junit.jupiter.api.Test;
import picocli.CommandLine;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Model.OptionSpec;

/**
 * The option tables of the docs are rendered from the declarations ({@link Settings}, {@code
 * WorkerSettings}) and the commands' options, and the docs hold exactly those rows between their
 * markers ({@code <!-- options:local -->} ... {@code <!-- /options:local -->}): a default, bound or
 * meaning changed in one place and not the other fails here. Each table is in one page: the
 * commands' in {@code docs/cli.md}, {@code fill.yaml}'s keys in {@code docs/configuration.md}, the
 * job request's fields in {@code docs/service.md}.
 *
 * <p>To regenerate the tables after changing a declaration, run this test with {@code
 * -Dspate.docs.write=true}: {@code ./mvnw -o -q -pl coordinator verify -Dtest=DocsOptionTablesTest
 * -Dspate.docs.write=true -Dsurefire.failIfNoSpecifiedTests=false -DskipITs}. It rewrites the
 * blocks between the markers (nothing else) and passes.
 */
class DocsOptionTablesTest {

  private static final Path DOCS = Path.of("..", "docs").toAbsolutePath().normalize();

  /** The page that holds each table, by marker name; every table the declarations render. */
  private static final Map<String, String> PAGES =
      Map.ofEntries(
          Map.entry("local", "cli.md"),
          Map.entry("plan", "cli.md"),
          Map.entry("submit", "cli.md"),
          Map.entry("worker", "cli.md"),
          Map.entry("coordinator", "cli.md"),
          Map.entry("kafka", "cli.md"),
          Map.entry("profile", "cli.md"),
          Map.entry("compare", "cli.md"),
          Map.entry("broker", "cli.md"),
          Map.entry("config", "configuration.md"),
          Map.entry("job-request", "service.md"));

  private static final Pattern BLOCK =
      Pattern.compile("(<!-- options:([a-z-]+) -->\n)(.*?)(<!-- /options:\\2 -->)", Pattern.DOTALL);

  /** The commands whose every option must be declared (all but {@code spate demo}). */
  private static final List<String> DECLARED =
      List.of(
          "local",
          "plan",
          "submit",
          "coordinator",
          "status",
          "worker",
          "broker",
          "profile",
          "compare");

  @Test
  void theDocsHoldTheOptionTablesTheDeclarationsRender() throws IOException {
    Map<String, String> tables = tables();
    assertEquals(tables.keySet(), PAGES.keySet(), "every table has its page");
    for (String page : new java.util.TreeSet<>(PAGES.values())) {
      Path file = DOCS.resolve(page);
      String text = Files.readString(file, StandardCharsets.UTF_8);
      Map<String, String> expected = new LinkedHashMap<>();
      PAGES.forEach(
          (name, p) -> {
            if (p.equals(page)) {
              expected.put(name, tables.get(name));
            }
          });
      if (Boolean.getBoolean("spate.docs.write")) {
        Files.writeString(file, replaceBlocks(text, expected), StandardCharsets.UTF_8);
        continue;
      }
      Map<String, String> found = blocks(text);
      assertEquals(
          expected.keySet(), found.keySet(), "docs/" + page + "'s option tables (markers)");
      expected.forEach(
          (name, table) ->
              assertEquals(
                  table,
                  found.get(name),
                  "docs/"
                      + page
                      + "'s table options:"
                      + name
                      + " differs from the declarations; regenerate it with"
                      + " -Dspate.docs.write=true"));
    }
  }

  @Test
  void everyOptionOfEveryCommandIsDeclaredWithItsOwnName() {
    Map<String, Setting<?>> byKey =
        Settings.ALL.stream().collect(Collectors.toMap(Setting::key, s -> s));
    for (String name : DECLARED) {
      for (OptionSpec option : options(command(name))) {
        Setting<?> setting = byKey.get(CommandLineCheck.key(option));
        if (setting == null) {
          fail("spate " + name + " " + option.longestName() + " has no declaration in Settings");
        }
        assertTrue(
            List.of(option.names()).contains(setting.option()),
            "spate " + name + " " + option.longestName() + " is declared as " + setting.option());
        assertEquals(
            List.of(setting.help()),
            List.of(option.description()),
            "spate " + name + " " + option.longestName() + "'s help is its declaration's");
      }
    }
  }

  @Test
  void theCatalogHoldsEveryWorkerSettingOnce() {
    assertTrue(Settings.ALL.containsAll(io.spate.engine.settings.WorkerSettings.ALL));
    assertEquals(
        Settings.ALL.size(),
        Settings.ALL.stream().map(Setting::key).distinct().count(),
        "keys are unique");
  }

  @Test
  void theRequestAndConfigRecordsHaveExactlyTheDeclaredFields() {
    assertEquals(
        fields(Settings.JOB_REQUEST), components(io.spate.coordinator.http.JobRequest.class));
    assertEquals(fields(Settings.CONFIG_KEYS), components(io.spate.core.config.FillConfig.class));
  }

  /** Every table, by marker name, as the docs must hold it. */
  static Map<String, String> tables() {
    Set<String> kafka = keys(command("status"));
    Set<String> local = keys(command("local"));
    Map<String, String> tables = new LinkedHashMap<>();
    tables.put("local", optionTable(command("local"), k -> true));
    tables.put(
        "submit", optionTable(command("submit"), k -> !local.contains(k) && !kafka.contains(k)));
    tables.put("worker", optionTable(command("worker"), k -> !kafka.contains(k)));
    tables.put("coordinator", optionTable(command("coordinator"), k -> !kafka.contains(k)));
    tables.put("kafka", optionTable(command("status"), k -> true));
    tables.put("profile", optionTable(command("profile"), k -> !local.contains(k)));
    tables.put("compare", optionTable(command("compare"), k -> !local.contains(k)));
    tables.put("plan", optionTable(command("plan"), k -> !local.contains(k)));
    tables.put("broker", optionTable(command("broker"), k -> true));
    tables.put("config", fieldTable("key", Settings.CONFIG_KEYS, true));
    tables.put("job-request", fieldTable("field", Settings.JOB_REQUEST, false));
    return tables;
  }

  private static String optionTable(CommandSpec command, Predicate<String> include) {
    Map<String, Setting<?>> byKey =
        Settings.ALL.stream().collect(Collectors.toMap(Setting::key, s -> s));
    StringBuilder b = new StringBuilder("| option | default | meaning |\n| --- | --- | --- |\n");
    List<OptionSpec> inCatalogOrder =
        options(command).stream()
            .sorted(
                java.util.Comparator.comparingInt(
                    o -> Settings.ALL.indexOf(byKey.get(CommandLineCheck.key(o)))))
            .toList();
    for (OptionSpec option : inCatalogOrder) {
      String key = CommandLineCheck.key(option);
      if (include.test(key)) {
        Setting<?> s = byKey.get(key);
        String usage =
            option.longestName() + (option.arity().max() > 0 ? " " + option.paramLabel() : "");
        b.append(row("`" + usage + "`", s));
      }
    }
    return b.toString();
  }

  /**
   * @param bare state a default as its value alone: in the config file the config is no fallback
   */
  private static String fieldTable(String what, List<Setting<?>> settings, boolean bare) {
    StringBuilder b =
        new StringBuilder("| " + what + " | default | meaning |\n| --- | --- | --- |\n");
    for (Setting<?> s : settings) {
      String value =
          bare && s.defaultValue() != null ? String.valueOf(s.defaultValue()) : s.defaultLabel();
      b.append("| `").append(s.field()).append("` | ").append(value).append(" | ").append(s.doc());
      b.append(" |\n");
    }
    return b.toString();
  }

  private static String row(String name, Setting<?> s) {
    return "| "
        + name
        + " | "
        + (s.required() ? "(required)" : s.defaultLabel())
        + " | "
        + s.doc()
        + " |\n";
  }

  private static CommandSpec command(String name) {
    CommandLine spate = SpateCli.commandLine();
    return spate.getSubcommands().get(name).getCommandSpec();
  }

  private static List<OptionSpec> options(CommandSpec command) {
    return command.options().stream().filter(o -> !o.usageHelp() && !o.versionHelp()).toList();
  }

  private static Set<String> keys(CommandSpec command) {
    return options(command).stream().map(CommandLineCheck::key).collect(Collectors.toSet());
  }

  private static Set<String> fields(List<Setting<?>> settings) {
    return settings.stream().map(Setting::field).collect(Collectors.toSet());
  }

  private static Set<String> components(Class<? extends Record> record) {
    return java.util.Arrays.stream(record.getRecordComponents())
        .map(java.lang.reflect.RecordComponent::getName)
        .collect(Collectors.toSet());
  }

  private static Map<String, String> blocks(String page) {
    Map<String, String> found = new LinkedHashMap<>();
    Matcher m = BLOCK.matcher(page);
    while (m.find()) {
      found.put(m.group(2), m.group(3));
    }
    return found;
  }

  private static String replaceBlocks(String page, Map<String, String> tables) {
    Matcher m = BLOCK.matcher(page);
    StringBuilder out = new StringBuilder();
    while (m.find()) {
      String table = tables.getOrDefault(m.group(2), m.group(3));
      m.appendReplacement(out, Matcher.quoteReplacement(m.group(1) + table + m.group(4)));
    }
    m.appendTail(out);
    return out.toString();
  }
}
