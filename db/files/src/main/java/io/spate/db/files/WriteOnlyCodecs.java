package io.spate.db.files;

import java.io.ByteArrayOutputStream;
import java.io.IOException;
import org.apache.parquet.bytes.BytesInput;
import org.apache.parquet.compression.CompressionCodecFactory;
import org.apache.parquet.hadoop.metadata.CompressionCodecName;
import org.xerial.snappy.Snappy;

/**
 * The page compressors the writer uses, without Hadoop: parquet-hadoop's own {@code CodecFactory}
 * loads Hadoop's codec classes. Snappy (through snappy-java) and none; nothing here decompresses.
 */
final class WriteOnlyCodecs implements CompressionCodecFactory {

  @Override
  public BytesInputCompressor getCompressor(CompressionCodecName codec) {
    return switch (codec) {
      case UNCOMPRESSED -> new Compressor(codec);
      case SNAPPY -> new Compressor(codec);
      default ->
          throw new UnsupportedOperationException(
              "Spate writes Parquet pages with SNAPPY or UNCOMPRESSED, not " + codec);
    };
  }

  @Override
  public BytesInputDecompressor getDecompressor(CompressionCodecName codec) {
    throw new UnsupportedOperationException("the Parquet writer reads nothing");
  }

  @Override
  public void release() {}

  private record Compressor(CompressionCodecName codec) implements BytesInputCompressor {

    @Override
    public BytesInput compress(BytesInput page) throws IOException {
      if (codec == CompressionCodecName.UNCOMPRESSED) {
        return page;
      }
      ByteArrayOutputStream raw = new ByteArrayOutputStream(Math.toIntExact(page.size()));
      page.writeAllTo(raw);
      return BytesInput.from(Snappy.compress(raw.toByteArray()));
    }

    @Override
    public CompressionCodecName getCodecName() {
      return codec;
    }

    @Override
    public void release() {}
  }
}
