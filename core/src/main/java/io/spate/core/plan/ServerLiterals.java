package io.spate.core.plan;

import io.spate.engine.generate.Engine;
import io.spate.protocol.error.Problems;
import io.spate.protocol.plan.ColumnPlan;
import io.spate.protocol.plan.FillPlan;
import io.spate.protocol.plan.TablePlan;
import io.spate.protocol.plan.ValueSpec;
import io.spate.protocol.schema.Column;
import java.sql.Connection;
import java.sql.PreparedStatement;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.util.ArrayList;
import java.util.List;

/**
 * The literals of value lists (the config's, a CHECK's) of types whose input syntax the engine does
 * not read ({@link Engine#readsLiterals}: a macaddr8, a pg_lsn, a point, an extension's type), or
 * in a form of it the engine does not read (an IPv6 inet), are encoded once, at plan time, by the
 * target server itself: the type's input function reads the literal and its send function gives the
 * bytes binary COPY carries, which the plan holds as hex ({@link ValueSpec#binary()}) and every row
 * writes unchanged. So any type with a send function takes a fixed value, and the plan stays a pure
 * function of its inputs on every worker.
 */
final class ServerLiterals {

  private ServerLiterals() {}

  /**
   * The plan with every such list of literals replaced by its binary form; a literal the server
   * rejects, or a type without a send function, is a problem naming the column. Without a server
   * ({@code connection} null) each such list is a problem.
   */
  static FillPlan encode(FillPlan plan, Connection connection, Problems problems) {
    List<TablePlan> tables = new ArrayList<>();
    boolean changed = false;
    for (TablePlan t : plan.tables()) {
      List<ColumnPlan> columns = new ArrayList<>();
      for (ColumnPlan rule : t.columns()) {
        ColumnPlan encoded = rule;
        if (rule instanceof ColumnPlan.Values v
            && !v.spec().values().isEmpty()
            && !v.spec().binary()) {
          Column c = t.table().column(v.column()).orElseThrow();
          if (needsServer(c, v.spec())) {
            encoded = new ColumnPlan.Values(c.name(), binary(t, c, v.spec(), connection, problems));
            changed = true;
          }
        }
        columns.add(encoded);
      }
      tables.add(t.with(columns, t.references()));
    }
    return changed
        ? new FillPlan(
            plan.generationVersion(), plan.seed(), tables, plan.levels(), plan.taskRuns())
        : plan;
  }

  /**
   * Whether the server must encode the spec's literals: the engine reads none of the type's, or it
   * reads only the common forms of the type's input syntax and one literal is in another (an IPv6
   * inet, an interval in ISO 8601).
   */
  private static boolean needsServer(Column c, ValueSpec spec) {
    if (!Engine.readsLiterals(c)) {
      return true;
    }
    boolean commonFormsOnly =
        switch (c.type()) {
          case INET, CIDR, MACADDR, INTERVAL, TIMETZ, BIT, VARBIT, TSVECTOR, ARRAY, RANGE -> true;
          default -> false;
        };
    return commonFormsOnly
        && !spec.slotSuffix()
        && spec.values().stream().anyMatch(v -> !Engine.readsLiteral(c, v));
  }

  private static ValueSpec binary(
      TablePlan t, Column c, ValueSpec spec, Connection connection, Problems problems) {
    String where = t.table().id() + "." + c.name() + " (" + c.typeName() + ")";
    if (connection == null) {
      problems.add(where + ": its values need the server to encode them, and none is connected");
      return spec;
    }
    List<String> hex = new ArrayList<>();
    try {
      String send = sendFunction(connection, c);
      if (send == null) {
        problems.add(
            where + ": the type has no binary send function, so binary COPY cannot carry it");
        return spec;
      }
      String sql = "SELECT encode(" + send + "(CAST(? AS " + c.typeName() + ")), 'hex')";
      try (PreparedStatement ps = connection.prepareStatement(sql)) {
        for (String literal : spec.values()) {
          ps.setString(1, literal);
          try (ResultSet rs = ps.executeQuery()) {
            rs.next();
            hex.add(rs.getString(1));
          }
        }
      }
    } catch (SQLException e) {
      problems.add(where + ": the server does not read a value given for it: " + e.getMessage());
      return spec;
    }
    return new ValueSpec(
        hex,
        spec.weights(),
        null,
        null,
        false,
        false,
        spec.minLength(),
        spec.maxLength(),
        spec.distribution(),
        spec.nullRatio(),
        null,
        spec.group(),
        false,
        true);
  }

  /** The type's send function, qualified as {@code regproc} prints it, or null. */
  private static String sendFunction(Connection connection, Column c) throws SQLException {
    try (PreparedStatement ps =
        connection.prepareStatement(
            "SELECT CASE WHEN typsend = 0 THEN NULL ELSE typsend::text END FROM pg_type WHERE oid = ?")) {
      ps.setLong(1, c.typeOid());
      try (ResultSet rs = ps.executeQuery()) {
        return rs.next() ? rs.getString(1) : null;
      }
    }
  }
}
