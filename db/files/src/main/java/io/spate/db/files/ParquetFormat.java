package io.spate.db.files;

import io.spate.engine.encode.RowWriter;
import io.spate.engine.generate.TableEngine;
import io.spate.protocol.schema.Column;
import java.io.ByteArrayInputStream;
import java.io.IOException;
import java.nio.ByteBuffer;
import java.nio.ByteOrder;
import java.nio.channels.FileChannel;
import java.nio.file.Path;
import java.nio.file.StandardOpenOption;
import java.util.Map;
import java.util.function.Function;
import java.util.stream.Collectors;
import org.apache.parquet.format.Util;

/**
 * Parquet, as {@link ParquetRows} writes it: SNAPPY pages, the SQL types mapped by {@link
 * ParquetSchema}.
 */
final class ParquetFormat implements FileFormat {

  private static final int TAIL = 8; // the footer's length, then "PAR1"

  @Override
  public String name() {
    return "parquet";
  }

  @Override
  public String extension() {
    return ".parquet";
  }

  @Override
  public Rows create(Path file, TableEngine table) throws IOException {
    Map<String, Column> byName =
        table.plan().table().columns().stream()
            .collect(Collectors.toMap(Column::name, Function.identity()));
    ParquetRows writer =
        new ParquetRows(table.columnNames().stream().map(byName::get).toList(), file);
    return new Rows() {
      private boolean closed;

      @Override
      public RowWriter writer() {
        return writer;
      }

      @Override
      public long drain() {
        long size = writer.size();
        writer.reset();
        return size;
      }

      @Override
      public void finish() throws IOException {
        close();
        try (FileChannel channel = FileChannel.open(file, StandardOpenOption.WRITE)) {
          channel.force(true);
        }
      }

      @Override
      public void close() throws IOException {
        if (!closed) {
          closed = true;
          writer.close(); // the footer: an unfinished file is deleted by its sink
        }
      }
    };
  }

  /** The row count the file's footer records. */
  @Override
  public long rows(Path file) throws IOException {
    try (FileChannel channel = FileChannel.open(file, StandardOpenOption.READ)) {
      long size = channel.size();
      ByteBuffer tail = ByteBuffer.allocate(TAIL).order(ByteOrder.LITTLE_ENDIAN);
      channel.read(tail, size - TAIL);
      int footerLength = tail.getInt(0);
      if (tail.get(4) != 'P' || tail.get(5) != 'A' || tail.get(6) != 'R' || tail.get(7) != '1') {
        throw new IOException(file + " is not a Parquet file");
      }
      ByteBuffer footer = ByteBuffer.allocate(footerLength);
      channel.read(footer, size - TAIL - footerLength);
      return Util.readFileMetaData(new ByteArrayInputStream(footer.array())).getNum_rows();
    }
  }
}
