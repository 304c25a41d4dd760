package io.spate.engine.encode;

/**
 * A value encoded once, ahead of the rows, in every writer's format, for {@link
 * RowWriter#writeEncoded}: value lists are parsed once per fill, whatever the target. A writer with
 * neither form ({@link CsvWriter}, a file target's) replays the binary form through {@link
 * BinaryReplay}.
 *
 * @param binary the field's bytes in PostgreSQL's binary COPY form, without the length prefix
 * @param text the field as {@link LoadDataTextWriter} writes it (escaped, without separators), or
 *     null when the value has no such form (a value PostgreSQL's server encoded)
 */
public record Encoded(byte[] binary, byte[] text) {}
