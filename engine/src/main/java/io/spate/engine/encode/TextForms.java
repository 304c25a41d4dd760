package io.spate.engine.encode;

import java.nio.charset.StandardCharsets;

/**
 * The text forms of the engine's carried values, shared by the text writers ({@link
 * LoadDataTextWriter}, {@link CsvWriter}): each method writes ASCII at {@code out[p]} and returns
 * the position after it. The caller has made room (the bound is in each method's javadoc); nothing
 * allocates.
 */
final class TextForms {

  static final long MICROS_PER_SECOND = 1_000_000L;
  static final long MICROS_PER_DAY = 86_400L * MICROS_PER_SECOND;

  private static final byte[] HEX = "0123456789abcdef".getBytes(StandardCharsets.US_ASCII);

  /** Days from 0000-03-01 (the civil algorithm's epoch) to 2000-01-01. */
  private static final int DAYS_0000_03_01_TO_2000 = 730_425;

  private TextForms() {}

  /** Signed decimal; at most 20 bytes. */
  static int putLong(byte[] out, int p, long v) {
    if (v < 0) {
      out[p++] = '-';
    }
    return putUnsigned(out, p, v < 0 ? -v : v, 1); // -Long.MIN_VALUE read as unsigned is 2^63
  }

  /** {@code v} read as unsigned, zero-padded to at least {@code width} digits (at most 20). */
  static int putUnsigned(byte[] out, int p, long v, int width) {
    if (v < 0) { // 2^63 or more: one unsigned division leaves a signed quotient
      long quotient = Long.divideUnsigned(v, 10);
      p = putUnsigned(out, p, quotient, Math.max(width - 1, 1));
      out[p++] = (byte) ('0' + (v - quotient * 10));
      return p;
    }
    int digits = 1;
    for (long rest = v; rest >= 10; rest /= 10) {
      digits++;
    }
    int end = p + Math.max(digits, width);
    long rest = v;
    for (int i = end - 1; i >= p; i--) {
      long quotient = rest / 10;
      out[i] = (byte) ('0' + (rest - quotient * 10));
      rest = quotient;
    }
    return end;
  }

  /**
   * The exact decimal {@code unscaled * 10^-scale} with exactly {@code scale} places (0 to 18); at
   * most 40 bytes.
   */
  static int putNumeric(byte[] out, int p, long unscaled, int scale) {
    if (scale < 0 || scale > 18) {
      throw new IllegalArgumentException("scale " + scale + " outside 0..18");
    }
    if (unscaled < 0) {
      out[p++] = '-';
    }
    // -Long.MIN_VALUE overflows to itself, which read as unsigned is the right magnitude.
    long magnitude = unscaled < 0 ? -unscaled : unscaled;
    long divisor = 1;
    for (int i = 0; i < scale; i++) {
      divisor *= 10;
    }
    p = putUnsigned(out, p, Long.divideUnsigned(magnitude, divisor), 1);
    if (scale > 0) {
      out[p++] = '.';
      p = putUnsigned(out, p, Long.remainderUnsigned(magnitude, divisor), scale);
    }
    return p;
  }

  /** {@code YYYY-MM-DD}, the proleptic Gregorian calendar, years 0 to 9999; 10 bytes. */
  static int putDate(byte[] out, int p, int daysSince2000) {
    // Howard Hinnant's civil_from_days, counted from 0000-03-01 so leap days end a year.
    long days = (long) daysSince2000 + DAYS_0000_03_01_TO_2000;
    long era = Math.floorDiv(days, 146_097);
    long dayOfEra = days - era * 146_097;
    long yearOfEra = (dayOfEra - dayOfEra / 1460 + dayOfEra / 36524 - dayOfEra / 146_096) / 365;
    long dayOfYear = dayOfEra - (365 * yearOfEra + yearOfEra / 4 - yearOfEra / 100);
    long mp = (5 * dayOfYear + 2) / 153;
    int day = (int) (dayOfYear - (153 * mp + 2) / 5 + 1);
    int month = (int) (mp < 10 ? mp + 3 : mp - 9);
    long year = yearOfEra + era * 400 + (month <= 2 ? 1 : 0);
    if (year < 0 || year > 9999) {
      throw new IllegalArgumentException(
          "date " + daysSince2000 + " days from 2000-01-01 is outside years 0..9999");
    }
    p = putUnsigned(out, p, year, 4);
    out[p++] = '-';
    p = putUnsigned(out, p, month, 2);
    out[p++] = '-';
    return putUnsigned(out, p, day, 2);
  }

  /**
   * {@code HH:MM:SS}, then {@code .ffffff} without trailing zeros when there is a fraction; the
   * hours take as many digits as they need (an interval's may pass 24); 15 bytes below 100 hours.
   */
  static int putTime(byte[] out, int p, long micros) {
    long seconds = micros / MICROS_PER_SECOND;
    int fraction = (int) (micros % MICROS_PER_SECOND);
    p = putUnsigned(out, p, seconds / 3600, 2);
    out[p++] = ':';
    p = putUnsigned(out, p, seconds / 60 % 60, 2);
    out[p++] = ':';
    p = putUnsigned(out, p, seconds % 60, 2);
    if (fraction != 0) {
      int width = 6;
      while (fraction % 10 == 0) {
        fraction /= 10;
        width--;
      }
      out[p++] = '.';
      p = putUnsigned(out, p, fraction, width);
    }
    return p;
  }

  /** {@code YYYY-MM-DD HH:MM:SS[.ffffff]} from microseconds since 2000-01-01; 26 bytes. */
  static int putTimestamp(byte[] out, int p, long microsSince2000) {
    long days = Math.floorDiv(microsSince2000, MICROS_PER_DAY);
    p = putDate(out, p, Math.toIntExact(days));
    out[p++] = ' ';
    return putTime(out, p, microsSince2000 - days * MICROS_PER_DAY);
  }

  /** The 36-character form, lowercase. */
  static int putUuid(byte[] out, int p, long msb, long lsb) {
    p = putHex(out, p, msb >>> 32, 8);
    out[p++] = '-';
    p = putHex(out, p, msb >>> 16, 4);
    out[p++] = '-';
    p = putHex(out, p, msb, 4);
    out[p++] = '-';
    p = putHex(out, p, lsb >>> 48, 4);
    out[p++] = '-';
    return putHex(out, p, lsb, 12);
  }

  /** The low {@code digits * 4} bits of {@code v} in lowercase hex. */
  static int putHex(byte[] out, int p, long v, int digits) {
    for (int i = digits - 1; i >= 0; i--) {
      out[p++] = HEX[(int) (v >>> (4 * i)) & 0xF];
    }
    return p;
  }

  /** The dotted quad of an IPv4 address; 15 bytes. */
  static int putIpv4(byte[] out, int p, int address) {
    for (int shift = 24; shift >= 0; shift -= 8) {
      p = putUnsigned(out, p, (address >>> shift) & 0xFF, 1);
      if (shift > 0) {
        out[p++] = '.';
      }
    }
    return p;
  }

  /** Characters known to be ASCII, such as a float's digits; one byte each. */
  static int putAscii(byte[] out, int p, CharSequence ascii) {
    for (int i = 0, length = ascii.length(); i < length; i++) {
      out[p++] = (byte) ascii.charAt(i);
    }
    return p;
  }
}
