package io.spate.db.files;

import io.spate.engine.encode.RowWriter;
import io.spate.engine.generate.TableEngine;
import java.io.Closeable;
import java.io.IOException;
import java.nio.file.Path;
import java.util.List;

/** How one task's rows become one file: CSV or Parquet. */
interface FileFormat {

  /** The name {@code format=} gives: {@code csv}. */
  String name();

  /** The file names' extension, with its dot: {@code .csv}. */
  String extension();

  /**
   * Starts a file at {@code file} for the rows of {@code table}, in the columns and order it writes
   * them ({@link TableEngine#columnNames}).
   */
  Rows create(Path file, TableEngine table) throws IOException;

  /** The rows a complete file of this format holds. */
  long rows(Path file) throws IOException;

  /** The formats this module writes. */
  static List<FileFormat> all() {
    return List.of(new CsvFormat(), new ParquetFormat());
  }

  /** A file being written. Used by one thread. */
  interface Rows extends Closeable {

    /** Where the generators write the next rows. */
    RowWriter writer();

    /**
     * Moves what {@link #writer} holds into the file and empties the writer.
     *
     * @return the bytes it added to the file
     */
    long drain() throws IOException;

    /** Completes the file, on disk: what it holds survives a crash once this returns. */
    void finish() throws IOException;

    /** Releases the file; without {@link #finish}, it is incomplete. */
    @Override
    void close() throws IOException;
  }
}
