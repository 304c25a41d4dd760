/**
 * Sinks load generated rows into the database: binary COPY, one transaction per task, and the
 * single place where database errors are classified as retriable or permanent. A load may switch
 * user triggers off for its own transaction only ({@code SET LOCAL}), never beyond it.
 */
package io.spate.worker.sink;
