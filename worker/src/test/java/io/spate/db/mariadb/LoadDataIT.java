package io.spate.db.mariadb;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.spate.engine.encode.RowWriter;
import io.spate.protocol.error.SpateException;
import java.math.BigDecimal;
import java.nio.charset.StandardCharsets;
import java.sql.Connection;
import java.sql.DriverManager;
import java.sql.PreparedStatement;
import java.sql.ResultSet;
import java.sql.Statement;
import java.time.LocalDate;
import java.time.LocalDateTime;
import java.time.temporal.ChronoUnit;
import java.util.List;
import java.util.UUID;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;

/** Rows written by LoadDataTextWriter and streamed into LOAD DATA read back exactly. */
class LoadDataIT {

  private static final LocalDateTime EPOCH_2000 = LocalDateTime.of(2000, 1, 1, 0, 0);

  /** Texts whose escaping matters, NULL among them (index 1). */
  private static final String[] TEXTS = {
    "plain",
    null,
    "NULL",
    "\\N",
    "\\",
    "tab\there",
    "line\nnext",
    "cr\rlf\r\n",
    "nul\0byte",
    "back\\slash\\n",
    "emoji 😀 and 𝄞",
    "é€",
    "",
    "trailing\\",
    "\t\n\\"
  };

  private static final List<String> COLUMNS =
      List.of(
          "id", "ti", "si", "i", "bi", "dec", "f", "d", "b", "dt", "tm", "ts", "tstz", "u", "bits",
          "e", "j", "t", "vc", "blb");

  private static final String DDL =
      "CREATE TABLE many (id bigint PRIMARY KEY, ti tinyint, si smallint, i int, bi bigint,"
          + " `dec` decimal(12,2), f float, d double, b boolean, dt date, tm time(6),"
          + " ts datetime(6), tstz timestamp(6) NULL, u uuid, bits bit(10),"
          + " e enum('red','green','blue'), j json, t text, vc varchar(40), blb blob)"
          + " CHARACTER SET utf8mb4";

  private static final int ROWS = 3_000;

  private TestMariaDb db;

  @BeforeEach
  void createDatabase() throws Exception {
    db = new TestMariaDb();
  }

  @AfterEach
  void dropDatabase() throws Exception {
    db.close();
  }

  /** Row {@code r}'s values, a pure function of {@code r}. */
  private static void writeRow(RowWriter w, int r) {
    w.startRow(COLUMNS.size());
    w.writeInt8(r);
    w.writeInt2(r % 256 - 128);
    w.writeInt2(r % 65536 - 32768);
    w.writeInt4(r * 7919 * (r % 2 == 0 ? 1 : -1));
    w.writeInt8(r % 3 == 0 ? Long.MIN_VALUE + r : Long.MAX_VALUE - r);
    w.writeNumeric(r * 12345L - 9_999_999_999L, 2);
    w.writeFloat4(r / 3.0f);
    w.writeFloat8(r == 0 ? Double.MIN_NORMAL : Math.PI * r * 1e-7);
    w.writeBool(r % 2 == 0);
    w.writeDate(r * 3 - 4000);
    w.writeTime(r * 28_800_001L % 86_400_000_000L);
    w.writeTimestamp(micros(r));
    w.writeTimestamp(micros(r) + 1_000_000_000_000L);
    UUID u = uuid(r);
    w.writeUuid(u.getMostSignificantBits(), u.getLeastSignificantBits());
    int bits = r % 1024;
    w.writeBits(new byte[] {(byte) (bits >>> 2), (byte) (bits << 6)}, 10);
    w.writeText(List.of("red", "green", "blue").get(r % 3));
    w.writeJsonb("{\"r\": " + r + ", \"s\": \"a\\tb\\\\c\"}");
    String text = TEXTS[r % TEXTS.length];
    if (text == null) {
      w.writeNull();
    } else {
      w.writeText(text + r);
    }
    if (text == null) {
      w.writeNull();
    } else {
      byte[] utf8 = text.getBytes(StandardCharsets.UTF_8);
      w.writeBytes(utf8, 0, utf8.length);
    }
    byte[] blob = blob(r);
    w.writeBytes(blob, 0, blob.length);
  }

  private static long micros(int r) {
    return (long) r * 86_400_123_457L - 500_000_000_000_000L;
  }

  /** A version-4 uuid of the RFC variant: MariaDB's uuid type refuses other variants. */
  private static UUID uuid(int r) {
    long msb = 0x0123_4567_89ab_cdefL * (r + 1);
    long lsb = ~0xfedc_ba98_7654_3210L * (r + 3);
    return new UUID(
        msb & ~0xF000L | 0x4000L, lsb & 0x3FFF_FFFF_FFFF_FFFFL | 0x8000_0000_0000_0000L);
  }

