package io.spate.db.files;

import io.spate.engine.encode.BinaryReplay;
import io.spate.engine.encode.Encoded;
import io.spate.engine.encode.RowWriter;
import io.spate.protocol.schema.Column;
import io.spate.protocol.schema.SqlType;
import java.io.Closeable;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.math.BigInteger;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.util.Arrays;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import org.apache.parquet.conf.ParquetConfiguration;
import org.apache.parquet.conf.PlainParquetConfiguration;
import org.apache.parquet.hadoop.ParquetFileWriter;
import org.apache.parquet.hadoop.ParquetWriter;
import org.apache.parquet.hadoop.api.WriteSupport;
import org.apache.parquet.hadoop.metadata.CompressionCodecName;
import org.apache.parquet.io.LocalOutputFile;
import org.apache.parquet.io.OutputFile;
import org.apache.parquet.io.api.Binary;
import org.apache.parquet.io.api.RecordConsumer;
import org.apache.parquet.schema.LogicalTypeAnnotation.DecimalLogicalTypeAnnotation;
import org.apache.parquet.schema.MessageType;
import org.apache.parquet.schema.PrimitiveType;
import org.apache.parquet.schema.PrimitiveType.PrimitiveTypeName;
import org.apache.parquet.schema.Type;

/**
 * Appends rows to one Parquet file, SNAPPY-compressed, through parquet-hadoop's writer on a local
 * file (no Hadoop at run time). Each row is gathered field by field, then handed to the writer
 * whole; {@link #close()} writes the footer, without which the file is unreadable.
 *
 * <p>Values arrive in the engine's carried forms and are written in the Parquet types of {@link
 * ParquetSchema}: dates shift from 2000-01-01 to 1970-01-01, timestamps likewise in microseconds,
 * decimals are rescaled to the column's scale, time with time zone becomes UTC. {@link #size()}
 * counts the plain-encoded bytes of the values written since {@link #reset()} (before dictionary
 * encoding and compression), so {@code TableEngine.fill}'s byte bound still cuts a task into
 * chunks; the file holds whatever the writer has flushed. Not thread-safe.
 */
public final class ParquetRows implements RowWriter, Closeable {

  private static final int DAYS_1970_TO_2000 = 10_957;
  private static final long MICROS_1970_TO_2000 = DAYS_1970_TO_2000 * 86_400_000_000L;
  private static final long MICROS_PER_DAY = 86_400_000_000L;

  /** {@link #endField}'s token for an array; a plain field's is 0. */
  private static final int ARRAY = 1;

  private final Slot[] row;
  private final ParquetWriter<Slot[]> writer;

  private int field;
  private boolean inArray;
  private int bytes;

  /** A field {@link #beginField} builds, byte by byte. */
  private byte[] built = new byte[64];

  private int builtLength;

  /**
   * Creates (or replaces) {@code file}.
   *
   * @param columns the columns a row carries, in its order
   * @throws UnsupportedOperationException when a column's type has no Parquet mapping
   */
  public ParquetRows(List<Column> columns, Path file) throws IOException {
    this(columns, new LocalOutputFile(file));
  }

  /** Writes to {@code file}, replacing what it holds. */
  public ParquetRows(List<Column> columns, OutputFile file) throws IOException {
    MessageType schema = ParquetSchema.of(columns);
    this.row = new Slot[columns.size()];
    for (int i = 0; i < row.length; i++) {
      row[i] = new Slot(columns.get(i), schema.getType(i));
    }
    this.writer =
        new Builder(file, new RowSupport(schema))
            .withConf(new PlainParquetConfiguration())
            .withCodecFactory(new WriteOnlyCodecs())
            .withCompressionCodec(CompressionCodecName.SNAPPY)
            .withWriteMode(ParquetFileWriter.Mode.OVERWRITE)
            .build();
    this.field = row.length; // no row open
  }

  @Override
  public void startRow(int fieldCount) {
    if (field != row.length) {
      throw new IllegalStateException("row started after " + field + " of " + row.length);
    }
    if (fieldCount != row.length) {
      throw new IllegalArgumentException(
          "a row of " + fieldCount + " fields for " + row.length + " columns");
    }
    field = 0;
  }

  @Override
  public void writeNull() {
    Slot slot = slot();
    if (inArray) {
      slot.add(false);
      return;
    }
    if (!slot.column.nullable()) {
      throw new IllegalStateException("NULL in NOT NULL column " + slot.column.name());
    }
    slot.count = -1;
    endValue();
  }

