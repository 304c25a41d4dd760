package io.spate.db.mariadb;

import io.spate.engine.encode.LoadDataTextWriter;
import java.io.InputStream;

/**
 * The {@code LOAD DATA} text of a task's rows, generated on demand: when the driver reads and the
 * buffer is drained, the source fills the next one on the reading thread. No file, no second
 * thread, one buffer of about {@code chunkBytes} (plus one row) in memory.
 *
 * <p>A failure of generation ends the stream early (the driver then finishes the statement cleanly)
 * and is kept for {@link #failure()}: the loader rethrows it, so a task never commits a short
 * stream.
 */
final class RowStream extends InputStream {
  private final RowSource source;
  private final int chunkBytes;
  private final LoadDataTextWriter writer;
  private int read;
  private long rows;
  private boolean ended;
  private RuntimeException failure;

  RowStream(RowSource source, int chunkBytes) {
    this.source = source;
    this.chunkBytes = chunkBytes;
    this.writer = new LoadDataTextWriter(chunkBytes + chunkBytes / 4);
  }

  @Override
  public int read(byte[] b, int off, int len) {
    if (len == 0) {
      return 0;
    }
    if (read == writer.size() && !refill()) {
      return -1;
    }
    int n = Math.min(len, writer.size() - read);
    System.arraycopy(writer.array(), read, b, off, n);
    read += n;
    return n;
  }

  @Override
  public int read() {
    if (read == writer.size() && !refill()) {
      return -1;
    }
    return writer.array()[read++] & 0xFF;
  }

  /** Rows generated so far. */
  long rows() {
    return rows;
  }

  /** What ended generation early, or null. */
  RuntimeException failure() {
    return failure;
  }

  /** Generates the next buffer; false at the end of the rows (or on a failure). */
  private boolean refill() {
    if (ended) {
      return false;
    }
    writer.reset();
    read = 0;
    try {
      int n = source.fill(writer, chunkBytes);
      rows += n;
      ended = n == 0;
    } catch (RuntimeException e) {
      failure = e;
      ended = true;
      writer.reset();
    }
    return !ended;
  }
}