  /** Every byte 0..255, rotated by the row. */
  private static byte[] blob(int r) {
    byte[] b = new byte[256];
    for (int i = 0; i < 256; i++) {
      b[i] = (byte) (i + r);
    }
    return b;
  }

  /** Rows 0..count-1, as the engine's fill would give them. */
  private static RowSource rows(int count) {
    int[] next = {0};
    return (out, maxBytes) -> {
      int written = 0;
      while (next[0] < count && out.size() < maxBytes) {
        writeRow(out, next[0]++);
        written++;
      }
      return written;
    };
  }

  @Test
  void everyTypeAndEveryEscapeReadsBackExactly() throws Exception {
    try (Connection c = db.connect();
        Statement s = c.createStatement()) {
      s.execute(DDL);
      c.setAutoCommit(false);
      assertEquals(ROWS, LoadData.load(c, "task many[0,3000)", "many", COLUMNS, rows(ROWS)));
      c.commit();
    }
    // The binary protocol (server-side prepared statements) returns a float's exact 4 bytes; the
    // text protocol prints six digits.
    try (Connection c = DriverManager.getConnection(db.url("&useServerPrepStmts=true"));
        Statement s = c.createStatement()) {
      s.execute("SET time_zone = '+00:00'");
      try (PreparedStatement read =
              c.prepareStatement(
                  "SELECT id, ti, si, i, bi, `dec`, f, d, b, dt,"
                      + " (HOUR(tm) * 3600 + MINUTE(tm) * 60 + SECOND(tm)) * 1000000"
                      + " + MICROSECOND(tm), CAST(ts AS char), CAST(tstz AS char), CAST(u AS char),"
                      + " bits + 0, e, j, t, vc, blb FROM many ORDER BY id");
          ResultSet rs = read.executeQuery()) {
        int r = 0;
        for (; rs.next(); r++) {
          assertEquals(r, rs.getLong(1));
          assertEquals(r % 256 - 128, rs.getInt(2));
          assertEquals(r % 65536 - 32768, rs.getInt(3));
          assertEquals(r * 7919 * (r % 2 == 0 ? 1 : -1), rs.getInt(4));
          assertEquals(r % 3 == 0 ? Long.MIN_VALUE + r : Long.MAX_VALUE - r, rs.getLong(5));
          assertEquals(BigDecimal.valueOf(r * 12345L - 9_999_999_999L, 2), rs.getBigDecimal(6));
          assertEquals(r / 3.0f, rs.getFloat(7));
          assertEquals(r == 0 ? Double.MIN_NORMAL : Math.PI * r * 1e-7, rs.getDouble(8));
          assertEquals(r % 2 == 0, rs.getBoolean(9));
          assertEquals(
              LocalDate.of(2000, 1, 1).plusDays(r * 3 - 4000), rs.getObject(10, LocalDate.class));
          assertEquals(r * 28_800_001L % 86_400_000_000L, rs.getLong(11), "row " + r);
          assertEquals(dateTime(micros(r)), rs.getString(12), "row " + r);
          assertEquals(dateTime(micros(r) + 1_000_000_000_000L), rs.getString(13), "row " + r);
          assertEquals(uuid(r).toString(), rs.getString(14));
          assertEquals(r % 1024, rs.getInt(15));
          assertEquals(List.of("red", "green", "blue").get(r % 3), rs.getString(16));
          assertEquals("{\"r\": " + r + ", \"s\": \"a\\tb\\\\c\"}", rs.getString(17));
          String text = TEXTS[r % TEXTS.length];
          if (text == null) {
            assertNull(rs.getString(18));
            assertNull(rs.getString(19));
          } else {
            assertEquals(text + r, rs.getString(18), "row " + r);
            assertEquals(text, rs.getString(19), "row " + r);
          }
          assertArrayEquals(blob(r), rs.getBytes(20), "row " + r);
        }
        assertEquals(ROWS, r);
      }
    }
  }

  /** MariaDB's text of a datetime(6): six fraction digits always. */
  private static String dateTime(long microsSince2000) {
    LocalDateTime t = EPOCH_2000.plus(microsSince2000, ChronoUnit.MICROS);
    return t.toLocalDate()
        + " "
        + String.format(
            "%02d:%02d:%02d.%06d", t.getHour(), t.getMinute(), t.getSecond(), t.getNano() / 1000);
  }

