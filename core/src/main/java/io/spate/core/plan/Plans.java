package io.spate.core.plan;

import io.spate.core.profile.Profile;
import io.spate.core.profile.ProfiledPlan;
import io.spate.engine.generate.Engine;
import io.spate.engine.target.SqlErrors;
import io.spate.engine.target.TargetKind;
import io.spate.protocol.error.Problems;
import io.spate.protocol.error.SpateException;
import io.spate.protocol.plan.FillPlan;
import io.spate.protocol.plan.TablePlan;
import io.spate.protocol.schema.Schema;
import java.sql.Connection;
import java.sql.SQLException;

/**
 * The plan a fill runs: the {@link Planner}'s, with every configured literal and range checked by
 * the worker's own engine, so a value the engine would reject stops the command before anything is
 * written. The CLI and the HTTP service plan through here; the check is kept out of the planner so
 * that planning needs no generator.
 */
public final class Plans {

  private Plans() {}

  /**
   * Plans the fill, has the target server encode the literals the engine does not read ({@link
   * ServerLiterals}) and checks every literal, or throws one {@link SpateException} listing every
   * problem found (the planner's first, then those of the literals). Without a target only the
   * literals the engine reads are allowed.
   */
  public static FillPlan checkedPlan(Schema schema, FillSettings settings) {
    return checkedPlan(schema, settings, null, null);
  }

  /**
   * The same on a target: {@code connection} encodes the literals ({@link ServerLiterals}), {@code
   * server} decides the CHECKs Spate cannot read ({@link CheckPools}); both null, or neither.
   */
  public static FillPlan checkedPlan(
      Schema schema, FillSettings settings, Connection connection, CheckServer server) {
    return checkedPlan(schema, settings, connection, server, null);
  }

  /**
   * The same, with the open columns drawn by a source's {@code profile} ({@link ProfiledPlan});
   * null: none.
   */
  public static FillPlan checkedPlan(
      Schema schema,
      FillSettings settings,
      Connection connection,
      CheckServer server,
      Profile profile) {
    return checkedPlan(schema, settings, connection, server, profile, null);
  }

  /**
   * The same, for rows loaded as {@code traits} says; null: as the target {@code connection}
   * reaches loads them.
   */
  public static FillPlan checkedPlan(
      Schema schema,
      FillSettings settings,
      Connection connection,
      CheckServer server,
      Profile profile,
      LoadTraits traits) {
    Problems problems = new Problems();
    FillPlan planned =
        Planner.plan(schema, settings, server, traits != null ? traits : traits(connection));
    if (profile != null) {
      planned = ProfiledPlan.apply(planned, profile, settings.config(), problems);
      problems.throwIfAny("cannot plan the fill");
    }
    FillPlan plan = ServerLiterals.encode(planned, connection, problems);
    problems.throwIfAny("cannot plan the fill");
    checkLiterals(plan, problems);
    problems.throwIfAny("cannot plan the fill");
    return plan;
  }

  /**
   * How the target {@code connection} reaches loads rows ({@link LoadTraits#of}); {@link
   * LoadTraits#NONE} without a target.
   */
  private static LoadTraits traits(Connection connection) {
    if (connection == null) {
      return LoadTraits.NONE;
    }
    try {
      return LoadTraits.of(TargetKind.of(connection).dialect());
    } catch (SQLException e) {
      throw SqlErrors.classify("reading which database the target is", e);
    }
  }

  /**
   * Builds the engine's generators of every table with rows once: a literal or range the engine
   * rejects is a problem naming the table (the engine's message names the column).
   */
  static void checkLiterals(FillPlan plan, Problems problems) {
    Engine engine = new Engine(plan);
    for (TablePlan t : plan.tables()) {
      if (t.rows() > 0) {
        try {
          engine.table(t.name());
        } catch (IllegalArgumentException | IllegalStateException e) {
          problems.add("table '" + t.name() + "', " + e.getMessage());
        }
      }
    }
  }
}
