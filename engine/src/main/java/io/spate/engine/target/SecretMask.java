package io.spate.engine.target;

import io.spate.protocol.error.RetriableException;
import io.spate.protocol.error.SpateException;
import java.util.Collection;
import java.util.List;
import java.util.Objects;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import java.util.stream.Stream;

/**
 * The one place secrets are masked before text reaches a terminal, a log or an HTTP response: a
 * password written in a JDBC URL ({@code ?password=...}, {@code sslpassword=...} or {@code
 * //user:secret@host}), wherever the URL appears, and the passwords of a process's own targets,
 * wherever they appear. Every URL a message, banner or log line shows goes through {@link #url};
 * every error that may quote one, through {@link #mask(RuntimeException)}. Immutable: usable from
 * any thread.
 */
public final class SecretMask {

  private static final String MASK = "***";

  /** {@code password=} (and so {@code sslpassword=}) up to the next separator. */
  private static final Pattern PASSWORD_PARAMETER = Pattern.compile("(?i)(password=)[^&\\s;]*");

  /** The password of {@code //user:password@host}; a port ({@code //host:5432/}) has no '@'. */
  private static final Pattern USER_INFO_PASSWORD = Pattern.compile("(//[^/@\\s:]*:)([^@/\\s]*)@");

  private final List<String> passwords;

  /**
   * Masks what URLs carry and each of the targets' passwords, those in their URLs' {@code
   * //user:secret@} too (a driver may quote that part alone, as MariaDB Connector/J's port error).
   */
  public SecretMask(Collection<Targets.Target> targets) {
    this.passwords =
        targets.stream()
            .flatMap(t -> Stream.of(t.password(), userInfoPassword(t.url())))
            .filter(Objects::nonNull)
            .filter(p -> !p.isEmpty())
            .distinct()
            .toList();
  }

  private static String userInfoPassword(String url) {
    Matcher m = url == null ? null : USER_INFO_PASSWORD.matcher(url);
    return m != null && m.find() ? m.group(2) : null;
  }

  /** A URL (or any text holding one) with the password it carries masked. */
  public static String url(String text) {
    if (text == null) {
      return null;
    }
    String masked = PASSWORD_PARAMETER.matcher(text).replaceAll("$1" + MASK);
    return USER_INFO_PASSWORD.matcher(masked).replaceAll("$1" + MASK + "@");
  }

  /** The text with what URLs in it carry and every known password masked. */
  public String text(String text) {
    String masked = url(text);
    for (String p : passwords) {
      masked = masked.replace(p, MASK);
    }
    return masked;
  }

  /**
   * The exception itself when its message holds no secret; else one of the same standing (retriable
   * or not, as {@link SqlErrors#retriable} judges it) whose message has every secret masked.
   */
  public RuntimeException mask(RuntimeException e) {
    String message = e.getMessage() == null ? e.toString() : e.getMessage();
    String masked = text(message);
    if (masked.equals(message)) {
      return e;
    }
    return SqlErrors.retriable(e)
        ? new RetriableException(masked, e)
        : new SpateException(masked, e);
  }
}
