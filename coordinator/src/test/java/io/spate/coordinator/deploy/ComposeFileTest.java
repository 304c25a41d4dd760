package io.spate.coordinator.deploy;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.junit.jupiter.api.Assertions.fail;

import com.fasterxml.jackson.databind.JsonNode;
import io.spate.coordinator.deploy.DeployFiles.Image;
import io.spate.coordinator.http.ApiToken;
import io.spate.core.config.FillConfig;
import java.net.URI;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.EnumSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.apache.kafka.common.utils.AppInfoParser;
import org.junit.jupiter.api.Test;
import picocli.CommandLine.ParseResult;

/**
 * deploy/docker-compose.yml read as a tree and held against the code: every Spate service's command
 * through its image's real parser, and what those arguments name (the broker, the database, the
 * password variable, the health port, the mounted files) present in the file.
 */
class ComposeFileTest {

  static JsonNode services() {
    return DeployFiles.yaml(DeployFiles.deploy("docker-compose.yml")).path("services");
  }

  static JsonNode service(String name) {
    JsonNode service = services().path(name);
    if (service.isMissingNode()) {
      fail("docker-compose.yml has no service " + name);
    }
    return service;
  }

  /** The service's command through the parser of the image it runs. */
  static ParseResult parse(String name, Image expected) {
    JsonNode service = service(name);
    Image image = Image.of(service.path("image").asText());
    assertEquals(expected, image, name + " runs the wrong image");
    assertTrue(
        service.path("command").isArray(),
        name + ": write the command as a list (no shell splitting)");
    assertTrue(
        service.path("entrypoint").isMissingNode(),
        name + " must keep the image's entry point (entrypoint.sh)");
    return image.parse(DeployFiles.strings(service.path("command")));
  }

  /**
   * A Spate service's health check, written as one string (run by /bin/sh -c): podman-compose 1.0
   * mangles a list item holding spaces, and takes a list's first item off the service, so its
   * second replica would not start.
   */
  static String healthCheck(String name) {
    JsonNode test = service(name).path("healthcheck").path("test");
    assertTrue(test.isTextual(), name + ": write the health check as one string, not a list");
    return test.asText();
  }

  static Map<String, String> environment(String name) {
    return DeployFiles.YAML.convertValue(
        service(name).path("environment"),
        DeployFiles.YAML.getTypeFactory().constructMapType(Map.class, String.class, String.class));
  }

  /**
   * The host file of a bind mount {@code HOST:CONTAINER[:ro]} (relative to deploy/) mounted at the
   * container path.
   */
  static Path hostFile(String name, String containerPath) {
    for (String volume : DeployFiles.strings(service(name).path("volumes"))) {
      String[] parts = volume.split(":");
      if (parts[1].equals(containerPath)) {
        Path host = DeployFiles.DEPLOY.resolve(parts[0]).normalize();
        assertTrue(Files.isRegularFile(host), name + " mounts " + host + ", which does not exist");
        return host;
      }
    }
    return fail(name + " mounts nothing at " + containerPath);
  }

  static long seconds(String duration) {
    Matcher m = Pattern.compile("(\\d+)(s|m)").matcher(duration);
    assertTrue(m.matches(), "duration " + duration);
    return Duration.ofSeconds(Long.parseLong(m.group(1)) * (m.group(2).equals("m") ? 60 : 1))
        .toSeconds();
  }

  @Test
  void imagesAreBuiltFromTheirDockerfileStage() {
    Set<Image> built = EnumSet.noneOf(Image.class);
    Set<Image> used = EnumSet.noneOf(Image.class);
    services()
        .properties()
        .forEach(
            e -> {
              if (e.getValue().path("image").asText().contains("spate-")) {
                used.add(Image.of(e.getValue().path("image").asText()));
              }
              JsonNode build = e.getValue().path("build");
              if (build.isMissingNode()) {
                return;
              }
              Image image = Image.of(e.getValue().path("image").asText());
              assertEquals(
                  image.target,
                  build.path("target").asText(),
                  e.getKey()
                      + ": the image "
                      + image.imageName()
                      + " is the Dockerfile's stage "
                      + image.target);
              assertEquals(
                  DeployFiles.ROOT,
                  DeployFiles.DEPLOY.resolve(build.path("context").asText()).normalize(),
                  e.getKey() + ": the build context is the repository's root");
              assertEquals(
                  DeployFiles.DEPLOY.resolve("Dockerfile"),
                  DeployFiles.ROOT.resolve(build.path("dockerfile").asText()),
                  e.getKey() + ": the Dockerfile");
              built.add(image);
            });
    assertEquals(used, built, "every Spate image a service runs is built by one");
  }

  @Test
  void workersReachTheBrokerAndTheDatabaseTheFileDefines() {
    ParseResult worker = parse("worker", Image.WORKER);
    String bootstrap = DeployFiles.option(worker, "--bootstrap", "worker");
    assertTrue(
        environment("kafka").get("KAFKA_ADVERTISED_LISTENERS").contains("://" + bootstrap),
        "the broker does not advertise " + bootstrap);
    assertTrue(services().has(bootstrap.split(":")[0]), "no service answers " + bootstrap);
    URI db =
        URI.create(
            DeployFiles.<String>option(worker, "--db", "worker").substring("jdbc:".length()));
    assertEquals("postgres", db.getHost());
    assertTrue(service("postgres").path("healthcheck").toString().contains("pg_isready"));
    Map<String, String> postgres = environment("postgres");
    assertEquals(
        postgres.get("POSTGRES_DB"),
        db.getPath().substring(1),
        "--db names another database than POSTGRES_DB");
    assertEquals(postgres.get("POSTGRES_USER"), DeployFiles.option(worker, "--user", "worker"));
    String passwordEnv = DeployFiles.option(worker, "--password-env", "worker");
    assertEquals(
        postgres.get("POSTGRES_PASSWORD"),
        environment("worker").get(passwordEnv),
        "--password-env " + passwordEnv + " must hold the password PostgreSQL starts with");
  }

