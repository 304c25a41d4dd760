package io.spate.engine.generate;

import io.spate.engine.encode.CopyBinaryWriter;
import io.spate.engine.encode.RowWriter;
import io.spate.protocol.schema.Column;
import io.spate.protocol.schema.SqlType;
import java.math.BigDecimal;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.TreeMap;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * Encodes config and CHECK literals of the less common types, in PostgreSQL's input syntax, as
 * binary fields: parsed once per fill, for value lists. Each type takes the common forms of its
 * input syntax (those its output function prints), and rejects the rest with a message naming the
 * form it expects:
 *
 * <ul>
 *   <li>inet and cidr: IPv4 {@code a.b.c.d[/bits]}; a cidr needs its {@code /bits} and no host bits
 *       set;
 *   <li>macaddr: six hex octets, separated by {@code :}, {@code -}, {@code .} or nothing;
 *   <li>interval: {@code [N unit]... [[-]HH:MM[:SS[.ffffff]]]}, units from microseconds to years;
 *   <li>time with time zone: {@code HH:MM[:SS[.ffffff]][+-HH[:MM]]}, UTC when no offset is given;
 *   <li>bit and varbit: binary digits, or {@code X} and hex digits;
 *   <li>tsvector: unquoted lexemes, each optionally with {@code :positions} (with weights A..D);
 *   <li>arrays: one dimension, {@code {a,"b c",NULL}};
 *   <li>ranges: {@code [lower,upper)} with any brackets, an empty bound for infinity, or {@code
 *       empty}.
 * </ul>
 */
final class ExtraLiterals {

  private static final Pattern IPV4 =
      Pattern.compile("(\\d{1,3})\\.(\\d{1,3})\\.(\\d{1,3})\\.(\\d{1,3})(?:/(\\d{1,2}))?");
  private static final Pattern TIMETZ =
      Pattern.compile(
          "(\\d{1,2}):(\\d{2})(?::(\\d{2})(?:\\.(\\d{1,6}))?)?\\s*(?:([+-])(\\d{1,2})(?::?(\\d{2}))?|Z|UTC)?",
          Pattern.CASE_INSENSITIVE);
  private static final Pattern CLOCK =
      Pattern.compile("([+-]?)(\\d+):(\\d{2})(?::(\\d{2})(?:\\.(\\d{1,6}))?)?");
  private static final Pattern TS_ENTRY =
      Pattern.compile("([^\\s:'\\\\]+)(?::((?:\\d+[A-Da-d*]?)(?:,\\d+[A-Da-d*]?)*))?");

  private static final long MICROS_PER_SECOND = 1_000_000L;
  private static final long MICROS_PER_MINUTE = 60 * MICROS_PER_SECOND;
  private static final long MICROS_PER_HOUR = 60 * MICROS_PER_MINUTE;
  private static final int MAX_TS_POSITION = 16_383;

  private ExtraLiterals() {}

  /** Writes the literal as one field of the column's type. */
  static void write(Column column, String literal, RowWriter out) {
    String text = literal.trim();
    switch (column.type()) {
      case INET, CIDR -> inet(column, text, out);
      case MACADDR -> macaddr(column, text, out);
      case INTERVAL -> interval(column, text, out);
      case TIMETZ -> timetz(column, text, out);
      case BIT, VARBIT -> bits(column, text, out);
      case TSVECTOR -> tsvector(column, text, out);
      case ARRAY -> array(column, text, out);
      case RANGE -> range(column, text, out);
      default ->
          throw new IllegalStateException(
              "not a type of " + ExtraLiterals.class.getSimpleName() + ": " + column.type());
    }
  }

  private static IllegalArgumentException invalid(Column column, String literal, String expected) {
    return new IllegalArgumentException(
        "'"
            + literal
            + "' is not a valid "
            + column.typeName()
            + " value for Spate (expected "
            + expected
            + ")");
  }

