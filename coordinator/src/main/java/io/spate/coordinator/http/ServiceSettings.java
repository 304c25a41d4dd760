package io.spate.coordinator.http;

import io.spate.core.job.Retries;
import io.spate.core.settings.Settings;
import io.spate.engine.target.Outage;
import io.spate.engine.target.SecretMask;
import io.spate.engine.target.Targets;
import io.spate.protocol.error.Problems;
import io.spate.worker.kafka.KafkaSettings;
import java.util.Map;

/**
 * How the coordinator service runs: where it listens, the Kafka it publishes to, the databases it
 * may fill (by target name, credentials included: requests only name them), and who may call it.
 *
 * @param bind the address to listen on ({@code 0.0.0.0}: every interface)
 * @param port the HTTP port; 0 picks a free one
 * @param token the bearer token every endpoint but {@code /health} requires; null only with auth
 *     explicitly turned off ({@code --no-auth})
 * @param metricsPublic whether {@code /metrics} answers without the token
 * @param retries how jobs retry unless a request says otherwise
 * @param outage how long a job's follower waits for its target after losing the connection
 */
public record ServiceSettings(
    String bind,
    int port,
    KafkaSettings kafka,
    Map<String, Targets.Target> targets,
    ApiToken token,
    boolean metricsPublic,
    Retries retries,
    Outage outage) {

  public ServiceSettings {
    Problems problems = new Problems();
    Settings.PORT.check(problems, port, "--port");
    if (targets == null || !targets.containsKey(Targets.DEFAULT)) {
      problems.add("the service needs a default target (--db JDBC_URL)");
    }
    problems.throwIfAny("cannot start the coordinator service");
    targets = Map.copyOf(targets);
  }

  /** The effective settings for the start-up log line: no password, no token. */
  public String describe() {
    StringBuilder b =
        new StringBuilder(
            "bind="
                + bind
                + " port="
                + port
                + " bootstrap="
                + kafka.bootstrap()
                + " topics="
                + kafka.topics().jobs()
                + ","
                + kafka.topics().tasks()
                + ","
                + kafka.topics().events());
    targets.forEach(
        (name, t) ->
            b.append(" target.")
                .append(name)
                .append('=')
                .append(SecretMask.url(t.url()))
                .append(" (user ")
                .append(t.user() == null ? "(default)" : t.user())
                .append(", password ")
                .append(t.password() == null ? "(none)" : "***")
                .append(')'));
    b.append(" auth=")
        .append(token == null ? "OFF (--no-auth)" : "bearer token")
        .append(" metrics=")
        .append(metricsPublic ? "public" : "token")
        .append(" outage-seconds=")
        .append(outage.limit().toSeconds());
    return b.toString();
  }
}
