package io.spate.engine.encode;

/**
 * Where the generators write rows, one field at a time, in a target's load format: such as {@link
 * CopyBinaryWriter} for PostgreSQL's binary COPY, {@link LoadDataTextWriter} for MariaDB's and
 * MySQL's {@code LOAD DATA} text, {@link CsvWriter} for CSV files.
 *
 * <p>Values arrive in PostgreSQL's carried forms (days and microseconds since 2000-01-01, unscaled
 * decimals, UTF-8 text); each writer renders them in its format. A row is {@link #startRow} and
 * then exactly that many fields, each one {@code write*} call or one {@link #beginField}..{@link
 * #endField} pair. The composite forms ({@link #beginArray}, {@link #beginRange}, {@link
 * #beginTsVector}, {@link #putInt4}, {@link #putFloat8}, {@link #writeInet}, ...) exist only in
 * PostgreSQL; a writer for a target without them throws {@link UnsupportedOperationException}.
 *
 * <p>A target module may bring its own writer. A fill uses one writer class per JVM, so the call
 * sites the generators make stay monomorphic at run time and inline.
 */
public interface RowWriter {

  /** Starts a row; exactly {@code fieldCount} fields must follow. */
  void startRow(int fieldCount);

  void writeNull();

  /** smallint; {@code v} is truncated to 16 bits. */
  void writeInt2(int v);

  void writeInt4(int v);

  void writeInt8(long v);

  void writeFloat4(float v);

  void writeFloat8(double v);

  void writeBool(boolean v);

  /** An exact decimal equal to {@code unscaled * 10^-scale} with {@code scale} (0 to 18) places. */
  void writeNumeric(long unscaled, int scale);

  /** date: days since 2000-01-01. */
  void writeDate(int daysSince2000);

  /** time: microseconds since midnight. */
  void writeTime(long microsOfDay);

  /** timestamp, timestamptz, datetime: microseconds since 2000-01-01 00:00:00 (UTC for tz). */
  void writeTimestamp(long microsSince2000);

  /** uuid: the 16 bytes, most significant first, as {@link java.util.UUID} holds them. */
  void writeUuid(long msb, long lsb);

  /** A field of exactly these bytes: binary data, or text already in UTF-8. */
  void writeBytes(byte[] b, int off, int len);

  /** A field encoded ahead of time: this writer's form of {@code value}. */
  void writeEncoded(Encoded value);

  /** text, varchar, char, json, enum labels: the string in UTF-8. */
  void writeText(String s);

  /**
   * Starts a field built with {@link #putByte} and {@link #putAscii}; {@link #endField} must follow
   * with the returned token before anything else is written.
   */
  int beginField();

  /** Appends the low 8 bits of {@code b} inside a field. */
  void putByte(int b);

  /** Appends bytes inside a field as they are (the writer's format escapes them as needed). */
  void putAscii(byte[] src, int off, int len);

  /** Ends the field {@link #beginField} (or a {@code begin*} composite) started. */
  void endField(int token);

  /** jsonb or json: the JSON text. */
  void writeJsonb(String json);

  /** money: an int64 count of the currency's smallest unit (cents). */
  void writeMoney(long cents);

  /**
   * bit(n) and bit varying: {@code bitLength} bits, most significant first, from {@code
   * ceil(bitLength / 8)} bytes of {@code bits}.
   */
  void writeBits(byte[] bits, int bitLength);

  /** PostgreSQL only: inet or cidr holding an IPv4 address. */
  void writeInet(int address, int bits, boolean cidr);

  /** PostgreSQL only: macaddr, the low 48 bits of {@code mac}. */
  void writeMacaddr(long mac);

  /** PostgreSQL only: interval. */
  void writeInterval(long micros, int days, int months);

  /** PostgreSQL only: time with time zone, the zone in seconds west of UTC. */
  void writeTimeTz(long microsOfDay, int zoneSecondsWest);

  /** PostgreSQL only: a one-dimensional array; see {@link CopyBinaryWriter#beginArray}. */
  int beginArray(int elementOid, int count, boolean hasNulls);

  /** PostgreSQL only: a range; see {@link CopyBinaryWriter#beginRange}. */
  int beginRange(int flags);

  /** PostgreSQL only: a tsvector; see {@link CopyBinaryWriter#beginTsVector}. */
  int beginTsVector(int lexemes);

  /** PostgreSQL only: one tsvector entry; see {@link CopyBinaryWriter#putTsLexeme}. */
  void putTsLexeme(byte[] lexeme, int off, int len, int[] positions, int positionCount);

  /** PostgreSQL only: a big-endian int32 inside a composite field. */
  void putInt4(int v);

  /** PostgreSQL only: a big-endian float8 inside a composite field (geometry). */
  void putFloat8(double v);

  /** Bytes written since construction or the last {@link #reset()}. */
  int size();

  /** Empties the writer between rows, keeping its buffer for reuse. */
  void reset();
}
