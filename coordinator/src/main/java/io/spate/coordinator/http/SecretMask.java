package io.spate.coordinator.http;

import io.spate.protocol.error.SpateException;
import io.spate.worker.target.Targets;
import java.util.Map;
import java.util.regex.Pattern;

/**
 * Masks the secrets of the service's targets in error messages before they reach a response or the
 * log: every target's password, and any {@code password=...} in a URL. Holds no state of its own:
 * built once on the service's (immutable) targets, used from any thread.
 */
final class SecretMask {

  private static final Pattern PASSWORD_IN_TEXT = Pattern.compile("(?i)(password=)[^&\\s;]*");

  private final Map<String, Targets.Target> targets;

  SecretMask(Map<String, Targets.Target> targets) {
    this.targets = targets;
  }

  /** The exception with any password of the service's targets, or password=... in a URL, masked. */
  SpateException mask(RuntimeException e) {
    String message = e.getMessage() == null ? e.toString() : e.getMessage();
    String masked = PASSWORD_IN_TEXT.matcher(message).replaceAll("$1***");
    for (Targets.Target t : targets.values()) {
      if (t.password() != null && !t.password().isEmpty()) {
        masked = masked.replace(t.password(), "***");
      }
    }
    return masked.equals(message) && e instanceof SpateException s
        ? s
        : new SpateException(masked, e);
  }
}
