package io.spate.engine.target;

import com.zaxxer.hikari.HikariConfig;
import com.zaxxer.hikari.HikariDataSource;
import io.spate.protocol.error.SpateException;
import java.util.Map;
import java.util.Optional;
import java.util.concurrent.ConcurrentHashMap;
import javax.sql.DataSource;

/**
 * A worker's own map from target names to databases and outputs ({@link SharedOutput}): jobs name a
 * target, never a URL or a secret. Pools open on first use, and the ledger is made sure of then.
 */
public final class Targets implements AutoCloseable {

  /** The target a job gets when it names none, served by {@code --db}. */
  public static final String DEFAULT = "default";

  /**
   * Where one target lives and how its sessions end; the password comes from this worker's
   * environment. The URL picks the {@link TargetKind}.
   */
  public record Target(String url, String user, String password, SessionSettings session) {

    /** What the database at {@link #url} is. */
    public TargetDialect dialect() {
      return TargetKind.of(url).dialect();
    }

    /** With the default session settings. */
    public Target(String url, String user, String password) {
      this(url, user, password, SessionSettings.DEFAULT);
    }

    @Override
    public String toString() {
      return "Target[url="
          + SecretMask.url(url)
          + ", user="
          + user
          + ", password="
          + (password == null ? "(none)" : "***")
          + ", "
          + session.describe()
          + "]";
    }
  }

  /** The names this map serves. */
  public java.util.Set<String> names() {
    return targets.keySet();
  }

  private final Map<String, Target> targets;
  private final SecretMask secrets;
  private final int poolSize;
  private final Map<String, HikariDataSource> pools = new ConcurrentHashMap<>();

  public Targets(Map<String, Target> targets, int poolSize) {
    this.targets = Map.copyOf(targets);
    this.secrets = new SecretMask(targets.values());
    this.poolSize = poolSize;
  }

  public DataSource dataSource(String name) {
    return pools.computeIfAbsent(
        name,
        n -> {
          Target t = target(n);
          HikariConfig config = new HikariConfig();
          TargetDialect dialect = t.dialect();
          dialect.configure(config, t.url(), t.session());
          config.setUsername(t.user());
          config.setPassword(t.password());
          config.setMaximumPoolSize(poolSize);
          config.setMinimumIdle(0);
          config.setPoolName("spate-" + n);
          config.setExceptionOverride(SqlErrors.POOL_EVICTION);
          HikariDataSource pool = null;
          try {
            pool = new HikariDataSource(config);
            dialect.ledger().ensure(pool);
            return pool;
          } catch (RuntimeException e) {
            if (pool != null) {
              pool.close();
            }
            throw secrets.mask(e); // the pool's and the driver's messages may quote the URL
          }
        });
  }

  /**
   * The output {@code name} is when it is not a database ({@code file:///mnt/out}), with its URL;
   * empty for a database.
   */
  public Optional<Output> output(String name) {
    Target t = target(name);
    return SharedOutput.of(t.url()).map(output -> new Output(output, t.url()));
  }

  /** An output target and the URL this process names it by. */
  public record Output(SharedOutput output, String url) {}

  /** What the database {@code name} is: its load, ledger and session statements. */
  public TargetDialect dialect(String name) {
    return target(name).dialect();
  }

  /** How the sessions of {@code name}'s connections end (the lock timeout of its loads). */
  public SessionSettings session(String name) {
    return target(name).session();
  }

  private Target target(String name) {
    Target t = targets.get(name);
    if (t == null) {
      throw new SpateException(
          "unknown target '"
              + name
              + "': this worker serves "
              + targets.keySet()
              + " (add --target "
              + name
              + "=JDBC_URL or file:///DIR)");
    }
    return t;
  }

  @Override
  public void close() {
    pools.values().forEach(HikariDataSource::close);
  }
}
