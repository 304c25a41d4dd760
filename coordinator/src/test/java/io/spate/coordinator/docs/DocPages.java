package io.spate.coordinator.docs;

import io.spate.worker.testing.Fixtures;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Optional;
import java.util.Set;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import java.util.stream.Collectors;
import java.util.stream.Stream;

/**
 * The Markdown pages a user reads (README.md, docs/*.md, deploy/README.md) and what the doc tests
 * take from them: fenced blocks with their language, tags and the {@code <!-- checked: DIALECT
 * SCHEMA -->} marker before them, inline code spans, and the {@code spate} commands of a shell
 * block as argument lists. bench/RESULTS.md and CHANGELOG.md are records of what was run then, so
 * they are left out.
 */
final class DocPages {

  /** A page: its path from the repository's root and its text. */
  record Page(String name, Path path, String text) {
    /** The 1-based line of a character offset, for messages. */
    int lineOf(int offset) {
      return DocPages.lineOf(text, offset);
    }
  }

  /**
   * A fenced block. {@code language} is the info string's first word ({@code sh}, {@code yaml});
   * {@code tags} the words after it ({@code yaml profile}, {@code json request}).
   */
  record Block(
      Page page,
      int line,
      String language,
      Set<String> tags,
      String body,
      Optional<Checked> checked) {
    String where() {
      return page.name() + ":" + line;
    }

    boolean isShell() {
      return Set.of("sh", "bash", "shell", "console").contains(language);
    }
  }

  /** A {@code <!-- checked: postgres examples/schemas/tpcc.sql -->} marker: run against it. */
  record Checked(String dialect, String schema) {}

  /** A {@code spate} command found in a page, as the words after {@code spate}. */
  record Command(String where, List<String> args) {}

  private static final Pattern FENCE =
      Pattern.compile("(?m)^( *)```([^\\n`]*)\\n(.*?)^\\1```[ \\t]*$", Pattern.DOTALL);
  private static final Pattern CHECKED =
      Pattern.compile("<!-- checked: ([a-z]+) (\\S+) -->\\s*\\z");
  private static final Pattern INLINE = Pattern.compile("(?<!`)`([^`]+)`(?!`)");

  private DocPages() {}

  static Path root() {
    return Fixtures.root();
  }

  static List<Page> pages() {
    List<Path> files = new ArrayList<>(List.of(root().resolve("README.md")));
    try (Stream<Path> docs = Files.list(root().resolve("docs"))) {
      docs.filter(p -> p.toString().endsWith(".md")).sorted().forEach(files::add);
    } catch (IOException e) {
      throw new UncheckedIOException(e);
    }
    files.add(root().resolve("deploy/README.md"));
    return files.stream().map(DocPages::page).toList();
  }

  private static Page page(Path file) {
    try {
      return new Page(
          root().relativize(file).toString(), file, Files.readString(file, StandardCharsets.UTF_8));
    } catch (IOException e) {
      throw new UncheckedIOException(e);
    }
  }

  static List<Block> blocks(Page page) {
    List<Block> blocks = new ArrayList<>();
    Matcher m = FENCE.matcher(page.text());
    while (m.find()) {
      String[] info = m.group(2).trim().split("\\s+");
      String indent = m.group(1);
      String body = m.group(3).replaceAll("(?m)^" + indent, "");
      Matcher checked = CHECKED.matcher(page.text().substring(0, m.start()));
      blocks.add(
          new Block(
              page,
              page.lineOf(m.start()),
              info[0],
              Arrays.stream(info).skip(1).collect(Collectors.toUnmodifiableSet()),
              body,
              checked.find()
                  ? Optional.of(new Checked(checked.group(1), checked.group(2)))
                  : Optional.empty()));
    }
    return blocks;
  }

  /** The page's text outside fenced blocks. */
  static String prose(Page page) {
    return FENCE.matcher(page.text()).replaceAll(r -> "\n".repeat(newlines(r.group())));
  }

  static int lineOf(String text, int offset) {
    return 1 + newlines(text.substring(0, Math.min(offset, text.length())));
  }

  private static int newlines(String s) {
    return (int) s.chars().filter(c -> c == '\n').count();
  }

  /** The inline code spans of the page's prose (a span may run over a line break). */
  static List<Command> inlineSpateCommands(Page page) {
    String prose = prose(page);
    List<Command> commands = new ArrayList<>();
    Matcher m = INLINE.matcher(prose);
    while (m.find()) {
      spateWords(m.group(1).replace('\n', ' '))
          .ifPresent(
              args ->
                  commands.add(new Command(page.name() + ":" + lineOf(prose, m.start()), args)));
    }
    return commands;
  }

