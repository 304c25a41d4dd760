package io.spate.protocol.error;

/**
 * A failure Spate reports to its user: the message names the subject (job, task, table, column) and
 * the state that matters. Permanent unless it is a {@link RetriableException}.
 */
public class SpateException extends RuntimeException {
  public SpateException(String message) {
    super(message);
  }

  public SpateException(String message, Throwable cause) {
    super(message, cause);
  }
}