  @Test
  void aValueTheServerWouldTruncateFailsTheLoadNamingTaskTableRowAndColumn() throws Exception {
    try (Connection c = db.connect();
        Statement s = c.createStatement()) {
      s.execute("CREATE TABLE small (id int PRIMARY KEY, name varchar(3))");
      c.setAutoCommit(false);
      int[] done = {0};
      RowSource rows =
          (out, maxBytes) -> {
            if (done[0]++ > 0) {
              return 0;
            }
            for (int r = 1; r <= 3; r++) {
              out.startRow(2);
              out.writeInt4(r);
              out.writeText(r == 2 ? "toolong" : "ok");
            }
            return 3;
          };
      SpateException e =
          assertThrows(
              SpateException.class,
              () ->
                  LoadData.load(
                      c, "job j / task small[0,3)", "small", List.of("id", "name"), rows));
      c.rollback();
      assertTrue(
          e.getMessage().startsWith("job j / task small[0,3) - LOAD DATA into `small`:"),
          e.getMessage());
      assertTrue(
          e.getMessage().contains("'name'") || e.getMessage().contains("`name`"), e.getMessage());
      assertTrue(e.getMessage().contains("row 2"), e.getMessage());
      try (ResultSet rs = s.executeQuery("SELECT count(*) FROM small")) {
        rs.next();
        assertEquals(0, rs.getInt(1), "rolled back");
      }
      try (ResultSet rs =
          s.executeQuery("SELECT @@session.foreign_key_checks, @@session.unique_checks")) {
        rs.next();
        assertEquals(1, rs.getInt(1), "the session's checks are back on");
        assertEquals(1, rs.getInt(2));
      }
    }
  }

  @Test
  void aDuplicateKeyTheServerSkipsFailsTheLoad() throws Exception {
    try (Connection c = db.connect();
        Statement s = c.createStatement()) {
      s.execute("CREATE TABLE k (id int PRIMARY KEY)");
      c.setAutoCommit(false);
      int[] done = {0};
      RowSource rows =
          (out, maxBytes) -> {
            if (done[0]++ > 0) {
              return 0;
            }
            for (int r : new int[] {1, 2, 2}) {
              out.startRow(1);
              out.writeInt4(r);
            }
            return 3;
          };
      SpateException e =
          assertThrows(
              SpateException.class, () -> LoadData.load(c, "task k", "k", List.of("id"), rows));
      assertTrue(e.getMessage().contains("Duplicate entry"), e.getMessage());
      // a task's load sees the unique-key violation itself, as TaskExecution needs to
      assertTrue(
          MariaDbDialect.INSTANCE.uniqueViolation((java.sql.SQLException) e.getCause()),
          String.valueOf(e.getCause()));
      c.rollback();
    }
  }

  /**
   * Two tasks of one table load beside each other while it is empty: neither load takes InnoDB's
   * bulk insert (MDEV-24621), whose table lock would hold the second until the first commits.
   */
  @Test
  void twoLoadsIntoOneEmptyTableRunSideBySide() throws Exception {
    try (Connection first = db.connect();
        Connection second = db.connect();
        Statement s = first.createStatement()) {
      s.execute("CREATE TABLE pair (id int PRIMARY KEY, name varchar(10) UNIQUE)");
      first.setAutoCommit(false);
      second.setAutoCommit(false);
      try (Statement w = second.createStatement()) {
        w.execute("SET SESSION innodb_lock_wait_timeout = 1");
      }
      assertEquals(1000, LoadData.load(first, "task pair[0,1000)", "pair", PAIR, pairRows(0)));
      // the first transaction is open: a table lock of its load would fail this one after 1 s
      assertEquals(
          1000, LoadData.load(second, "task pair[1000,2000)", "pair", PAIR, pairRows(1000)));
      first.commit();
      second.commit();
      try (ResultSet rs = s.executeQuery("SELECT count(*), count(DISTINCT name) FROM pair")) {
        rs.next();
        assertEquals(2000, rs.getInt(1));
        assertEquals(2000, rs.getInt(2));
      }
    }
  }

  private static final List<String> PAIR = List.of("id", "name");

  /** Rows {@code from} to {@code from + 999} of table pair, in one buffer. */
  private static RowSource pairRows(int from) {
    boolean[] done = {false};
    return (out, maxBytes) -> {
      if (done[0]) {
        return 0;
      }
      done[0] = true;
      for (int r = from; r < from + 1000; r++) {
        out.startRow(2);
        out.writeInt4(r);
        out.writeText("n" + r);
      }
      return 1000;
    };
  }

  @Test
  void aGenerationFailureFailsTheLoadAndKeepsTheConnectionUsable() throws Exception {
    try (Connection c = db.connect();
        Statement s = c.createStatement()) {
      s.execute("CREATE TABLE g (id int PRIMARY KEY)");
      c.setAutoCommit(false);
      int[] calls = {0};
      RowSource rows =
          (out, maxBytes) -> {
            if (calls[0]++ > 0) {
              throw new IllegalStateException("generator broke");
            }
            out.startRow(1);
            out.writeInt4(1);
            return 1;
          };
      SpateException e =
          assertThrows(
              SpateException.class, () -> LoadData.load(c, "task g", "g", List.of("id"), rows));
      assertTrue(e.getMessage().contains("generator broke"), e.getMessage());
      c.rollback();
      try (ResultSet rs = s.executeQuery("SELECT count(*) FROM g")) {
        rs.next();
        assertEquals(0, rs.getInt(1));
      }
    }
  }
}
