package io.spate.coordinator.http;

import io.spate.protocol.error.SpateException;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.security.MessageDigest;

/**
 * The bearer token of the coordinator service, found the same way by the server and the CLI: the
 * file {@code --token-file} names, else the environment variable {@value #ENV}. Surrounding
 * whitespace (a file's final newline) is not part of the token.
 */
public final class ApiToken {

  /** The environment variable holding the token when no file is named. */
  public static final String ENV = "SPATE_API_TOKEN";

  private final String value;

  private ApiToken(String value) {
    this.value = value;
  }

  /**
   * The token from the file, else from {@value #ENV}; empty when neither is set.
   *
   * @throws SpateException when the file cannot be read or holds no token
   */
  public static java.util.Optional<ApiToken> find(Path tokenFile) {
    return find(tokenFile, System.getenv(ENV));
  }

  static java.util.Optional<ApiToken> find(Path tokenFile, String envValue) {
    if (tokenFile != null) {
      String text;
      try {
        text = Files.readString(tokenFile, StandardCharsets.UTF_8).strip();
      } catch (IOException e) {
        throw new SpateException(
            "--token-file " + tokenFile + ": cannot read: " + e.getMessage(), e);
      }
      if (text.isEmpty()) {
        throw new SpateException("--token-file " + tokenFile + ": the file is empty");
      }
      return java.util.Optional.of(new ApiToken(text));
    }
    if (envValue == null || envValue.isBlank()) {
      return java.util.Optional.empty();
    }
    return java.util.Optional.of(new ApiToken(envValue.strip()));
  }

  /** The {@code Authorization} header value a client sends. */
  public String header() {
    return "Bearer " + value;
  }

  /** Whether an {@code Authorization} header carries this token (compared in constant time). */
  public boolean accepts(String authorizationHeader) {
    if (authorizationHeader == null
        || !authorizationHeader.regionMatches(true, 0, "Bearer ", 0, 7)) {
      return false;
    }
    byte[] given = authorizationHeader.substring(7).strip().getBytes(StandardCharsets.UTF_8);
    return MessageDigest.isEqual(given, value.getBytes(StandardCharsets.UTF_8));
  }

  @Override
  public String toString() {
    return "***"; // never logged
  }
}
