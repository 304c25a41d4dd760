package io.spate.core.target;

import io.spate.engine.target.SqlErrors;
import io.spate.engine.target.Triggers;
import io.spate.protocol.error.SpateException;
import io.spate.protocol.plan.ColumnPlan;
import io.spate.protocol.plan.FillPlan;
import io.spate.protocol.plan.TablePlan;
import io.spate.protocol.schema.ForeignKey;
import io.spate.protocol.schema.Table;
import java.sql.Array;
import java.sql.Connection;
import java.sql.PreparedStatement;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.stream.Collectors;
import javax.sql.DataSource;

/**
 * How a fill's loads treat the server's triggers, decided once before anything is written.
 *
 * <p>Spate computes every reference from its parent's key, so the server's row-by-row foreign-key
 * checks only repeat what the generator guarantees, and on a constrained schema they are most of
 * the load's time. Where no user trigger or rule on the filled tables (partitions included) would
 * be silenced by {@code session_replication_role = replica} and the role may set it, the loads run
 * with it ({@link Triggers.Mode#OFF_IF_ALLOWED}, set per transaction, so a killed load leaves
 * nothing switched off) and {@link ForeignKeys} checks each key once its tables are full: the end
 * state is the same, every constraint holds and is enforced from then on.
 *
 * <p>A cycle of NOT NULL foreign keys (a store's manager is a staff member of a store) can only be
 * loaded so, its references computed like any other: where no user trigger or rule would be
 * silenced and the role may, that is chosen automatically and said; a trigger that would be
 * silenced needs the user's {@code --disable-triggers}, and a role that may not is an error naming
 * the grant or the DDL that would make the schema fillable. A cycle closed by a {@code DEFERRABLE}
 * foreign key needs neither: the planner makes its tables a joint group, loaded by one task in one
 * transaction that checks the foreign keys at its commit ({@link TablePlan#joint()}).
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
    LoadTriggers chosen = chooseMode(dataSource, plan, disableTriggers);
    String joint =
        plan.tables().stream()
            .filter(t -> !t.joint().isEmpty())
            .map(t -> t.name() + " with " + String.join(", ", t.joint()))
            .collect(Collectors.joining("; "));
    return joint.isEmpty()
        ? chosen
        : new LoadTriggers(
            chosen.mode,
            chosen.description
                + "; cycles closed by a DEFERRABLE foreign key load in one transaction each,"
                + " checked at its commit: "
                + joint);
  }

  private static LoadTriggers chooseMode(
      DataSource dataSource, FillPlan plan, boolean disableTriggers) {
    if (disableTriggers) {
      Triggers.checkAllowed(dataSource);
      return new LoadTriggers(
          Triggers.Mode.OFF,
          "triggers: off (--disable-triggers); foreign keys: checked once after the load");
    }
    List<Unordered> unordered = unordered(plan);
    if (!unordered.isEmpty()) {
      return forCycle(dataSource, plan, unordered);
    }
    if (plan.tables().stream().filter(t -> t.rows() > 0).allMatch(LoadTriggers::noForeignKey)) {
      return new LoadTriggers(Triggers.Mode.ON, "foreign keys: none on the filled tables");
    }
    String perRow = "foreign keys: checked row by row by the server (";
    try (Connection c = dataSource.getConnection()) {
      String silenced = silenced(c, plan);
      if (silenced != null) {
        return new LoadTriggers(
            Triggers.Mode.ON, perRow + silenced + " has to fire, so the server's checks stay on)");
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

  /**
   * A plan whose inserts write a cycle of NOT NULL foreign keys ({@code unordered}) loads only with
   * the server's foreign-key checks off, and checks them after: chosen automatically where that
   * changes nothing else (no user trigger or rule is silenced) and the role may; otherwise this
   * fails naming the cycle's keys, the trigger or the privilege, and the changes that would do.
   */
  private static LoadTriggers forCycle(
      DataSource dataSource, FillPlan plan, List<Unordered> unordered) {
    String keys = unordered.stream().map(Unordered::toString).collect(Collectors.joining(", "));
    String cycle =
        "foreign keys "
            + keys
            + " close a cycle of NOT NULL foreign keys that no nullable one outside a key breaks";
    String ddl =
        "make one of the cycle's foreign-key columns nullable, so a second pass sets it"
            + " (or choose a nullable one with breakCycleAt), or declare "
            + (unordered.size() == 1 ? "that foreign key" : "those foreign keys")
            + " DEFERRABLE ("
            + unordered.stream().map(Unordered::deferrableDdl).collect(Collectors.joining("; "))
            + "), so Spate loads the cycle's tables in one transaction checked at its commit";
    try (Connection c = dataSource.getConnection()) {
      String silenced = silenced(c, plan);
      if (silenced != null) {
        throw new SpateException(
            cycle
                + ": Spate loads such a cycle with the server's foreign-key checks off"
                + " (session_replication_role = replica) and checks them after the load, but that"
                + " would also silence "
                + silenced
                + ": run with --disable-triggers to accept that, or "
                + ddl);
      }
      if (!Triggers.allowed(dataSource)) {
        throw new SpateException(
            cycle
                + ": Spate loads such a cycle with the server's foreign-key checks off"
                + " (session_replication_role = replica) and checks them after the load, but this"
                + " role may not set session_replication_role: "
                + Triggers.grant(c)
                + ", or "
                + ddl);
      }
    } catch (SQLException e) {
      throw SqlErrors.classify("checking the filled tables' triggers and rules", e);
    }
    return new LoadTriggers(
        Triggers.Mode.OFF,
        "foreign keys: checked once after the load ("
            + keys
            + " close a cycle of NOT NULL foreign keys, loaded with session_replication_role ="
            + " replica; no user trigger or rule on the filled tables is silenced)");
  }

  /** A foreign key of {@code table} written before the table it references is loaded. */
  record Unordered(TablePlan table, ForeignKey fk) {
    @Override
    public String toString() {
      return table.name() + "." + fk.name() + " -> " + fk.refTable();
    }

    /** The DDL that makes it deferrable, so a joint load can write it. */
    String deferrableDdl() {
      return "ALTER TABLE "
          + table.table().qualifiedName()
          + " ALTER CONSTRAINT "
          + Table.quote(fk.name())
          + " DEFERRABLE";
    }
  }

  /**
   * The foreign keys an insert of the plan writes before the table they reference is loaded ({@code
   * a.a_b -> b}): a cycle of NOT NULL foreign keys closed without waiting. Within a joint group
   * ({@link TablePlan#joint()}) one that references a table loaded earlier in the group's
   * transaction, or is deferrable and so checked at its commit, is ordered.
   */
  static List<Unordered> unordered(FillPlan plan) {
    Map<String, TablePlan> leaders = new HashMap<>(); // by table of a joint group: its leader
    for (TablePlan t : plan.tables()) {
      if (!t.joint().isEmpty()) {
        leaders.put(t.name(), t);
        t.joint().forEach(member -> leaders.put(member, t));
      }
    }
    List<Unordered> unordered = new ArrayList<>();
    for (TablePlan t : plan.tables()) {
      if (t.rows() == 0 || t.secondPass()) {
        continue;
      }
      TablePlan loader = leaders.getOrDefault(t.name(), t); // what the load waits for
      List<String> group = new ArrayList<>(loader.joint());
      group.add(loader.name());
      for (ForeignKey fk : t.table().foreignKeys()) {
        boolean inGroup =
            group.contains(fk.refTable())
                && (fk.deferrable() || group.indexOf(fk.refTable()) < group.indexOf(t.name()));
        if (!fk.refTable().equals(t.table().id())
            && !loader.after().contains(fk.refTable())
            && !inGroup
            && t.column(fk.columns().get(0)) instanceof ColumnPlan.Reference) {
          unordered.add(new Unordered(t, fk));
        }
      }
    }
    return unordered;
  }

  /**
   * The first user trigger or rule the replica role would silence on the filled tables, or null.
   */
  private static String silenced(Connection c, FillPlan plan) throws SQLException {
    String[] filled =
        plan.tables().stream()
            .filter(t -> t.rows() > 0)
            .map(t -> t.table().qualifiedName())
            .distinct()
            .toArray(String[]::new);
    try (PreparedStatement s = c.prepareStatement(SILENCED)) {
      Array names = c.createArrayOf("text", filled);
      s.setArray(1, names);
      try (ResultSet rs = s.executeQuery()) {
        return rs.next() ? rs.getString(1) : null;
      }
    }
  }

  /** Whether foreign keys are checked once after the load rather than row by row. */
  public boolean foreignKeysAfterLoad() {
    return mode != Triggers.Mode.ON;
  }

  private static boolean noForeignKey(TablePlan t) {
    return t.table().foreignKeys().isEmpty();
  }
}