  private static void inet(Column column, String text, RowWriter out) {
    boolean cidr = column.type() == SqlType.CIDR;
    String expected = cidr ? "an IPv4 network a.b.c.d/bits" : "an IPv4 address a.b.c.d[/bits]";
    Matcher m = IPV4.matcher(text);
    if (!m.matches() || (cidr && m.group(5) == null)) {
      throw invalid(column, text, expected);
    }
    int address = 0;
    for (int i = 1; i <= 4; i++) {
      int octet = Integer.parseInt(m.group(i));
      if (octet > 255) {
        throw invalid(column, text, expected);
      }
      address = (address << 8) | octet;
    }
    int bits = m.group(5) == null ? 32 : Integer.parseInt(m.group(5));
    if (bits > 32) {
      throw invalid(column, text, expected);
    }
    if (cidr && bits < 32 && (address & (int) (0xFFFF_FFFFL >>> bits)) != 0) {
      throw invalid(column, text, "a network whose bits right of the /" + bits + " mask are zero");
    }
    out.writeInet(address, bits, cidr);
  }

  private static void macaddr(Column column, String text, RowWriter out) {
    String hex = text.replaceAll("[:.\\-]", "");
    if (!hex.matches("[0-9A-Fa-f]{12}")) {
      throw invalid(column, text, "six hex octets such as 08:00:2b:01:02:03");
    }
    out.writeMacaddr(Long.parseLong(hex, 16));
  }

  /** {@code [N unit]... [clock]}: months, days and microseconds kept apart, as PostgreSQL does. */
  private static void interval(Column column, String text, RowWriter out) {
    String expected = "amounts with units such as '1 year 2 mons 3 days 04:05:06'";
    String[] tokens = text.toLowerCase(Locale.ROOT).split("\\s+");
    long months = 0;
    long days = 0;
    long micros = 0;
    try {
      for (int i = 0; i < tokens.length; i++) {
        Matcher clock = CLOCK.matcher(tokens[i]);
        if (clock.matches()) {
          long value =
              Long.parseLong(clock.group(2)) * MICROS_PER_HOUR
                  + Long.parseLong(clock.group(3)) * MICROS_PER_MINUTE;
          if (clock.group(4) != null) {
            value += Long.parseLong(clock.group(4)) * MICROS_PER_SECOND;
          }
          if (clock.group(5) != null) {
            value += Long.parseLong((clock.group(5) + "00000").substring(0, 6));
          }
          micros += clock.group(1).equals("-") ? -value : value;
          continue;
        }
        if (i + 1 >= tokens.length || tokens[i].isEmpty()) {
          throw invalid(column, text, expected);
        }
        BigDecimal amount = new BigDecimal(tokens[i]);
        String unit = tokens[++i];
        unit =
            unit.endsWith("s") && unit.length() > 2 ? unit.substring(0, unit.length() - 1) : unit;
        switch (unit) {
          case "year", "yr", "y" ->
              months += amount.multiply(BigDecimal.valueOf(12)).longValueExact();
          case "mon", "month" -> months += amount.longValueExact();
          case "week", "w" -> days += amount.multiply(BigDecimal.valueOf(7)).longValueExact();
          case "day", "d" -> days += amount.longValueExact();
          case "hour", "hr", "h" ->
              micros += amount.multiply(BigDecimal.valueOf(MICROS_PER_HOUR)).longValueExact();
          case "minute", "min", "m" ->
              micros += amount.multiply(BigDecimal.valueOf(MICROS_PER_MINUTE)).longValueExact();
          case "second", "sec", "s" ->
              micros += amount.multiply(BigDecimal.valueOf(MICROS_PER_SECOND)).longValueExact();
          case "millisecond", "msec", "ms" ->
              micros += amount.multiply(BigDecimal.valueOf(1_000)).longValueExact();
          case "microsecond", "usec", "us" -> micros += amount.longValueExact();
          default -> throw invalid(column, text, expected);
        }
      }
      out.writeInterval(micros, Math.toIntExact(days), Math.toIntExact(months));
    } catch (ArithmeticException | NumberFormatException e) {
      throw invalid(column, text, expected + " in whole months and days");
    }
  }

