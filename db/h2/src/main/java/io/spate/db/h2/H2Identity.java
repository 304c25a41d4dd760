package io.spate.db.h2;

import io.spate.protocol.plan.TargetIdentity;
import io.spate.protocol.schema.Table;
import java.io.IOException;
import java.lang.management.ManagementFactory;
import java.net.InetAddress;
import java.nio.ByteBuffer;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.security.MessageDigest;
import java.security.NoSuchAlgorithmException;
import java.sql.Connection;
import java.sql.PreparedStatement;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.sql.Statement;
import java.util.ArrayList;
import java.util.HexFormat;
import java.util.List;

/**
 * An H2 database's {@link TargetIdentity}, read alike by the coordinator and by every worker.
 *
 * <ul>
 *   <li>system identifier: for a file database, the host's name hashed to 64 bits (an embedded
 *       database is opened by one process of its host at a time, so a worker elsewhere is another
 *       system even where its path is the same); for an in-memory database, the JVM (host, process
 *       id and start time), the only place it exists;
 *   <li>database OID: the inode of the file ({@code NAME.mv.db}) where the file system has one (so
 *       a database deleted and created again at the same path is another), else 0;
 *   <li>database name: the canonical path of the file ({@code DATABASE_PATH()}, links resolved), or
 *       {@code mem:NAME};
 *   <li>fingerprint: for each planned table in name order, its columns in order from {@code
 *       INFORMATION_SCHEMA.COLUMNS} (name, type, length, precision, scale, nullability, identity),
 *       or that the table is missing.
 * </ul>
 */
final class H2Identity {

  private H2Identity() {}

  /**
   * @param qualifiedTables names as {@link Table#qualifiedName()} quotes them
   */
  static TargetIdentity of(Connection connection, List<String> qualifiedTables)
      throws SQLException {
    String path;
    String catalog;
    String current;
    try (Statement s = connection.createStatement();
        ResultSet rs = s.executeQuery("SELECT DATABASE_PATH(), DATABASE(), SCHEMA()")) {
      rs.next();
      path = rs.getString(1);
      catalog = rs.getString(2);
      current = rs.getString(3);
    }
    MessageDigest digest = sha256();
    for (String qualified : qualifiedTables.stream().distinct().sorted().toList()) {
      List<String> parts = unquote(qualified);
      String schema = parts.get(0).equals(Table.DEFAULT_SCHEMA) ? current : parts.get(0);
      boolean any = false;
      try (PreparedStatement s =
          connection.prepareStatement(
              "SELECT COLUMN_NAME, DATA_TYPE, CHARACTER_MAXIMUM_LENGTH, NUMERIC_PRECISION,"
                  + " NUMERIC_SCALE, IS_NULLABLE, IS_IDENTITY FROM INFORMATION_SCHEMA.COLUMNS"
                  + " WHERE TABLE_SCHEMA = ? AND TABLE_NAME = ? ORDER BY ORDINAL_POSITION")) {
        s.setString(1, schema);
        s.setString(2, parts.get(1));
        try (ResultSet rs = s.executeQuery()) {
          while (rs.next()) {
            any = true;
            StringBuilder line = new StringBuilder(qualified);
            for (int i = 1; i <= 7; i++) {
              line.append('\t').append(rs.getString(i));
            }
            digest.update(line.append('\n').toString().getBytes(StandardCharsets.UTF_8));
          }
        }
      }
      if (!any) {
        digest.update((qualified + " missing\n").getBytes(StandardCharsets.UTF_8));
      }
    }
    String fingerprint = HexFormat.of().formatHex(digest.digest(), 0, 8);
    if (path == null) {
      return new TargetIdentity(jvm(), 0, "mem:" + catalog, fingerprint);
    }
    Path file = canonical(Path.of(path + ".mv.db"));
    String name = file.toString();
    return new TargetIdentity(
        host(), inode(file), name.substring(0, name.length() - ".mv.db".length()), fingerprint);
  }

  private static Path canonical(Path file) {
    try {
      return file.toRealPath();
    } catch (IOException e) {
      return file.toAbsolutePath().normalize();
    }
  }

  private static long host() {
    return hash(hostName());
  }

  /** This JVM: its host, process id and start time. */
  private static long jvm() {
    return hash(
        hostName()
            + " pid "
            + ProcessHandle.current().pid()
            + " started "
            + ManagementFactory.getRuntimeMXBean().getStartTime());
  }

  private static String hostName() {
    try {
      return InetAddress.getLocalHost().getHostName();
    } catch (IOException e) {
      return "an unnamed host";
    }
  }

  private static long hash(String text) {
    return ByteBuffer.wrap(sha256().digest(text.getBytes(StandardCharsets.UTF_8))).getLong();
  }

  private static long inode(Path file) {
    try {
      return ((Number) Files.getAttribute(file, "unix:ino")).longValue();
    } catch (IOException | UnsupportedOperationException | IllegalArgumentException e) {
      return 0; // a file system without inodes: the path alone names the file
    }
  }

  /** {@code "a"."b"} to {@code [a, b]}, doubled quotes undone. */
  static List<String> unquote(String qualified) {
    List<String> parts = new ArrayList<>();
    StringBuilder part = new StringBuilder();
    int i = 0;
    while (i < qualified.length()) {
      if (qualified.charAt(i) != '"') {
        throw new IllegalArgumentException("not a quoted qualified name: " + qualified);
      }
      i++;
      while (true) {
        char c = qualified.charAt(i++);
        if (c == '"') {
          if (i < qualified.length() && qualified.charAt(i) == '"') {
            part.append('"');
            i++;
          } else {
            break;
          }
        } else {
          part.append(c);
        }
      }
      parts.add(part.toString());
      part.setLength(0);
      if (i < qualified.length() && qualified.charAt(i) == '.') {
        i++;
      }
    }
    if (parts.size() != 2) {
      throw new IllegalArgumentException("not a quoted qualified name: " + qualified);
    }
    return parts;
  }

  private static MessageDigest sha256() {
    try {
      return MessageDigest.getInstance("SHA-256");
    } catch (NoSuchAlgorithmException e) {
      throw new IllegalStateException("every JDK has SHA-256", e);
    }
  }
}
