package io.spate.protocol.message;

import io.spate.protocol.error.SpateException;

/**
 * A message this Spate cannot read: no version, a major version it does not speak, or bytes that
 * are not a well-formed message of the expected kind. Permanent: redelivering the same bytes fails
 * the same way, so a consumer reports it and moves on rather than retrying.
 */
public class UnsupportedMessageException extends SpateException {
  public UnsupportedMessageException(String message) {
    super(message);
  }

  public UnsupportedMessageException(String message, Throwable cause) {
    super(message, cause);
  }
}
