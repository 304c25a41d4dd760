package io.spate.api;

import com.fasterxml.jackson.databind.node.JsonNodeFactory;
import com.fasterxml.jackson.databind.node.ObjectNode;
import com.fasterxml.jackson.dataformat.yaml.YAMLMapper;
import io.spate.core.config.FillConfig;
import io.spate.core.local.LocalFill;
import io.spate.core.local.LocalJob;
import io.spate.core.plan.FillSettings;
import io.spate.core.progress.FillProgress;
import io.spate.core.target.Database;
import io.spate.core.target.FillCheck;
import io.spate.core.target.TargetSteps;
import io.spate.core.target.TargetTables;
import io.spate.engine.settings.WorkerSettings;
import io.spate.engine.target.Outage;
import io.spate.engine.target.SessionSettings;
import io.spate.engine.target.SqlErrors;
import io.spate.engine.target.TargetDialect;
import io.spate.engine.target.TargetKind;
import io.spate.protocol.error.SpateException;
import io.spate.protocol.plan.FillPlan;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.sql.Connection;
import java.sql.SQLException;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.function.Consumer;
import javax.sql.DataSource;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * Fills a PostgreSQL, MariaDB, MySQL, SQLite or H2 database from Java, as {@code spate local} does
 * from the command line: the same settings, the same plan, the same rows for a seed. An in-memory
 * H2 database ({@code jdbc:h2:mem:NAME}), which lives only in the JVM that created it, is filled
 * from that JVM this way alone.
 *
 * <pre>{@code
 * FillResult result =
 *     Spate.on(dataSource)
 *         .schemas("shop")
 *         .config(Path.of("fill.yaml"))
 *         .table("orders", t -> t.rows(10_000).column("status", c -> c.values("new", "paid")))
 *         .seed(7)
 *         .fill();
 * }</pre>
 *
 * <p>The config is {@code fill.yaml}'s (docs/configuration.md is its reference): a file, a YAML
 * text, or the {@link #table} methods, which name its keys; they are merged in the order given, a
 * later key replacing an earlier one, and checked as the file is. {@link #seed}, {@link
 * #defaultRows}, {@link #taskRows} and {@link #rows} win over the config, as the command line's
 * options do.
 *
 * <p>Every failure is a {@link SpateException} with the message {@code spate} would print: a bad
 * config names the key, a schema the planner cannot fill names the table and column, tables that
 * already hold rows say so (unless {@link #truncate}, {@link #resume} or {@link #reuse}). A builder
 * is not thread-safe; {@link #fill} may be called again, and plans afresh each time.
 */
public final class Spate {

  private static final Logger LOG = LoggerFactory.getLogger(Spate.class);

  /** What a fill accepts in the tables it fills before it writes. */
  private enum Start {
    EMPTY,
    TRUNCATE,
    RESUME,
    REUSE
  }

  private final DataSource dataSource;
  private final String url;
  private final String user;
  private final String password;
  private final List<String> schemas = new ArrayList<>();
  private final List<String> configSources = new ArrayList<>();
  private final ObjectNode config = JsonNodeFactory.instance.objectNode();
  private final Map<String, Long> rows = new LinkedHashMap<>();
  private Long seed;
  private Long defaultRows;
  private Long taskRows;
  private int threads = WorkerSettings.THREADS.defaultValue();
  private boolean disableTriggers;
  private Start start = Start.EMPTY;

  private Spate(DataSource dataSource, String url, String user, String password) {
    this.dataSource = dataSource;
    this.url = url;
    this.user = user;
    this.password = password;
  }

  /** Fills the database {@code dataSource} connects to; the caller keeps and closes it. */
  public static Spate on(DataSource dataSource) {
    if (dataSource == null) {
      throw new SpateException("Spate.on: the DataSource is null");
    }
    return new Spate(dataSource, null, null, null);
  }

  /**
   * Fills the database a JDBC URL names ({@code jdbc:postgresql:}, {@code jdbc:mariadb:}, {@code
   * jdbc:mysql:}, {@code jdbc:sqlite:} or {@code jdbc:h2:}), through a pool of its own that each
   * {@link #fill} opens and closes.
   */
  public static Spate on(String jdbcUrl, String user, String password) {
    return new Spate(null, Database.checkUrl(jdbcUrl, "Spate.on"), user, password);
  }

  /** The schemas to fill ({@code --schema}); none named: every schema that holds tables. */
  public Spate schemas(String... names) {
    schemas.addAll(List.of(names));
    return this;
  }

  /** A config file, {@code fill.yaml} ({@code --config}). */
  public Spate config(Path file) {
    FillConfig.load(file); // its errors name the file
    try {
      return merge(Files.readString(file, StandardCharsets.UTF_8), "config " + file);
    } catch (IOException e) {
      throw new UncheckedIOException(e);
    }
  }

  /** A config as YAML text, with the keys of {@code fill.yaml}. */
  public Spate config(String yaml) {
    FillConfig.parse(yaml, "config text"); // its errors name the line
    return merge(yaml, "config text");
  }

  /** The settings of one table ({@code tables.NAME} of the config). */
  public Spate table(String name, Consumer<TableSettings> settings) {
    ObjectNode tables = config.withObjectProperty("tables");
    settings.accept(new TableSettings(tables.withObjectProperty(name)));
    configSources.add("table " + name);
    return this;
  }

  /** The job seed ({@code --seed}): the same seed and schema give the same rows. */
  public Spate seed(long seed) {
    this.seed = seed;
    return this;
  }

  /** A root table's row count ({@code --rows TABLE=N}). */
  public Spate rows(String table, long count) {
    rows.put(table, count);
    return this;
  }

  /** Rows of a table nothing else sizes ({@code --default-rows}). */
  public Spate defaultRows(long count) {
    this.defaultRows = count;
    return this;
  }

  /** Rows per task, the unit of parallel work and of a transaction ({@code --task-rows}). */
  public Spate taskRows(long count) {
    this.taskRows = count;
    return this;
  }

  /** Share of NULLs in nullable, non-key columns ({@code nullRatio} of the config). */
  public Spate nullRatio(double ratio) {
    config.put("nullRatio", ratio);
    configSources.add("nullRatio");
    return this;
  }

  /** Threads that load at once ({@code --threads}). */
  public Spate threads(int threads) {
    this.threads = threads;
    return this;
  }

  /** Empties the tables to fill first ({@code --truncate}). */
  public Spate truncate() {
    start = Start.TRUNCATE;
    return this;
  }

  /** Finishes an interrupted fill with the same arguments ({@code --resume}). */
  public Spate resume() {
    start = Start.RESUME;
    return this;
  }

  /**
   * Skips the fill when the ledger says the tables already hold this very fill (same schema, config
   * and seed, its rows checked as {@link #resume} checks them), else empties them and fills: a test
   * suite's fill, done once for every class that asks for the same.
   */
  public Spate reuse() {
    start = Start.REUSE;
    return this;
  }

  /** Loads with the tables' triggers off ({@code --disable-triggers}). */
  public Spate disableTriggers() {
    disableTriggers = true;
    return this;
  }

  /** Plans the fill and writes nothing ({@code spate plan}). */
  public Plan plan() {
    try (Target target = open(1)) {
      return Plan.of(plan(target));
    }
  }

  /** Plans and fills; returns when every table is full, or throws the first failure. */
  public FillResult fill() {
    long began = System.nanoTime();
    try (Target target = open(threads + 2)) { // tasks, finishing touches, the claim
      FillPlan plan = plan(target);
      TargetTables.Start tables =
          switch (start) {
            case EMPTY -> TargetTables.Start.EMPTY;
            case TRUNCATE -> TargetTables.Start.TRUNCATE;
            case RESUME -> TargetTables.Start.RESUME;
            case REUSE ->
                LocalJob.ledgerHoldsAll(target.dataSource(), plan)
                    ? TargetTables.Start.RESUME
                    : TargetTables.Start.TRUNCATE;
          };
      FillProgress progress = new FillProgress(plan);
      LocalFill.Summary summary;
      TargetDialect dialect = TargetKind.of(target.dataSource()).dialect();
      FillCheck.Result check;
      try (LocalJob.Ready ready = prepare(target.dataSource(), plan, tables)) {
        summary =
            new LocalFill(
                    plan,
                    target.dataSource(),
                    dialect,
                    threads,
                    progress,
                    ready.triggers().mode(),
                    SessionSettings.DEFAULT,
                    target.outage())
                .run(ready.jobId());
        check =
            FillCheck.verify(
                target.dataSource(),
                dialect,
                plan,
                LocalFill.planDigest(plan),
                ready.triggers().mode(),
                "job " + ready.jobId(),
                summary.counted());
      }
      FillResult result = FillResult.of(plan, summary, progress, (System.nanoTime() - began) / 1e9);
      LOG.info("spate: {}; {}", result, check);
      return result;
    }
  }

  /**
   * The target made ready. A reuse whose resume finds the tables changed since the ledger's fill
   * (the resume's check says how) empties them and fills again.
   */
  private LocalJob.Ready prepare(DataSource dataSource, FillPlan plan, TargetTables.Start tables) {
    try {
      return LocalJob.prepare(dataSource, plan, tables, disableTriggers, LOG::info);
    } catch (SpateException e) {
      if (start != Start.REUSE || tables != TargetTables.Start.RESUME) {
        throw e;
      }
      LOG.info("spate: refilling, the tables changed since their fill: {}", e.getMessage());
      return LocalJob.prepare(
          dataSource, plan, TargetTables.Start.TRUNCATE, disableTriggers, LOG::info);
    }
  }

  private FillPlan plan(Target target) {
    FillSettings settings =
        FillSettings.of(checkedConfig(), seed, defaultRows, taskRows, rows)
            .withTriggersOff(disableTriggers);
    try (Connection c =
        url != null
            ? Database.connect(url, user, password, SessionSettings.DEFAULT)
            : target.connection()) {
      return LocalJob.plan(c, TargetSteps.of(c).chosenSchemas(c, schemas), settings, LOG::info);
    } catch (SQLException e) {
      throw SqlErrors.classify("closing the introspection connection", e);
    }
  }

  /** The merged config, checked as a file is. */
  FillConfig checkedConfig() {
    if (config.isEmpty()) {
      return FillConfig.EMPTY;
    }
    try {
      return FillConfig.parse(
          YAML.writeValueAsString(config), "config (" + String.join(", ", configSources) + ")");
    } catch (IOException e) {
      throw new UncheckedIOException(e);
    }
  }

  private static final YAMLMapper YAML = new YAMLMapper();

  /** Merges YAML text into the config, a key of the text replacing one given before. */
  private Spate merge(String yaml, String source) {
    try {
      if (YAML.readTree(yaml) instanceof ObjectNode given) {
        YAML.readerForUpdating(config).readValue(YAML.writeValueAsString(given));
      }
    } catch (IOException e) {
      throw new SpateException(source + ": " + e.getMessage(), e);
    }
    configSources.add(source);
    return this;
  }

  private Target open(int poolSize) {
    if (dataSource != null) {
      return new Target(dataSource, null, Outage.DEFAULT);
    }
    var pool = Database.pool(url, user, password, poolSize, SessionSettings.DEFAULT);
    return new Target(pool, pool, Outage.DEFAULT.at(url));
  }

  /** Where a fill writes; {@code owned} is the pool this fill opened, closed with it. */
  private record Target(DataSource dataSource, AutoCloseable owned, Outage outage)
      implements AutoCloseable {

    Connection connection() {
      try {
        return dataSource.getConnection();
      } catch (SQLException e) {
        throw SqlErrors.classify("cannot connect to the database to fill", e);
      }
    }

    @Override
    public void close() {
      if (owned != null) {
        try {
          owned.close();
        } catch (Exception e) {
          throw new SpateException("closing the fill's pool: " + e.getMessage(), e);
        }
      }
    }
  }
}
