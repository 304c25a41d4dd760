package io.spate.worker.target;

import com.zaxxer.hikari.HikariConfig;
import com.zaxxer.hikari.HikariDataSource;
import io.spate.protocol.error.SpateException;
import io.spate.worker.run.Ledger;
import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;
import javax.sql.DataSource;

/**
 * A worker's own map from target names to databases: jobs name a target, never a URL or a secret.
 * Pools open on first use, and the ledger is made sure of then.
 */
public final class Targets implements AutoCloseable {

  /** The target a job gets when it names none, served by {@code --db}. */
  public static final String DEFAULT = "default";

  /** Where one target lives; the password comes from this worker's environment. */
  public record Target(String url, String user, String password) {
    @Override
    public String toString() {
      return "Target[url="
          + SecretMask.url(url)
          + ", user="
          + user
          + ", password="
          + (password == null ? "(none)" : "***")
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
          Target t = targets.get(n);
          if (t == null) {
            throw new SpateException(
                "unknown target '"
                    + n
                    + "': this worker serves "
                    + targets.keySet()
                    + " (add --target "
                    + n
                    + "=JDBC_URL)");
          }
          HikariConfig config = new HikariConfig();
          config.setJdbcUrl(t.url());
          config.setUsername(t.user());
          config.setPassword(t.password());
          config.setMaximumPoolSize(poolSize);
          config.setMinimumIdle(0);
          config.setPoolName("spate-" + n);
          HikariDataSource pool = null;
          try {
            pool = new HikariDataSource(config);
            Ledger.ensure(pool);
            return pool;
          } catch (RuntimeException e) {
            if (pool != null) {
              pool.close();
            }
            throw secrets.mask(e); // the pool's and the driver's messages may quote the URL
          }
        });
  }

  @Override
  public void close() {
    pools.values().forEach(HikariDataSource::close);
  }
}
