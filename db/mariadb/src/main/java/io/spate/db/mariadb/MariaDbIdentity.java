package io.spate.db.mariadb;

import io.spate.protocol.plan.TargetIdentity;
import io.spate.protocol.schema.Table;
import java.nio.ByteBuffer;
import java.nio.charset.StandardCharsets;
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
 * A MariaDB or MySQL database's {@link TargetIdentity}, read from the live server by the
 * coordinator and by every worker alike.
 *
 * <ul>
 *   <li>system identifier: the server's {@code @@server_uuid} where it has one (MySQL), else its
 *       {@code @@hostname}, {@code @@port} and {@code @@server_id} (MariaDB has no server uuid),
 *       hashed to 64 bits;
 *   <li>database OID: 0, as these servers number no databases; the name alone names it;
 *   <li>fingerprint: for each planned table in name order, its columns in ordinal order with their
 *       full type ({@code COLUMN_TYPE}), nullability and {@code EXTRA} (generation,
 *       AUTO_INCREMENT), or that the table is missing, from {@code information_schema.COLUMNS}.
 * </ul>
 *
 * <p>The schema {@link Table#DEFAULT_SCHEMA} is the connection's current database, as the
 * introspector reports it.
 */
final class MariaDbIdentity {

  private static final String COLUMNS =
      "SELECT COLUMN_NAME, COLUMN_TYPE, IS_NULLABLE, EXTRA FROM information_schema.COLUMNS"
          + " WHERE TABLE_SCHEMA = ? AND TABLE_NAME = ? ORDER BY ORDINAL_POSITION";

  private MariaDbIdentity() {}

  /**
   * @param qualifiedTables names as {@link Table#qualifiedName()} quotes them
   */
  static TargetIdentity of(Connection connection, List<String> qualifiedTables)
      throws SQLException {
    String database;
    String server;
    try (Statement s = connection.createStatement();
        ResultSet rs = s.executeQuery("SELECT DATABASE(), @@hostname, @@port, @@server_id")) {
      rs.next();
      database = rs.getString(1);
      server = rs.getString(2) + ":" + rs.getInt(3) + ":" + rs.getLong(4);
    }
    String uuid = serverUuid(connection);
    MessageDigest system = sha256();
    system.update((uuid != null ? uuid : server).getBytes(StandardCharsets.UTF_8));
    long systemIdentifier = ByteBuffer.wrap(system.digest()).getLong();
    MessageDigest digest = sha256();
    try (PreparedStatement s = connection.prepareStatement(COLUMNS)) {
      for (String qualified : qualifiedTables.stream().distinct().sorted().toList()) {
        List<String> parts = unquote(qualified);
        String schema = parts.get(0).equals(Table.DEFAULT_SCHEMA) ? database : parts.get(0);
        s.setString(1, schema);
        s.setString(2, parts.get(1));
        boolean any = false;
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
                        rs.getString(4))
                    + "\n";
            digest.update(line.getBytes(StandardCharsets.UTF_8));
          }
        }
        if (!any) {
          digest.update((qualified + " missing\n").getBytes(StandardCharsets.UTF_8));
        }
      }
    }
    return new TargetIdentity(
        systemIdentifier,
        0,
        database == null ? "" : database,
        HexFormat.of().formatHex(digest.digest(), 0, 8));
  }

  /** MySQL's {@code @@server_uuid}, or null on MariaDB, which has none. */
  private static String serverUuid(Connection connection) {
    try (Statement s = connection.createStatement();
        ResultSet rs = s.executeQuery("SELECT @@server_uuid")) {
      return rs.next() ? rs.getString(1) : null;
    } catch (SQLException e) {
      return null; // MariaDB: unknown system variable
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
