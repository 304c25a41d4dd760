package io.spate.protocol.plan;

import java.util.Objects;
import java.util.Optional;

/**
 * Which database a plan was made against, as read from its live catalog: the cluster's {@code
 * system_identifier} ({@code pg_control_system()}), the database's OID and name, and a fingerprint
 * of the planned tables' definitions. A job carries it so that a worker writes only into the
 * database and the table definitions the job was planned for: a worker started with another {@code
 * --db}, or a database whose planned tables changed since planning, refuses the job before writing.
 *
 * <p>Both sides compute it the same way from their own catalog (the worker's {@code
 * TargetIdentities}), never from the plan alone, so it names what is there, not what was meant.
 *
 * @param systemIdentifier the cluster's system identifier; null where the role may not read it, and
 *     then only the OID, name and fingerprint are compared
 * @param databaseOid the database's OID in its cluster
 * @param databaseName the database's name
 * @param tablesFingerprint a hash of the planned tables' columns, types and nullability, in a
 *     canonical order
 */
public record TargetIdentity(
    Long systemIdentifier, long databaseOid, String databaseName, String tablesFingerprint) {

  public TargetIdentity {
    Objects.requireNonNull(databaseName, "databaseName");
    Objects.requireNonNull(tablesFingerprint, "tablesFingerprint");
  }

  /**
   * Why {@code actual} is not the database this identity names, or empty when it is. Another
   * cluster or another database comes first; the same database whose planned tables differ next.
   *
   * @param where how to name where {@code actual} was read, e.g. {@code target "default" of worker
   *     w-1}
   */
  public Optional<String> mismatch(TargetIdentity actual, String where) {
    boolean sameSystem =
        systemIdentifier == null
            || actual.systemIdentifier == null
            || systemIdentifier.equals(actual.systemIdentifier);
    if (!sameSystem
        || databaseOid != actual.databaseOid
        || !databaseName.equals(actual.databaseName)) {
      return Optional.of(
          "the job was planned against "
              + describeDatabase()
              + " but "
              + where
              + " is "
              + actual.describeDatabase());
    }
    if (!tablesFingerprint.equals(actual.tablesFingerprint)) {
      return Optional.of(
          "the job was planned against "
              + describeDatabase()
              + " with tables fingerprint "
              + tablesFingerprint
              + " but on "
              + where
              + " the planned tables read "
              + actual.tablesFingerprint
              + ": their definitions changed since planning; submit the job again");
    }
    return Optional.empty();
  }

  /** {@code database "a" (system 7301..., oid 16384)}. */
  public String describeDatabase() {
    return "database \""
        + databaseName
        + "\" (system "
        + (systemIdentifier == null ? "unknown" : systemIdentifier)
        + ", oid "
        + databaseOid
        + ")";
  }
}
