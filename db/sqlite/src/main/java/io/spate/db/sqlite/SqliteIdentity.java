package io.spate.db.sqlite;

import io.spate.protocol.error.SpateException;
import io.spate.protocol.plan.TargetIdentity;
import io.spate.protocol.schema.Table;
import java.io.IOException;
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
 * A SQLite file's {@link TargetIdentity}, read alike by the coordinator and by every worker.
 *
 * <ul>
 *   <li>system identifier: the host's name, hashed to 64 bits: a SQLite file is filled from its own
 *       host (its locks do not hold over a network file system), so a worker elsewhere is another
 *       system even where its path is the same;
 *   <li>database OID: the file's inode where the file system has one (else 0), so a file deleted
 *       and created again at the same path is another database;
 *   <li>database name: the file's canonical path (symbolic links resolved);
 *   <li>fingerprint: for each planned table in name order, its columns in order from {@code PRAGMA
 *       table_xinfo} (name, declared type, NOT NULL, primary key position, hidden or generated), or
 *       that the table is missing.
 * </ul>
 */
final class SqliteIdentity {

  private SqliteIdentity() {}

  /**
   * The canonical path of the main database file of {@code connection}.
   *
   * @throws SpateException for an in-memory or temporary database, which no second connection
   *     reaches
   */
  static Path file(Connection connection) throws SQLException {
    String file = null;
    try (Statement s = connection.createStatement();
        ResultSet rs = s.executeQuery("PRAGMA database_list")) {
      while (rs.next()) {
        if (rs.getString(2).equals("main")) {
          file = rs.getString(3);
        }
      }
    }
    if (file == null || file.isEmpty()) {
      throw new SpateException(
          "the SQLite database is in memory or temporary: Spate fills a file, which its"
              + " connections share (jdbc:sqlite:/path/to/file.db)");
    }
    try {
      return Path.of(file).toRealPath();
    } catch (IOException e) {
      return Path.of(file).toAbsolutePath().normalize();
    }
  }

  /**
   * @param qualifiedTables names as {@link Table#qualifiedName()} quotes them
   */
  static TargetIdentity of(Connection connection, List<String> qualifiedTables)
      throws SQLException {
    Path file = file(connection);
    MessageDigest digest = sha256();
    for (String qualified : qualifiedTables.stream().distinct().sorted().toList()) {
      String table = unquote(qualified).get(1);
      boolean any = false;
      try (PreparedStatement s =
          connection.prepareStatement(
              "SELECT name, type, \"notnull\", pk, hidden FROM pragma_table_xinfo(?)"
                  + " ORDER BY cid")) {
        s.setString(1, table);
        try (ResultSet rs = s.executeQuery()) {
          while (rs.next()) {
            any = true;
            String line =
                String.join(
                        "\t",
                        qualified,
                        rs.getString(1),
                        rs.getString(2),
                        rs.getString(3),
                        rs.getString(4),
                        rs.getString(5))
                    + "\n";
            digest.update(line.getBytes(StandardCharsets.UTF_8));
          }
        }
      }
      if (!any) {
        digest.update((qualified + " missing\n").getBytes(StandardCharsets.UTF_8));
      }
    }
    return new TargetIdentity(
        host(), inode(file), file.toString(), HexFormat.of().formatHex(digest.digest(), 0, 8));
  }

  private static long host() {
    String name;
    try {
      name = InetAddress.getLocalHost().getHostName();
    } catch (IOException e) {
      name = "an unnamed host";
    }
    return ByteBuffer.wrap(sha256().digest(name.getBytes(StandardCharsets.UTF_8))).getLong();
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
