package io.spate.worker.target;

import io.spate.engine.target.SessionSettings;
import io.spate.engine.target.SharedOutput;
import io.spate.engine.target.TargetKind;
import io.spate.engine.target.Targets;
import java.util.LinkedHashMap;
import java.util.Map;
import picocli.CommandLine.IModelTransformer;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Model.OptionSpec;
import picocli.CommandLine.Option;

/**
 * The databases a long-running process serves by target name (a picocli mixin): {@code --db} for
 * the {@code default} target, {@code --target NAME=JDBC_URL} for more, all with one {@code --user}
 * and password. {@code spate worker} and {@code spate coordinator} take it; their commands declare
 * {@link RequireDb}, since they always serve a default target.
 */
public final class TargetOptions {

  @Mixin DatabaseOptions database;

  @Option(names = "--target", paramLabel = "NAME=JDBC_URL")
  Map<String, String> targets = new LinkedHashMap<>();

  public DatabaseOptions database() {
    return database;
  }

  /** Whether {@code --target} was given. */
  public boolean anyExtraTarget() {
    return !targets.isEmpty();
  }

  /**
   * Every target, {@code default} first, with the user, the password from the environment and the
   * session settings.
   *
   * @param checkUrl applied to each URL with how to name it ({@code --db}, {@code --target eu});
   *     returns the URL or throws
   */
  public Map<String, Targets.Target> targets(UrlCheck checkUrl) {
    String password = database.password();
    SessionSettings session = database.session();
    Map<String, Targets.Target> all = new LinkedHashMap<>();
    all.put(
        Targets.DEFAULT,
        new Targets.Target(
            checkUrl.check(database.db(), "--db"), database.user(), password, session));
    targets.forEach(
        (name, url) ->
            all.put(
                name,
                new Targets.Target(
                    checkUrl.check(url, "--target " + name), database.user(), password, session)));
    return all;
  }

  /**
   * Every target, each URL checked to name a database Spate fills ({@link TargetKind}) or an output
   * it writes ({@link SharedOutput}).
   */
  public Map<String, Targets.Target> targets() {
    return targets(
        (url, option) -> {
          if (url == null || SharedOutput.of(url).isEmpty()) {
            TargetKind.of(url, option);
          }
          return url;
        });
  }

  /** Validates a URL given by an option. */
  @FunctionalInterface
  public interface UrlCheck {
    String check(String url, String option);
  }

  /**
   * Makes {@code --db} required ({@code @Command(modelTransformer = RequireDb.class)}), so a
   * missing one is a usage error like any missing required option. The mixin leaves it optional
   * because {@code submit --coordinator} takes none.
   */
  public static final class RequireDb implements IModelTransformer {
    @Override
    public CommandSpec transform(CommandSpec spec) {
      OptionSpec db = spec.findOption("--db");
      spec.remove(db);
      spec.addOption(db.toBuilder().required(true).build());
      return spec;
    }
  }
}