  @Test
  void workersServeTheirHealthCheckAndOutliveTheirGracePeriod() {
    ParseResult worker = parse("worker", Image.WORKER);
    int httpPort = DeployFiles.option(worker, "--http-port", "worker");
    assertEquals(
        "0.0.0.0",
        DeployFiles.option(worker, "--http-host", "worker"),
        "the exposed --http-port must listen beyond the container's loopback");
    JsonNode service = service("worker");
    assertTrue(
        DeployFiles.strings(service.path("expose")).contains(String.valueOf(httpPort)),
        "the worker does not expose --http-port " + httpPort);
    String check = healthCheck("worker");
    assertTrue(
        check.contains("/dev/tcp/127.0.0.1/" + httpPort + " ") && check.contains("GET /health "),
        "the health check does not ask /health on --http-port: " + check);
    int grace = DeployFiles.option(worker, "--grace-seconds", "worker");
    assertTrue(
        seconds(service.path("stop_grace_period").asText()) >= grace + 15,
        "stop_grace_period must outlast --grace-seconds " + grace);
    assertTrue(
        service.path("ports").isMissingNode(), "published ports would stop --scale worker=N");
  }

  @Test
  void coordinatorServesWhereItsPortAndHealthCheckPoint() {
    ParseResult coordinator = parse("coordinator", Image.COORDINATOR);
    assertEquals("coordinator", coordinator.commandSpec().name());
    int port = DeployFiles.option(coordinator, "--port", "coordinator");
    JsonNode service = service("coordinator");
    assertTrue(
        DeployFiles.strings(service.path("ports")).stream().anyMatch(p -> p.endsWith(":" + port)),
        "the coordinator's published port is not --port " + port);
    String check = healthCheck("coordinator");
    assertTrue(
        check.contains("/dev/tcp/127.0.0.1/" + port + " ") && check.contains("GET /health "),
        "the health check does not ask /health on --port: " + check);
    assertFalse(coordinator.hasMatchedOption("--no-auth"));
    assertTrue(
        environment("coordinator").containsKey(ApiToken.ENV),
        "the service needs its token in " + ApiToken.ENV);
    ParseResult worker = parse("worker", Image.WORKER);
    for (String same : List.of("--bootstrap", "--db", "--user", "--password-env")) {
      assertEquals(
          worker.<String>matchedOptionValue(same, null),
          coordinator.<String>matchedOptionValue(same, null),
          same + " differs between the workers and the coordinator");
    }
    String passwordEnv = DeployFiles.option(coordinator, "--password-env", "coordinator");
    assertEquals(
        environment("worker").get(passwordEnv), environment("coordinator").get(passwordEnv));
  }

  @Test
  void submitSendsTheDemoFillToTheCoordinatorWithItsToken() {
    ParseResult submit = parse("submit", Image.COORDINATOR);
    assertEquals("submit", submit.commandSpec().name());
    assertFalse(
        submit.hasMatchedOption("--detach"), "the one command follows the fill to its summary");
    for (String held : List.of("--db", "--user", "--password-env", "--bootstrap")) {
      assertFalse(
          submit.hasMatchedOption(held),
          held + ": the service holds it; submit --coordinator refuses it");
    }
    URI url = DeployFiles.option(submit, "--coordinator", "submit");
    assertEquals("coordinator", url.getHost(), "submit talks to the coordinator service");
    int port = DeployFiles.option(parse("coordinator", Image.COORDINATOR), "--port", "coordinator");
    assertEquals(port, url.getPort(), "--coordinator names another port than the service's --port");
    assertEquals(
        environment("coordinator").get(ApiToken.ENV),
        environment("submit").get(ApiToken.ENV),
        "submit must send the service's token");
    assertTrue(
        service("submit")
            .path("depends_on")
            .path("coordinator")
            .path("condition")
            .asText()
            .equals("service_healthy"),
        "submit waits for the service");
    Path config =
        hostFile("submit", DeployFiles.<Path>option(submit, "--config", "submit").toString());
    assertEquals(
        DeployFiles.ROOT.resolve("examples/tpcc.yaml"),
        config,
        "submit fills with the demo's config");
    FillConfig fill = FillConfig.load(config);
    // The schema comes from the same demo, created by PostgreSQL's init scripts.
    String schema =
        DeployFiles.read(hostFile("postgres", "/docker-entrypoint-initdb.d/10-tpcc.sql"));
    for (String table : fill.tables().keySet()) {
      assertTrue(schema.contains("CREATE TABLE " + table + " ("), "the schema lacks " + table);
    }
    assertTrue(
        DeployFiles.strings(service("submit").path("profiles")).contains("submit"),
        "submit runs only when asked for");
  }

  @Test
  void brokerIsTheKafkaVersionOfSpatesClients() {
    String image = service("kafka").path("image").asText();
    assertEquals("apache/kafka:" + AppInfoParser.getVersion(), image);
    assertEquals(
        "broker,controller",
        environment("kafka").get("KAFKA_PROCESS_ROLES"),
        "a single KRaft node");
  }
}