  private static void timetz(Column column, String text, RowWriter out) {
    Matcher m = TIMETZ.matcher(text);
    String expected = "HH:MM[:SS[.ffffff]][+-HH[:MM]]";
    if (!m.matches()) {
      throw invalid(column, text, expected);
    }
    long hours = Long.parseLong(m.group(1));
    long minutes = Long.parseLong(m.group(2));
    long seconds = m.group(3) == null ? 0 : Long.parseLong(m.group(3));
    long fraction = m.group(4) == null ? 0 : Long.parseLong((m.group(4) + "00000").substring(0, 6));
    long micros =
        hours * MICROS_PER_HOUR
            + minutes * MICROS_PER_MINUTE
            + seconds * MICROS_PER_SECOND
            + fraction;
    if (minutes > 59 || seconds > 59 || micros > 24 * MICROS_PER_HOUR) {
      throw invalid(column, text, expected);
    }
    int east = 0;
    if (m.group(5) != null) {
      east =
          Integer.parseInt(m.group(6)) * 3600
              + (m.group(7) == null ? 0 : Integer.parseInt(m.group(7)) * 60);
      east = m.group(5).equals("-") ? -east : east;
    }
    out.writeTimeTz(micros, -east);
  }

  private static void bits(Column column, String text, RowWriter out) {
    StringBuilder binary = new StringBuilder();
    if (text.startsWith("x") || text.startsWith("X")) {
      for (char c : text.substring(1).toCharArray()) {
        int nibble = Character.digit(c, 16);
        if (nibble < 0) {
          throw invalid(column, text, "binary digits, or X and hex digits");
        }
        binary.append(
            String.format(Locale.ROOT, "%4s", Integer.toBinaryString(nibble)).replace(' ', '0'));
      }
    } else {
      binary.append(text.startsWith("b") || text.startsWith("B") ? text.substring(1) : text);
    }
    String digits = binary.toString();
    if (!digits.matches("[01]*")) {
      throw invalid(column, text, "binary digits, or X and hex digits");
    }
    int n = column.length();
    if (column.type() == SqlType.BIT && digits.length() != Math.max(1, n)) {
      throw invalid(column, text, "exactly " + Math.max(1, n) + " bits");
    }
    if (column.type() == SqlType.VARBIT && n > 0 && digits.length() > n) {
      throw invalid(column, text, "at most " + n + " bits");
    }
    byte[] bytes = new byte[(digits.length() + 7) / 8];
    for (int i = 0; i < digits.length(); i++) {
      if (digits.charAt(i) == '1') {
        bytes[i / 8] |= (byte) (0x80 >>> (i % 8));
      }
    }
    out.writeBits(bytes, digits.length());
  }

  /** Lexemes sorted bytewise and merged, positions sorted and merged, as tsvector_in does. */
  private static void tsvector(Column column, String text, RowWriter out) {
    Map<String, TreeMap<Integer, Integer>> entries = new TreeMap<>(ExtraLiterals::compareUtf8);
    for (String token : text.isEmpty() ? new String[0] : text.split("\\s+")) {
      Matcher m = TS_ENTRY.matcher(token);
      if (!m.matches()) {
        throw invalid(
            column, text, "unquoted lexemes with optional positions, such as 'fat:2 rat:3,5A'");
      }
      TreeMap<Integer, Integer> positions =
          entries.computeIfAbsent(m.group(1), k -> new TreeMap<>());
      if (m.group(2) != null) {
        for (String p : m.group(2).split(",")) {
          char last = p.charAt(p.length() - 1);
          int weight =
              switch (Character.toUpperCase(last)) {
                case 'A' -> 3;
                case 'B' -> 2;
                case 'C' -> 1;
                default -> 0;
              };
          String digits = Character.isDigit(last) ? p : p.substring(0, p.length() - 1);
          int position = Math.min(MAX_TS_POSITION, Integer.parseInt(digits));
          if (position == 0) {
            throw invalid(column, text, "positions from 1");
          }
          positions.merge(position, weight, Math::max);
        }
      }
    }
    int field = out.beginTsVector(entries.size());
    for (Map.Entry<String, TreeMap<Integer, Integer>> e : entries.entrySet()) {
      byte[] lexeme = e.getKey().getBytes(StandardCharsets.UTF_8);
      int[] positions =
          e.getValue().entrySet().stream()
              .mapToInt(p -> (p.getValue() << 14) | p.getKey())
              .toArray();
      out.putTsLexeme(lexeme, 0, lexeme.length, positions, positions.length);
    }
    out.endField(field);
  }

