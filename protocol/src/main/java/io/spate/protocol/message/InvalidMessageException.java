package io.spate.protocol.message;

/**
 * A message of a version this Spate speaks, well-formed JSON of the expected kind, whose values
 * break the message's rules: a required field missing, a range reversed, an attempt below 1. A kind
 * of {@link UnsupportedMessageException}, so a reader that skips unreadable records skips these
 * too; permanent, like its parent.
 */
public class InvalidMessageException extends UnsupportedMessageException {
  public InvalidMessageException(String message) {
    super(message);
  }
}
