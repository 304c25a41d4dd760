package io.spate.engine.target;

import io.spate.protocol.plan.FillPlan;
import io.spate.protocol.plan.TargetIdentity;
import java.nio.charset.StandardCharsets;
import java.security.MessageDigest;
import java.security.NoSuchAlgorithmException;
import java.sql.Array;
import java.sql.Connection;
import java.sql.PreparedStatement;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.sql.Statement;
import java.util.HexFormat;
import java.util.List;
import javax.sql.DataSource;

/**
 * Reads a database's {@link TargetIdentity} from its live catalog: the one place both the
 * coordinator (when it publishes a job) and a worker (before a job's first write) compute it, so
 * the two agree exactly when they look at the same database and the same table definitions.
 *
 * <p>The fingerprint hashes, for each planned table in name order, its columns in attribute order
 * with their type's schema and name, type modifier, nullability and generation kind, or that the
 * table is missing. Types are named by their schema, never through the {@code search_path}, so two
 * sessions with different paths read the same fingerprint.
 */
public final class TargetIdentities {

  private static final String DATABASE =
      "SELECT d.oid, d.datname FROM pg_database d WHERE d.datname = current_database()";

  private static final String SYSTEM = "SELECT system_identifier FROM pg_control_system()";

  private static final String INSUFFICIENT_PRIVILEGE = "42501";

  /** The planned tables' columns, in a canonical order; one row of NULLs for a missing table. */
  private static final String COLUMNS =
      """
      SELECT n.name, a.attname, tn.nspname, t.typname, a.atttypmod, a.attnotnull, a.attgenerated
        FROM unnest(?::text[]) WITH ORDINALITY AS n(name, i)
        LEFT JOIN pg_attribute a
          ON a.attrelid = to_regclass(n.name) AND a.attnum > 0 AND NOT a.attisdropped
        LEFT JOIN pg_type t ON t.oid = a.atttypid
        LEFT JOIN pg_namespace tn ON tn.oid = t.typnamespace
       ORDER BY n.i, a.attnum
      """;

  private TargetIdentities() {}

  /** The identity of the database {@code dataSource} reaches, for {@code plan}'s tables. */
  public static TargetIdentity of(DataSource dataSource, FillPlan plan, String where) {
    try (Connection c = dataSource.getConnection()) {
      return of(c, plan);
    } catch (SQLException e) {
      throw SqlErrors.classify(where + ": reading the identity of the database", e);
    }
  }

  /** The identity of the database {@code connection} is in, for {@code plan}'s tables. */
  public static TargetIdentity of(Connection connection, FillPlan plan) throws SQLException {
    return of(connection, plan.tables().stream().map(t -> t.table().qualifiedName()).toList());
  }

  /**
   * The identity of the database {@code connection} is in, for the named tables.
   *
   * @param qualifiedTables quoted qualified names, such as {@code "public"."big_t"}, in any order
   */
  public static TargetIdentity of(Connection connection, List<String> qualifiedTables)
      throws SQLException {
    long oid;
    String name;
    try (Statement s = connection.createStatement();
        ResultSet rs = s.executeQuery(DATABASE)) {
      rs.next();
      oid = rs.getLong(1);
      name = rs.getString(2);
    }
    return new TargetIdentity(
        systemIdentifier(connection), oid, name, fingerprint(connection, qualifiedTables));
  }

  /** The cluster's system identifier, or null where the role may not call pg_control_system(). */
  private static Long systemIdentifier(Connection connection) throws SQLException {
    boolean autoCommit = connection.getAutoCommit();
    try (Statement s = connection.createStatement();
        ResultSet rs = s.executeQuery(SYSTEM)) {
      rs.next();
      return rs.getLong(1);
    } catch (SQLException e) {
      if (!INSUFFICIENT_PRIVILEGE.equals(e.getSQLState())) {
        throw e;
      }
      if (!autoCommit) {
        connection.rollback();
      }
      return null;
    }
  }

  private static String fingerprint(Connection connection, List<String> qualifiedTables)
      throws SQLException {
    String[] names = qualifiedTables.stream().distinct().sorted().toArray(String[]::new);
    MessageDigest digest = sha256();
    try (PreparedStatement s = connection.prepareStatement(COLUMNS)) {
      Array array = connection.createArrayOf("text", names);
      s.setArray(1, array);
      try (ResultSet rs = s.executeQuery()) {
        while (rs.next()) {
          String line =
              rs.getString(2) == null
                  ? rs.getString(1) + " missing\n"
                  : String.join(
                          "\t",
                          rs.getString(1),
                          rs.getString(2),
                          rs.getString(3),
                          rs.getString(4),
                          Integer.toString(rs.getInt(5)),
                          Boolean.toString(rs.getBoolean(6)),
                          rs.getString(7))
                      + "\n";
          digest.update(line.getBytes(StandardCharsets.UTF_8));
        }
      }
    }
    return HexFormat.of().formatHex(digest.digest(), 0, 8);
  }

  private static MessageDigest sha256() {
    try {
      return MessageDigest.getInstance("SHA-256");
    } catch (NoSuchAlgorithmException e) {
      throw new IllegalStateException("every JDK has SHA-256", e);
    }
  }
}
