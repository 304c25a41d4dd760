package io.spate.db.files;

import io.spate.engine.encode.CsvWriter;
import io.spate.engine.encode.RowWriter;
import io.spate.engine.generate.TableEngine;
import io.spate.protocol.schema.Column;
import java.io.IOException;
import java.io.InputStream;
import java.nio.ByteBuffer;
import java.nio.channels.FileChannel;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardOpenOption;
import java.util.List;
import java.util.Map;
import java.util.function.Function;
import java.util.stream.Collectors;

/**
 * RFC 4180 CSV with a header row, as {@link CsvWriter} writes it: NULL an empty unquoted field, the
 * empty string {@code ""}.
 */
final class CsvFormat implements FileFormat {

  @Override
  public String name() {
    return "csv";
  }

  @Override
  public String extension() {
    return ".csv";
  }

  @Override
  public Rows create(Path file, TableEngine table) throws IOException {
    Map<String, Column> byName =
        table.plan().table().columns().stream()
            .collect(Collectors.toMap(Column::name, Function.identity()));
    List<String> names = table.columnNames();
    CsvWriter writer =
        new CsvWriter(names.stream().map(byName::get).toList(), FileSink.CHUNK_BYTES + 64 * 1024);
    FileChannel channel =
        FileChannel.open(file, StandardOpenOption.CREATE_NEW, StandardOpenOption.WRITE);
    try {
      writeFully(channel, CsvWriter.header(names), CsvWriter.header(names).length);
    } catch (IOException e) {
      channel.close();
      throw e;
    }
    return new Rows() {
      @Override
      public RowWriter writer() {
        return writer;
      }

      @Override
      public long drain() throws IOException {
        int size = writer.size();
        writeFully(channel, writer.array(), size);
        writer.reset();
        return size;
      }

      @Override
      public void finish() throws IOException {
        channel.force(true);
      }

      @Override
      public void close() throws IOException {
        channel.close();
      }
    };
  }

  private static void writeFully(FileChannel channel, byte[] bytes, int length) throws IOException {
    ByteBuffer buffer = ByteBuffer.wrap(bytes, 0, length);
    while (buffer.hasRemaining()) {
      channel.write(buffer);
    }
  }

  /** The records after the header: LFs outside quoted fields. */
  @Override
  public long rows(Path file) throws IOException {
    long records = 0;
    boolean quoted = false;
    byte[] chunk = new byte[64 * 1024];
    try (InputStream in = Files.newInputStream(file)) {
      for (int n = in.read(chunk); n > 0; n = in.read(chunk)) {
        for (int i = 0; i < n; i++) {
          byte b = chunk[i];
          if (b == '"') {
            quoted = !quoted; // a doubled quote toggles twice
          } else if (b == '\n' && !quoted) {
            records++;
          }
        }
      }
    }
    return records - 1;
  }
}
