package io.spate.coordinator.target;

import io.spate.protocol.plan.FillPlan;
import io.spate.protocol.plan.TablePlan;
import io.spate.worker.target.SqlErrors;
import io.spate.worker.target.Triggers;
import java.sql.Array;
import java.sql.Connection;
import java.sql.PreparedStatement;
import java.sql.ResultSet;
import java.sql.SQLException;
import javax.sql.DataSource;

/**
 * How a fill's loads treat the server's triggers, decided once before anything is written.
 *
 * <p>Spate computes every reference from its parent's key, so the server's row-by-row foreign-key
 * checks only repeat what the generator guarantees, and on a constrained schema they are most of
 * the load's time. Where no user trigger or rule on the filled tables (partitions included) would
 * be silenced by {@code session_replication_role = replica} and the role may set it, the loads run
 * with it ({@link Triggers.Mode#OFF_IF_ALLOWED}, set per transaction, so a killed load leaves
 * nothing switched off) and {@link ForeignKeys#validate} checks every key once at the end: the end
 * state is the same, every constraint holds and is enforced from then on.
 *
 * @param mode what each load does with the triggers
 * @param description one line for the user saying when foreign keys are checked, and why
 */
public record LoadTriggers(Triggers.Mode mode, String description) {

  /**
   * The first user trigger or rule on the named tables or their partitions that fires on origin.
   */
  private static final String SILENCED =
      """
      WITH named AS (SELECT name::regclass AS relid FROM unnest(?::text[]) AS n(name)),
      filled AS (
        SELECT relid FROM named
        UNION SELECT tree.relid FROM named, LATERAL pg_partition_tree(named.relid) AS tree)
      SELECT 'trigger ' || quote_ident(t.tgname) || ' on ' || t.tgrelid::regclass
        FROM pg_trigger t
       WHERE NOT t.tgisinternal AND t.tgenabled = 'O' AND t.tgrelid IN (SELECT relid FROM filled)
      UNION ALL
      SELECT 'rule ' || quote_ident(r.rulename) || ' on ' || r.ev_class::regclass
        FROM pg_rewrite r
       WHERE r.ev_enabled = 'O' AND r.rulename <> '_RETURN'
         AND r.ev_class IN (SELECT relid FROM filled)
      LIMIT 1
      """;

  /**
   * Chooses for {@code plan} on the target {@code dataSource} reaches. With {@code disableTriggers}
   * (the user's {@code --disable-triggers}) triggers are off, or this fails naming what to grant.
   */
  public static LoadTriggers choose(DataSource dataSource, FillPlan plan, boolean disableTriggers) {
    if (disableTriggers) {
      Triggers.checkAllowed(dataSource);
      return new LoadTriggers(
          Triggers.Mode.OFF,
          "triggers: off (--disable-triggers); foreign keys: checked once after the load");
    }
    if (plan.tables().stream().filter(t -> t.rows() > 0).allMatch(LoadTriggers::noForeignKey)) {
      return new LoadTriggers(Triggers.Mode.ON, "foreign keys: none on the filled tables");
    }
    String[] filled =
        plan.tables().stream()
            .filter(t -> t.rows() > 0)
            .map(t -> t.table().qualifiedName())
            .distinct()
            .toArray(String[]::new);
    String perRow = "foreign keys: checked row by row by the server (";
    try (Connection c = dataSource.getConnection();
        PreparedStatement s = c.prepareStatement(SILENCED)) {
      Array names = c.createArrayOf("text", filled);
      s.setArray(1, names);
      try (ResultSet rs = s.executeQuery()) {
        if (rs.next()) {
          return new LoadTriggers(
              Triggers.Mode.ON,
              perRow + rs.getString(1) + " has to fire, so the server's checks stay on)");
        }
      }
      if (!Triggers.allowed(dataSource)) {
        return new LoadTriggers(
            Triggers.Mode.ON,
            perRow
                + "this role may not set session_replication_role; a superuser, or GRANT SET ON"
                + " PARAMETER session_replication_role, lets Spate check them once after the load,"
                + " which is faster)");
      }
    } catch (SQLException e) {
      throw SqlErrors.classify("checking the filled tables' triggers and rules", e);
    }
    return new LoadTriggers(
        Triggers.Mode.OFF_IF_ALLOWED,
        "foreign keys: checked once after the load (no user trigger or rule on the filled tables)");
  }

  /** Whether foreign keys are checked once after the load rather than row by row. */
  public boolean foreignKeysAfterLoad() {
    return mode != Triggers.Mode.ON;
  }

  private static boolean noForeignKey(TablePlan t) {
    return t.table().foreignKeys().isEmpty();
  }
}
