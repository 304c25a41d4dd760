package io.spate.coordinator.cli;

import com.zaxxer.hikari.HikariDataSource;
import io.spate.core.config.FillConfig;
import io.spate.core.plan.FillSettings;
import io.spate.core.plan.LoadTraits;
import io.spate.core.target.Database;
import io.spate.engine.target.SessionSettings;
import io.spate.protocol.plan.FillPlan;
import java.sql.Connection;
import java.sql.SQLException;
import java.util.concurrent.CompletableFuture;

/**
 * The target database of a fill command, reached and planned: a pool for the command's own work and
 * the plan, made the same way by {@code local} and {@code submit}.
 */
record PlannedTarget(HikariDataSource pool, FillPlan plan) implements AutoCloseable {

  /**
   * Parses the config (in the background: Jackson's start-up is slow), connects, introspects and
   * plans (for loads with the user's triggers off under {@code disableTriggers}), logging the
   * effective settings once with the password masked.
   */
  static PlannedTarget open(
      FillOptions options,
      int poolSize,
      String command,
      String extraSettings,
      boolean disableTriggers) {
    return open(options, poolSize, command, extraSettings, disableTriggers, null);
  }

  /**
   * The same, planned for a target that loads as {@code traits} says rather than the database's own
   * (null: the database's), such as files written from its schema.
   */
  static PlannedTarget open(
      FillOptions options, int poolSize, String command, String extraSettings, LoadTraits traits) {
    return open(options, poolSize, command, extraSettings, false, traits);
  }

  private static PlannedTarget open(
      FillOptions options,
      int poolSize,
      String command,
      String extraSettings,
      boolean disableTriggers,
      LoadTraits traits) {
    String db = options.database.db();
    CompletableFuture<FillConfig> config = CompletableFuture.supplyAsync(options::loadConfig);
    String user = options.database.user();
    String password = options.database.password();
    SessionSettings session = options.database.session();
    HikariDataSource pool = null;
    try (Connection connection = Database.connect(db, user, password, session)) {
      pool = Database.pool(db, user, password, poolSize, session);
      FillSettings settings =
          options.settings(SpateCli.await(config)).withTriggersOff(disableTriggers);
      SpateCli.Streams.err.println(
          command + ": " + options.describe(settings) + " " + extraSettings);
      FillPlan plan = SpateCli.introspectAndPlan(options, connection, settings, traits);
      SpateCli.Streams.err.println("plan: " + PlanPrinter.summary(plan));
      PlanPrinter.triggerNotes(plan).forEach(SpateCli.Streams.err::println);
      return new PlannedTarget(pool, plan);
    } catch (SQLException | RuntimeException e) {
      if (pool != null) {
        pool.close();
      }
      if (e instanceof RuntimeException r) {
        throw r;
      }
      throw new io.spate.protocol.error.SpateException(
          "closing the introspection connection: " + e.getMessage(), e);
    }
  }

  @Override
  public void close() {
    pool.close();
  }
}