  private static int compareUtf8(String a, String b) {
    return java.util.Arrays.compareUnsigned(
        a.getBytes(StandardCharsets.UTF_8), b.getBytes(StandardCharsets.UTF_8));
  }

  private static void array(Column column, String text, RowWriter out) {
    String expected = "a one-dimensional array such as {a,\"b c\",NULL}";
    if (text.length() < 2 || text.charAt(0) != '{' || text.charAt(text.length() - 1) != '}') {
      throw invalid(column, text, expected);
    }
    List<String> elements =
        split(column, text, text.substring(1, text.length() - 1), expected, true);
    boolean hasNulls = elements.contains(null);
    int field = out.beginArray((int) column.element().typeOid(), elements.size(), hasNulls);
    for (String element : elements) {
      if (element == null) {
        out.writeNull();
      } else {
        byte[] bytes = Engine.encodeLiteral(column.element(), element);
        out.writeBytes(bytes, 0, bytes.length);
      }
    }
    out.endField(field);
  }

  private static void range(Column column, String text, RowWriter out) {
    String expected = "a range such as [1,10) or [2024-01-01,) or empty";
    if (text.equalsIgnoreCase("empty")) {
      out.endField(out.beginRange(CopyBinaryWriter.RANGE_EMPTY));
      return;
    }
    char open = text.isEmpty() ? ' ' : text.charAt(0);
    char close = text.isEmpty() ? ' ' : text.charAt(text.length() - 1);
    if ((open != '[' && open != '(') || (close != ']' && close != ')')) {
      throw invalid(column, text, expected);
    }
    List<String> bounds =
        split(column, text, text.substring(1, text.length() - 1), expected, false);
    if (bounds.size() != 2) {
      throw invalid(column, text, expected);
    }
    String lower = bounds.get(0);
    String upper = bounds.get(1);
    int flags =
        (lower == null
                ? CopyBinaryWriter.RANGE_LB_INF
                : open == '[' ? CopyBinaryWriter.RANGE_LB_INC : 0)
            | (upper == null
                ? CopyBinaryWriter.RANGE_UB_INF
                : close == ']' ? CopyBinaryWriter.RANGE_UB_INC : 0);
    int field = out.beginRange(flags);
    for (String bound : bounds) {
      if (bound != null) {
        byte[] bytes = Engine.encodeLiteral(column.element(), bound);
        out.writeBytes(bytes, 0, bytes.length);
      }
    }
    out.endField(field);
  }

  /**
   * Splits at top-level commas; double quotes group (with backslash escapes). An unquoted part is
   * trimmed; it is null when it reads NULL (in an array) or is empty (a range's infinite bound).
   */
  private static List<String> split(
      Column column, String literal, String body, String expected, boolean array) {
    List<String> parts = new ArrayList<>();
    if (array && body.isBlank()) {
      return parts;
    }
    StringBuilder part = new StringBuilder();
    boolean quoted = false;
    boolean inQuotes = false;
    for (int i = 0; i <= body.length(); i++) {
      char c = i < body.length() ? body.charAt(i) : ',';
      if (inQuotes) {
        if (c == '\\' && i + 1 < body.length()) {
          part.append(body.charAt(++i));
        } else if (c == '"') {
          inQuotes = false;
        } else {
          part.append(c);
        }
      } else if (c == '"') {
        if (!part.toString().isBlank()) {
          throw invalid(column, literal, expected);
        }
        part.setLength(0);
        inQuotes = quoted = true;
      } else if (c == ',') {
        String value = quoted ? part.toString() : part.toString().trim();
        boolean absent = !quoted && (array ? value.equalsIgnoreCase("null") : value.isEmpty());
        if (array && !quoted && value.isEmpty()) {
          throw invalid(column, literal, expected);
        }
        parts.add(absent ? null : value);
        part.setLength(0);
        quoted = false;
      } else if (c == '{' || c == '}' || (quoted && !Character.isWhitespace(c))) {
        throw invalid(column, literal, expected);
      } else if (!quoted) {
        part.append(c);
      }
    }
    if (inQuotes) {
      throw invalid(column, literal, expected);
    }
    return parts;
  }
}