  @Override
  public void writeInt2(int v) {
    writeInt8((short) v);
  }

  @Override
  public void writeInt4(int v) {
    writeInt8(v);
  }

  @Override
  public void writeInt8(long v) {
    putLong(v);
  }

  @Override
  public void writeFloat4(float v) {
    putFloatingPoint(v);
  }

  @Override
  public void writeFloat8(double v) {
    putFloatingPoint(v);
  }

  @Override
  public void writeBool(boolean v) {
    putLong(v ? 1 : 0);
  }

  /** Rescaled to the column's scale; an INT64 decimal or big-endian two's complement bytes. */
  @Override
  public void writeNumeric(long unscaled, int scale) {
    Slot slot = slot();
    int columnScale = slot.scale;
    if (slot.primitive == PrimitiveTypeName.INT64) {
      long value = unscaled;
      for (int s = scale; s < columnScale; s++) {
        value = Math.multiplyExact(value, 10);
      }
      for (int s = scale; s > columnScale; s--) {
        if (value % 10 != 0) {
          throw inexact(slot, unscaled, scale);
        }
        value /= 10;
      }
      putLong(value);
      return;
    }
    byte[] fixed = new byte[slot.fixedLength];
    if (scale == columnScale) {
      for (int i = fixed.length - 1, shift = 0; i >= 0; i--, shift += 8) {
        fixed[i] = (byte) (shift < 64 ? unscaled >> shift : unscaled >> 63);
      }
    } else {
      BigInteger value = BigInteger.valueOf(unscaled);
      value =
          scale < columnScale
              ? value.multiply(BigInteger.TEN.pow(columnScale - scale))
              : exactDivision(slot, value, unscaled, scale);
      byte[] minimal = value.toByteArray();
      if (minimal.length > fixed.length) {
        throw new ArithmeticException(
            "numeric " + unscaled + "e-" + scale + " beyond column " + slot.column.name());
      }
      Arrays.fill(fixed, 0, fixed.length - minimal.length, (byte) (value.signum() < 0 ? -1 : 0));
      System.arraycopy(minimal, 0, fixed, fixed.length - minimal.length, minimal.length);
    }
    putBinary(Binary.fromConstantByteArray(fixed));
  }

  @Override
  public void writeDate(int daysSince2000) {
    putLong(daysSince2000 + (long) DAYS_1970_TO_2000);
  }

  @Override
  public void writeTime(long microsOfDay) {
    putLong(microsOfDay);
  }

  @Override
  public void writeTimestamp(long microsSince2000) {
    putLong(Math.addExact(microsSince2000, MICROS_1970_TO_2000));
  }

  @Override
  public void writeUuid(long msb, long lsb) {
    byte[] b = new byte[16];
    for (int i = 0; i < 8; i++) {
      b[i] = (byte) (msb >>> (56 - 8 * i));
      b[8 + i] = (byte) (lsb >>> (56 - 8 * i));
    }
    putBinary(Binary.fromConstantByteArray(b));
  }

  @Override
  public void writeBytes(byte[] b, int off, int len) {
    Objects.checkFromIndexSize(off, len, b.length);
    putBinary(Binary.fromConstantByteArray(Arrays.copyOfRange(b, off, off + len)));
  }

  /** The value replayed from its binary form ({@link BinaryReplay}). */
  @Override
  public void writeEncoded(Encoded value) {
    Slot slot = slot();
    BinaryReplay.replay(inArray ? slot.column.element() : slot.column, value.binary(), this);
  }

  @Override
  public void writeText(String s) {
    putBinary(Binary.fromConstantByteArray(s.getBytes(StandardCharsets.UTF_8)));
  }

  @Override
  public int beginField() {
    builtLength = 0;
    return 0;
  }

  @Override
  public void putByte(int b) {
    if (builtLength == built.length) {
      built = Arrays.copyOf(built, 2 * built.length);
    }
    built[builtLength++] = (byte) b;
  }

  @Override
  public void putAscii(byte[] src, int off, int len) {
    Objects.checkFromIndexSize(off, len, src.length);
    for (int i = off; i < off + len; i++) {
      putByte(src[i]);
    }
  }

  /** Ends a field {@link #beginField} built, or an array. */
  @Override
  public void endField(int token) {
    if (token == ARRAY) {
      inArray = false;
      endValue();
    } else {
      putBinary(Binary.fromConstantByteArray(Arrays.copyOf(built, builtLength)));
    }
  }

