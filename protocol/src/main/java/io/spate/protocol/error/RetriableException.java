package io.spate.protocol.error;

/** A failure that may succeed on retry: a reset connection, a serialization failure, a deadlock. */
public class RetriableException extends SpateException {
  public RetriableException(String message, Throwable cause) {
    super(message, cause);
  }
}
