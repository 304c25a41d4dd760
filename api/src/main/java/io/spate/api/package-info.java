/**
 * Spate's public Java API: {@link io.spate.api.Spate} plans and fills a PostgreSQL database in this
 * JVM, through the same planning and local fill as {@code spate local}, so a seed and a schema give
 * the same rows from either. Errors are the {@link io.spate.protocol.error.SpateException}s the
 * command line prints. The package pulls in no broker, HTTP server or command-line parser.
 */
package io.spate.api;
