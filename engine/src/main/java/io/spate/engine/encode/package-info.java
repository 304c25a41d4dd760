/**
 * Encoding of generated rows into a target's load format behind one interface, {@link
 * io.spate.engine.encode.RowWriter}: {@link io.spate.engine.encode.CopyBinaryWriter} writes
 * PostgreSQL's binary {@code COPY}, {@link io.spate.engine.encode.LoadDataTextWriter} MariaDB's and
 * MySQL's {@code LOAD DATA} text. Both append to one reusable byte buffer, allocating nothing on
 * the hot paths, so a sink can ship the bytes as is.
 */
package io.spate.engine.encode;