  @Override
  public void writeJsonb(String json) {
    writeText(json);
  }

  /** A DECIMAL(18, 2) of the cents. */
  @Override
  public void writeMoney(long cents) {
    putLong(cents);
  }

  @Override
  public void writeBits(byte[] bits, int bitLength) {
    throw unsupported("bit strings");
  }

  @Override
  public void writeInet(int address, int bits, boolean cidr) {
    throw unsupported("network addresses");
  }

  @Override
  public void writeMacaddr(long mac) {
    throw unsupported("macaddr");
  }

  @Override
  public void writeInterval(long micros, int days, int months) {
    throw unsupported("intervals");
  }

  /** TIME(MICROS, adjusted to UTC): the time of day moved to UTC, the offset dropped. */
  @Override
  public void writeTimeTz(long microsOfDay, int zoneSecondsWest) {
    putLong(Math.floorMod(microsOfDay + zoneSecondsWest * 1_000_000L, MICROS_PER_DAY));
  }

  /** Starts a LIST; each element follows as a value or {@link #writeNull()}. */
  @Override
  public int beginArray(int elementOid, int count, boolean hasNulls) {
    Slot slot = slot();
    if (inArray) {
      throw unsupported("nested arrays");
    }
    slot.count = 0;
    inArray = true;
    return ARRAY;
  }

  @Override
  public int beginRange(int flags) {
    throw unsupported("ranges");
  }

  @Override
  public int beginTsVector(int lexemes) {
    throw unsupported("tsvector");
  }

  @Override
  public void putTsLexeme(byte[] lexeme, int off, int len, int[] positions, int positionCount) {
    throw unsupported("tsvector");
  }

  @Override
  public void putInt4(int v) {
    throw unsupported("geometric values");
  }

  @Override
  public void putFloat8(double v) {
    throw unsupported("geometric values");
  }

  /** Plain-encoded bytes of the values written since the last {@link #reset()}. */
  @Override
  public int size() {
    return bytes;
  }

  /** Starts counting {@link #size()} again; the file goes on. */
  @Override
  public void reset() {
    bytes = 0;
  }

  /** Finishes the file: flushes the last row group and writes the footer. */
  @Override
  public void close() throws IOException {
    writer.close();
  }

  private Slot slot() {
    if (field >= row.length) {
      throw new IllegalStateException("more than the row's " + row.length + " fields");
    }
    return row[field];
  }

  private void putLong(long v) {
    Slot slot = slot();
    int index = slot.index(inArray); // before reading slot.longs: it may grow the arrays
    slot.longs[index] = v;
    bytes += slot.primitive == PrimitiveTypeName.INT64 ? 8 : 4;
    endValue();
  }

  private void putFloatingPoint(double v) {
    Slot slot = slot();
    int index = slot.index(inArray);
    slot.longs[index] =
        slot.primitive == PrimitiveTypeName.FLOAT
            ? Float.floatToRawIntBits((float) v)
            : Double.doubleToRawLongBits(v);
    bytes += slot.primitive == PrimitiveTypeName.FLOAT ? 4 : 8;
    endValue();
  }

  private void putBinary(Binary v) {
    Slot slot = slot();
    int index = slot.index(inArray);
    slot.binaries[index] = v;
    bytes += 4 + v.length();
    endValue();
  }

  /** After a value: the next element, or the next field; after the last field, the row. */
  private void endValue() {
    if (inArray) {
      return;
    }
    if (++field == row.length) {
      try {
        writer.write(row);
      } catch (IOException e) {
        throw new UncheckedIOException("writing a row to Parquet", e);
      }
    }
  }

  private UnsupportedOperationException unsupported(String what) {
    Column column = row[Math.min(field, row.length - 1)].column;
    return new UnsupportedOperationException(
        "Parquet has no form for " + what + " (column " + column.name() + ")");
  }

  private static IllegalArgumentException inexact(Slot slot, long unscaled, int scale) {
    return new IllegalArgumentException(
        "numeric "
            + unscaled
            + "e-"
            + scale
            + " has more places than column "
            + slot.column.name()
            + "'s scale "
            + slot.scale);
  }

  private static BigInteger exactDivision(Slot slot, BigInteger value, long unscaled, int scale) {
    BigInteger[] quotient = value.divideAndRemainder(BigInteger.TEN.pow(scale - slot.scale));
    if (quotient[1].signum() != 0) {
      throw inexact(slot, unscaled, scale);
    }
    return quotient[0];
  }

