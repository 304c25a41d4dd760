/**
 * Encoding of generated rows into PostgreSQL's binary {@code COPY} format. {@link
 * io.spate.worker.encode.CopyBinaryWriter} appends header, rows, fields and trailer to one reusable
 * byte buffer, allocating nothing on the hot paths, so a sink can ship the bytes as is.
 */
package io.spate.worker.encode;
