package io.spate.db.files;

import io.spate.core.target.OutputTarget;
import io.spate.core.target.TargetTables;
import io.spate.protocol.error.SpateException;
import io.spate.protocol.plan.FillPlan;
import java.nio.file.Path;
import java.util.function.Consumer;
import java.util.stream.Collectors;

/**
 * Files as a target: {@code file:DIR?format=csv} ({@code file:///abs/dir}, {@code file:rel/dir};
 * {@code format} csv by default). See {@link OutputDirectory} for the layout and {@link FileSink}
 * for how each task's file appears once.
 */
public final class FilesTarget implements OutputTarget {

  private static final String SCHEME = "file:";

  /** The URL of the directory {@code dir} written in {@code format}. */
  public static String url(Path dir, String format) {
    return SCHEME + dir.toAbsolutePath().normalize() + "?format=" + format;
  }

  @Override
  public boolean serves(String url) {
    return url.startsWith(SCHEME);
  }

  @Override
  public Opened open(
      String url,
      FillPlan plan,
      String planDigest,
      TargetTables.Start start,
      Consumer<String> notes) {
    String rest = url.substring(SCHEME.length());
    String formatName = "csv";
    int query = rest.indexOf('?');
    if (query >= 0) {
      for (String parameter : rest.substring(query + 1).split("&")) {
        if (parameter.startsWith("format=")) {
          formatName = parameter.substring("format=".length());
        } else {
          throw new SpateException(
              url + ": unknown parameter '" + parameter + "' (the URL takes format=)");
        }
      }
      rest = rest.substring(0, query);
    }
    if (rest.startsWith("//")) {
      if (!rest.startsWith("///")) {
        throw new SpateException(url + ": a file URL names a local path: file:///dir or file:dir");
      }
      rest = rest.substring(2);
    }
    String name = formatName;
    FileFormat format =
        FileFormat.all().stream()
            .filter(f -> f.name().equals(name))
            .findFirst()
            .orElseThrow(
                () ->
                    new SpateException(
                        url
                            + ": no file format '"
                            + name
                            + "' (there are "
                            + FileFormat.all().stream()
                                .map(FileFormat::name)
                                .collect(Collectors.joining(", "))
                            + ")"));
    Path root = Path.of(rest).toAbsolutePath().normalize();
    return OutputDirectory.open(root, format, plan, planDigest, start, notes);
  }
}
