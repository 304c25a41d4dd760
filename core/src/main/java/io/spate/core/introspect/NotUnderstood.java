package io.spate.core.introspect;

/**
 * Thrown by {@link CheckLexer} and {@link CheckGrammar} anywhere the text leaves the grammar, and
 * by {@link CheckParser} for a shape it cannot turn into a check; caught once in {@link
 * CheckParser}, so it carries no message and no stack trace.
 */
final class NotUnderstood extends RuntimeException {
  NotUnderstood() {
    super(null, null, false, false);
  }
}
