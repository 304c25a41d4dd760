package io.spate.coordinator.deploy;

import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.junit.jupiter.api.Assertions.fail;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.dataformat.yaml.YAMLFactory;
import io.spate.coordinator.cli.SpateCli;
import io.spate.worker.cli.WorkerCommand;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import picocli.CommandLine;
import picocli.CommandLine.ParseResult;

/**
 * The files under {@code deploy/} and what the tests need to hold them against the code: YAML
 * reading, the images the Dockerfile builds, and the real command line parser of each image.
 */
final class DeployFiles {

  /** The repository's root: surefire runs in the module's directory. */
  static final Path ROOT = Path.of("..").toAbsolutePath().normalize();

  static final Path DEPLOY = ROOT.resolve("deploy");

  static final ObjectMapper YAML = new ObjectMapper(new YAMLFactory());

  /** The uid the Dockerfile's runtime stage runs as. */
  static final long IMAGE_UID = 10001;

  private DeployFiles() {}

  static Path deploy(String relative) {
    Path file = DEPLOY.resolve(relative);
    assertTrue(Files.isRegularFile(file), file + " is missing");
    return file;
  }

  static String read(Path file) {
    try {
      return Files.readString(file);
    } catch (IOException e) {
      throw new UncheckedIOException(e);
    }
  }

  static JsonNode yaml(Path file) {
    try {
      return YAML.readTree(file.toFile());
    } catch (IOException e) {
      throw new UncheckedIOException("reading " + file, e);
    }
  }

  /**
   * The images deploy/Dockerfile builds, by stage: {@code spate-worker} and {@code
   * spate-coordinator}.
   */
  enum Image {
    WORKER("worker"),
    COORDINATOR("coordinator");

    final String target;

    Image(String target) {
      this.target = target;
    }

    /** The image's name without a tag or registry, as the Dockerfile's title label gives it. */
    String imageName() {
      return "spate-" + target;
    }

    /** The image an image reference such as {@code registry/spate-worker:0.1.0} names, if any. */
    static Image of(String reference) {
      String withoutTag = reference.replaceFirst("[:@][^/]*$", "");
      String name = withoutTag.substring(withoutTag.lastIndexOf('/') + 1);
      for (Image image : values()) {
        if (image.imageName().equals(name)) {
          return image;
        }
      }
      return fail(
          "image "
              + reference
              + " is none that deploy/Dockerfile builds (spate-worker, spate-coordinator)");
    }

    /**
     * Parses a container's arguments with the command line its jar runs: the worker image's {@code
     * WorkerMain} (spate worker), the coordinator image's {@code SpateCli}. The result is that
     * command's own, a subcommand's for the coordinator image. Fails on what the code would refuse:
     * an unknown option, a missing required one, a value of the wrong type.
     */
    ParseResult parse(List<String> args) {
      String[] argv = args.toArray(String[]::new);
      CommandLine command =
          this == WORKER ? new CommandLine(new WorkerCommand()) : SpateCli.commandLine(argv);
      try {
        ParseResult result = command.parseArgs(argv);
        if (this == WORKER) {
          return result;
        }
        if (result.subcommand() == null) {
          return fail(imageName() + " runs " + args + ", which names no spate command");
        }
        return result.subcommand();
      } catch (CommandLine.ParameterException e) {
        return fail(imageName() + " would refuse " + args + ": " + e.getMessage());
      }
    }
  }

  private static final Pattern K8S_VARIABLE = Pattern.compile("\\$\\(([A-Za-z_][A-Za-z0-9_]*)\\)");

  /**
   * An argument with Kubernetes' {@code $(VAR)} references replaced by the variables' values; fails
   * on a reference to a variable the container does not set.
   */
  static String expand(String arg, Map<String, String> env, String where) {
    Matcher m = K8S_VARIABLE.matcher(arg);
    StringBuilder out = new StringBuilder();
    while (m.find()) {
      String value = env.get(m.group(1));
      if (value == null) {
        fail(
            where
                + ": argument "
                + arg
                + " refers to $("
                + m.group(1)
                + "), which the container does not set");
      }
      m.appendReplacement(out, Matcher.quoteReplacement(value));
    }
    m.appendTail(out);
    return out.toString();
  }

  static List<String> strings(JsonNode array) {
    List<String> out = new ArrayList<>();
    array.forEach(n -> out.add(n.asText()));
    return out;
  }

  /** An option's value as the parser matched it, or a failure naming the option. */
  static <T> T option(ParseResult result, String name, String where) {
    if (!result.hasMatchedOption(name)) {
      return fail(where + " does not pass " + name);
    }
    return result.matchedOptionValue(name, null);
  }
}
