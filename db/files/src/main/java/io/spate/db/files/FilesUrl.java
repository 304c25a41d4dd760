package io.spate.db.files;

import io.spate.protocol.error.SpateException;
import java.nio.file.Path;
import java.util.stream.Collectors;

/**
 * What a files URL names: {@code file:DIR?format=csv} ({@code file:///abs/dir}, {@code
 * file:rel/dir}), the directory and, when given, the format.
 *
 * @param format the format the URL names, or null when it names none
 */
record FilesUrl(Path root, FileFormat format) {

  static final String SCHEME = "file:";

  /** The URL of the directory {@code dir} written in {@code format}. */
  static String of(Path dir, String format) {
    return SCHEME + dir.toAbsolutePath().normalize() + "?format=" + format;
  }

  static boolean isOne(String url) {
    return url.startsWith(SCHEME);
  }

  /**
   * @throws SpateException naming what in {@code url} is wrong
   */
  static FilesUrl parse(String url) {
    String rest = url.substring(SCHEME.length());
    FileFormat format = null;
    int query = rest.indexOf('?');
    if (query >= 0) {
      for (String parameter : rest.substring(query + 1).split("&")) {
        if (parameter.startsWith("format=")) {
          format = format(url, parameter.substring("format=".length()));
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
    if (rest.isEmpty()) {
      throw new SpateException(url + ": the URL names no directory (file:///dir or file:dir)");
    }
    return new FilesUrl(Path.of(rest).toAbsolutePath().normalize(), format);
  }

  /** The format named {@code name}, which {@code url} asked for. */
  static FileFormat format(String url, String name) {
    return FileFormat.all().stream()
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
  }
}
