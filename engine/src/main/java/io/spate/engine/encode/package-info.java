/**
 * Encoding of generated rows into a target's load format behind one interface, {@link
 * io.spate.engine.encode.RowWriter}: {@link io.spate.engine.encode.CopyBinaryWriter} writes
 * PostgreSQL's binary {@code COPY}, {@link io.spate.engine.encode.LoadDataTextWriter} MariaDB's and
 * MySQL's {@code LOAD DATA} text, {@link io.spate.engine.encode.CsvWriter} RFC 4180 CSV. They
 * append to one reusable byte buffer, allocating nothing on the hot paths, so a sink can ship the
 * bytes as is. {@link io.spate.engine.encode.BindValueWriter} is the base of the writers that
 * collect values for a prepared statement's parameters instead. A writer with no pre-encoded form
 * of its own replays a value list's binary form ({@link io.spate.engine.encode.BinaryReplay}).
 */
package io.spate.engine.encode;