  /**
   * One field of the row being gathered: its value at index 0, or an array's elements; {@code
   * count} is -1 for NULL.
   */
  private static final class Slot {
    final Column column;
    final String name;
    final PrimitiveTypeName primitive;
    final boolean list;
    final int scale;
    final int fixedLength;

    int count;
    long[] longs = new long[1];
    Binary[] binaries = new Binary[1];
    boolean[] present = new boolean[1];

    Slot(Column column, Type type) {
      this.column = column;
      this.name = type.getName();
      this.list = column.type() == SqlType.ARRAY;
      PrimitiveType value =
          list
              ? type.asGroupType().getType(0).asGroupType().getType(0).asPrimitiveType()
              : type.asPrimitiveType();
      this.primitive = value.getPrimitiveTypeName();
      this.scale =
          value.getLogicalTypeAnnotation() instanceof DecimalLogicalTypeAnnotation decimal
              ? decimal.getScale()
              : 0;
      this.fixedLength = value.getTypeLength();
    }

    /** The index the next value goes to: 0, or the next element's, making room. */
    int index(boolean element) {
      if (!element) {
        count = 1;
        present[0] = true;
        return 0;
      }
      return add(true);
    }

    int add(boolean isPresent) {
      if (count == present.length) {
        int length = 2 * present.length;
        longs = Arrays.copyOf(longs, length);
        binaries = Arrays.copyOf(binaries, length);
        present = Arrays.copyOf(present, length);
      }
      present[count] = isPresent;
      return count++;
    }
  }

  /** Emits a gathered row to Parquet's record consumer. */
  private static final class RowSupport extends WriteSupport<Slot[]> {
    private final MessageType schema;
    private RecordConsumer out;

    RowSupport(MessageType schema) {
      this.schema = schema;
    }

    @Override
    @Deprecated
    public WriteContext init(org.apache.hadoop.conf.Configuration configuration) {
      return new WriteContext(schema, Map.of());
    }

    @Override
    public WriteContext init(ParquetConfiguration configuration) {
      return new WriteContext(schema, Map.of());
    }

    @Override
    public void prepareForWrite(RecordConsumer recordConsumer) {
      this.out = recordConsumer;
    }

    @Override
    public void write(Slot[] row) {
      out.startMessage();
      for (int i = 0; i < row.length; i++) {
        Slot slot = row[i];
        if (slot.count < 0) {
          continue; // NULL: the OPTIONAL field is absent
        }
        out.startField(slot.name, i);
        if (slot.list) {
          writeList(slot);
        } else {
          writeValue(slot, 0);
        }
        out.endField(slot.name, i);
      }
      out.endMessage();
    }

    private void writeList(Slot slot) {
      out.startGroup();
      if (slot.count > 0) {
        out.startField("list", 0);
        for (int e = 0; e < slot.count; e++) {
          out.startGroup();
          if (slot.present[e]) {
            out.startField("element", 0);
            writeValue(slot, e);
            out.endField("element", 0);
          }
          out.endGroup();
        }
        out.endField("list", 0);
      }
      out.endGroup();
    }

    private void writeValue(Slot slot, int i) {
      switch (slot.primitive) {
        case INT32 -> out.addInteger((int) slot.longs[i]);
        case INT64 -> out.addLong(slot.longs[i]);
        case FLOAT -> out.addFloat(Float.intBitsToFloat((int) slot.longs[i]));
        case DOUBLE -> out.addDouble(Double.longBitsToDouble(slot.longs[i]));
        case BOOLEAN -> out.addBoolean(slot.longs[i] != 0);
        case BINARY, FIXED_LEN_BYTE_ARRAY -> out.addBinary(slot.binaries[i]);
        case INT96 -> throw new IllegalStateException("INT96 is never written");
      }
    }
  }

  private static final class Builder extends ParquetWriter.Builder<Slot[], Builder> {
    private final RowSupport support;

    Builder(OutputFile file, RowSupport support) {
      super(file);
      this.support = support;
    }

    @Override
    protected Builder self() {
      return this;
    }

    @Override
    @Deprecated
    protected WriteSupport<Slot[]> getWriteSupport(org.apache.hadoop.conf.Configuration conf) {
      return support;
    }

    @Override
    protected WriteSupport<Slot[]> getWriteSupport(ParquetConfiguration conf) {
      return support;
    }
  }
}
