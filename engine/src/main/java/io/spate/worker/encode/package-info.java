/**
 * Encoding of generated rows into a target's load format behind one interface, {@link
 * io.spate.worker.encode.RowWriter}: {@link io.spate.worker.encode.CopyBinaryWriter} writes
 * PostgreSQL's binary {@code COPY}, {@link io.spate.worker.encode.LoadDataTextWriter} MariaDB's and
 * MySQL's {@code LOAD DATA} text. Both append to one reusable byte buffer, allocating nothing on
 * the hot paths, so a sink can ship the bytes as is.
 */
package io.spate.worker.encode;