  /**
   * The {@code spate} commands of a block that is no shell script (a synopsis, an output): a line
   * starting with {@code spate} (or {@code $ ./spate}) and the indented lines that follow it.
   */
  static List<Command> synopsisCommands(Block block) {
    List<Command> commands = new ArrayList<>();
    String[] lines = block.body().split("\n", -1);
    for (int i = 0; i < lines.length; i++) {
      String line = lines[i].replaceFirst("^\\$ ", "");
      Optional<List<String>> words = spateWords(line);
      if (words.isEmpty()) {
        continue;
      }
      StringBuilder text = new StringBuilder(line);
      while (i + 1 < lines.length && lines[i + 1].startsWith(" ")) {
        text.append(' ').append(lines[++i].trim());
      }
      commands.add(
          new Command(block.where() + "+" + (i + 1), spateWords(text.toString()).orElseThrow()));
    }
    return commands;
  }

  /** The words after {@code spate} or {@code ./spate} when {@code text} starts with one. */
  private static Optional<List<String>> spateWords(String text) {
    String t = text.strip();
    Matcher m = Pattern.compile("^(?:\\./)?spate\\s+(.*)$", Pattern.DOTALL).matcher(t);
    if (!m.matches()) {
      return Optional.empty();
    }
    return Optional.of(List.of(m.group(1).trim().split("\\s+")));
  }

  /**
   * The {@code spate} commands of a shell block, each as the arguments after {@code spate}: lines
   * joined at a trailing backslash, comments dropped, split at {@code &&}, {@code ||}, {@code |},
   * {@code ;} and {@code &}, leading {@code VAR=value} assignments and redirections dropped. {@code
   * ./spate}, {@code spate} and {@code java ... -jar .../spate.jar} start one.
   */
  static List<Command> shellCommands(Block block) {
    List<Command> commands = new ArrayList<>();
    String[] lines = block.body().replace("\\\n", " ").split("\n");
    for (int n = 0; n < lines.length; n++) {
      String where = block.where() + "+" + (n + 1);
      for (List<String> simple : simpleCommands(lines[n].replaceFirst("^\\$ ", ""))) {
        spateArgs(simple).ifPresent(args -> commands.add(new Command(where, args)));
      }
    }
    return commands;
  }

  private static Optional<List<String>> spateArgs(List<String> words) {
    int i = 0;
    while (i < words.size() && words.get(i).matches("[A-Za-z_][A-Za-z0-9_]*=.*")) {
      i++;
    }
    if (i >= words.size()) {
      return Optional.empty();
    }
    String first = words.get(i);
    if (first.equals("spate") || first.equals("./spate")) {
      return Optional.of(words.subList(i + 1, words.size()));
    }
    if (first.endsWith("java")) {
      int jar = words.indexOf("-jar");
      if (jar > 0 && jar + 1 < words.size() && words.get(jar + 1).endsWith("spate.jar")) {
        return Optional.of(words.subList(jar + 2, words.size()));
      }
    }
    return Optional.empty();
  }

  /** The simple commands of one shell line, as words (quotes removed). */
  static List<List<String>> simpleCommands(String line) {
    List<List<String>> commands = new ArrayList<>();
    List<String> words = new ArrayList<>();
    StringBuilder word = null;
    boolean redirect = false;
    int i = 0;
    while (i < line.length()) {
      char c = line.charAt(i);
      if (c == '\'' || c == '"') {
        int end = line.indexOf(c, i + 1);
        end = end < 0 ? line.length() : end;
        word = word == null ? new StringBuilder() : word;
        word.append(line, i + 1, end);
        i = end + 1;
        continue;
      }
      if (c == '#' && word == null) {
        break;
      }
      boolean operator = "&|;<>".indexOf(c) >= 0;
      if (Character.isWhitespace(c) || operator) {
        if (word != null) {
          if (!redirect) {
            words.add(word.toString());
          }
          redirect = false;
          word = null;
        }
        if (c == '<' || c == '>') {
          redirect = true;
        } else if (operator && !words.isEmpty()) {
          commands.add(words);
          words = new ArrayList<>();
        }
        i++;
        continue;
      }
      word = word == null ? new StringBuilder() : word;
      word.append(c);
      i++;
    }
    if (word != null && !redirect) {
      words.add(word.toString());
    }
    if (!words.isEmpty()) {
      commands.add(words);
    }
    return commands;
  }
}
