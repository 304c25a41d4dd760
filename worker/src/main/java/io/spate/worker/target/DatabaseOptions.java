package io.spate.worker.target;

import io.spate.engine.target.SecretMask;
import io.spate.engine.target.SessionSettings;
import io.spate.protocol.error.SpateException;
import java.util.ArrayList;
import java.util.List;
import picocli.CommandLine.Option;

/**
 * {@code --db}, {@code --user}, {@code --password-env} and {@code --dead-link-seconds}: how every
 * command that reaches the database names it and how its sessions end (a picocli mixin). Their help
 * comes from {@link io.spate.engine.settings.WorkerSettings}. The password is read from the
 * environment here and nowhere else.
 */
public final class DatabaseOptions {

  @Option(names = "--db", paramLabel = "JDBC_URL")
  String db;

  @Option(names = "--user", paramLabel = "USER")
  String user;

  @Option(names = "--password-env", paramLabel = "VAR")
  String passwordEnv;

  @Option(names = "--dead-link-seconds", paramLabel = "S")
  Integer deadLinkSeconds;

  /**
   * @throws SpateException when {@code --db} is missing (it is required but for {@code submit
   *     --coordinator})
   */
  public String db() {
    if (db == null || db.isBlank()) {
      throw new SpateException("--db JDBC_URL is required (the PostgreSQL database to fill)");
    }
    return db;
  }

  /** The options given, by name: for a command that takes none to say which it refuses. */
  public List<String> given() {
    List<String> given = new ArrayList<>();
    if (db != null) {
      given.add("--db");
    }
    if (user != null) {
      given.add("--user");
    }
    if (passwordEnv != null) {
      given.add("--password-env");
    }
    if (deadLinkSeconds != null) {
      given.add("--dead-link-seconds");
    }
    return given;
  }

  /** The user, null for the URL's or the driver's default. */
  public String user() {
    return user;
  }

  /**
   * The password from the variable {@code --password-env} names; null without the option.
   *
   * @throws SpateException when that variable is not set
   */
  public String password() {
    if (passwordEnv == null) {
      return null;
    }
    String value = System.getenv(passwordEnv);
    if (value == null) {
      throw new SpateException(
          "--password-env " + passwordEnv + ": that environment variable is not set");
    }
    return value;
  }

  /** How the sessions of every connection to the database end. */
  public SessionSettings session() {
    return deadLinkSeconds == null ? SessionSettings.DEFAULT : new SessionSettings(deadLinkSeconds);
  }

  /**
   * The options for the start-up log line: the password is never shown, only where it comes from.
   */
  public String describe() {
    return "db="
        + SecretMask.url(db)
        + " user="
        + (user == null ? "(default)" : user)
        + " password="
        + (passwordEnv == null ? "(none)" : "***($" + passwordEnv + ")")
        + " "
        + session().describe();
  }
}
