package io.spate.core.target;

import io.spate.engine.target.SqlErrors;
import io.spate.engine.target.TargetDialect;
import io.spate.engine.target.Triggers;
import io.spate.protocol.error.SpateException;
import io.spate.protocol.plan.FillPlan;
import io.spate.protocol.plan.TablePlan;
import java.nio.charset.StandardCharsets;
import java.security.MessageDigest;
import java.security.NoSuchAlgorithmException;
import java.sql.Connection;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.sql.Statement;
import java.util.ArrayList;
import java.util.HexFormat;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.TreeMap;
import javax.sql.DataSource;

/**
 * No silent success: at the end of every fill (local, submitted, served, from the library) the
 * tables are counted against the plan, and a fill whose tables do not hold what it planned fails
 * naming each such table, however its tasks ended. A local fill's table that one task loaded whole
 * while holding it alone (found empty under its lock, no user trigger) is not read again: the rows
 * the server took in that task's transaction are then its count. A table the plan fills holds
 * exactly its planned rows, or at least them where other tables' insert triggers write into it too;
 * a table only triggers write is counted, not judged.
 *
 * <p>The counts and the plan's digest make the fill's {@linkplain Result#fingerprint()
 * fingerprint}: the same fill of the same schema prints the same one, so a later run or a CI step
 * can compare it.
 */
public final class FillCheck {

  private FillCheck() {}

  /**
   * What the tables held at the end.
   *
   * @param planDigest the plan's digest
   * @param rows each written table's row count, by name
   * @param fingerprint 12 hex digits of the digest of the plan's digest and every count
   */
  public record Result(String planDigest, Map<String, Long> rows, String fingerprint) {

    public long totalRows() {
      return rows.values().stream().mapToLong(Long::longValue).sum();
    }

    /** {@code fingerprint 3fa9c2e1d0b4 (plan local-..., 15 tables, 15,000 rows)}. */
    @Override
    public String toString() {
      return String.format(
          Locale.ROOT,
          "fingerprint %s (plan %s, %d table%s, %,d rows)",
          fingerprint,
          planDigest,
          rows.size(),
          rows.size() == 1 ? "" : "s",
          totalRows());
    }
  }

  /**
   * Counts the tables {@code plan} writes and checks them against it.
   *
   * @param where names the job for the failure's message, e.g. {@code job local-1a2b}
   * @throws SpateException naming every table whose rows differ from the plan's
   */
  public static Result verify(
      DataSource dataSource,
      TargetDialect dialect,
      FillPlan plan,
      String planDigest,
      Triggers.Mode triggers,
      String where) {
    return verify(dataSource, dialect, plan, planDigest, triggers, where, Map.of());
  }

  /**
   * The same, taking the counts of the tables already counted (each as soon as it was full, beside
   * the other tables' loads: {@code LocalFill}); the others are counted here.
   */
  public static Result verify(
      DataSource dataSource,
      TargetDialect dialect,
      FillPlan plan,
      String planDigest,
      Triggers.Mode triggers,
      String where,
      Map<String, Long> counted) {
    boolean triggersFire = dialect.userTriggersFire(triggers);
    Map<String, Long> rows = new TreeMap<>();
    List<String> problems = new ArrayList<>();
    try (Connection c = dataSource.getConnection();
        Statement s = c.createStatement()) {
      for (TablePlan t : plan.tables()) {
        if (t.secondPass() || rows.containsKey(t.name())) {
          continue; // a second pass updates rows its first pass wrote
        }
        boolean triggerOnly = t.rows() == 0 && plan.triggerWritten().contains(t);
        if (t.rows() == 0 && !triggerOnly) {
          continue;
        }
        Long early =
            triggersFire && !t.table().writtenBy().isEmpty() ? null : counted.get(t.name());
        long held = early != null ? early : count(s, dialect.tableName(t.table()));
        rows.put(t.name(), held);
        boolean alsoTriggers = triggersFire && !t.table().writtenBy().isEmpty();
        if (!triggerOnly && (alsoTriggers ? held < t.rows() : held != t.rows())) {
          problems.add(
              String.format(
                  Locale.ROOT,
                  "table %s holds %,d rows but the plan writes %s%,d",
                  t.name(),
                  held,
                  alsoTriggers ? "at least " : "",
                  t.rows()));
        }
      }
    } catch (SQLException e) {
      throw SqlErrors.classify(where + ": counting the tables' rows after the fill", e);
    }
    return result(planDigest, rows, problems, where);
  }

  /**
   * Checks the rows an output that is not a database holds ({@code counted}, each table's as its
   * completion counted them) against {@code plan}: every table it writes holds exactly its planned
   * rows.
   *
   * @throws SpateException naming every table whose rows differ from the plan's
   */
  public static Result verify(
      FillPlan plan, String planDigest, Map<String, Long> counted, String where) {
    Map<String, Long> rows = new TreeMap<>();
    List<String> problems = new ArrayList<>();
    for (TablePlan t : plan.tables()) {
      if (t.rows() == 0) {
        continue;
      }
      long held = counted.getOrDefault(t.name(), 0L);
      rows.put(t.name(), held);
      if (held != t.rows()) {
        problems.add(
            String.format(
                Locale.ROOT,
                "table %s holds %,d rows but the plan writes %,d",
                t.name(),
                held,
                t.rows()));
      }
    }
    return result(planDigest, rows, problems, where);
  }

  private static Result result(
      String planDigest, Map<String, Long> rows, List<String> problems, String where) {
    if (!problems.isEmpty()) {
      throw new SpateException(
          where
              + ": the fill ended but its tables do not hold what it planned: "
              + String.join("; ", problems)
              + ". Nothing reports success for it; look for another fill or a process writing"
              + " these tables, then run again with --truncate");
    }
    return new Result(planDigest, rows, fingerprint(planDigest, rows));
  }

  /** The rows {@code t} holds. */
  public static long count(DataSource dataSource, TargetDialect dialect, TablePlan t) {
    try (Connection c = dataSource.getConnection();
        Statement s = c.createStatement()) {
      return count(s, dialect.tableName(t.table()));
    } catch (SQLException e) {
      throw SqlErrors.classify("counting the rows of " + t.name() + " after its fill", e);
    }
  }

  private static long count(Statement s, String table) throws SQLException {
    try (ResultSet rs = s.executeQuery("SELECT count(*) FROM " + table)) {
      rs.next();
      return rs.getLong(1);
    }
  }

  static String fingerprint(String planDigest, Map<String, Long> rows) {
    StringBuilder text = new StringBuilder(planDigest).append('\n');
    rows.forEach((table, n) -> text.append(table).append('=').append(n).append('\n'));
    try {
      byte[] digest =
          MessageDigest.getInstance("SHA-256")
              .digest(text.toString().getBytes(StandardCharsets.UTF_8));
      return HexFormat.of().formatHex(digest, 0, 6);
    } catch (NoSuchAlgorithmException e) {
      throw new IllegalStateException("the JDK has no SHA-256", e);
    }
  }
}
