package io.spate.coordinator.deploy;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.junit.jupiter.api.Assertions.fail;

import com.fasterxml.jackson.databind.JsonNode;
import io.fabric8.kubernetes.api.model.ConfigMap;
import io.fabric8.kubernetes.api.model.Container;
import io.fabric8.kubernetes.api.model.ContainerPort;
import io.fabric8.kubernetes.api.model.EnvVar;
import io.fabric8.kubernetes.api.model.GenericKubernetesResource;
import io.fabric8.kubernetes.api.model.HTTPGetAction;
import io.fabric8.kubernetes.api.model.HasMetadata;
import io.fabric8.kubernetes.api.model.IntOrString;
import io.fabric8.kubernetes.api.model.PodSpec;
import io.fabric8.kubernetes.api.model.Probe;
import io.fabric8.kubernetes.api.model.Secret;
import io.fabric8.kubernetes.api.model.Service;
import io.fabric8.kubernetes.api.model.ServicePort;
import io.fabric8.kubernetes.api.model.Volume;
import io.fabric8.kubernetes.api.model.VolumeMount;
import io.fabric8.kubernetes.api.model.apps.Deployment;
import io.fabric8.kubernetes.api.model.autoscaling.v2.HorizontalPodAutoscaler;
import io.fabric8.kubernetes.api.model.batch.v1.Job;
import io.spate.coordinator.deploy.DeployFiles.Image;
import io.spate.coordinator.http.ApiToken;
import io.spate.core.config.FillConfig;
import io.spate.engine.target.Targets;
import io.spate.protocol.message.Topics;
import io.spate.worker.health.HealthServer;
import io.spate.worker.kafka.KafkaSettings;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.lang.reflect.InvocationTargetException;
import java.lang.reflect.Method;
import java.lang.reflect.Modifier;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Base64;
import java.util.Collection;
import java.util.HashSet;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import picocli.CommandLine.ParseResult;

/**
 * deploy/k8s parsed into fabric8's typed Kubernetes objects, then held against the code: each
 * container's arguments through the real parser of its image's jar, probe paths against the
 * worker's health server, ports against its {@code --http-port}, environment names against the
 * Secret, the consumer group and topic against the worker's.
 */
class KubernetesManifestsTest {

  static final Path K8S = DeployFiles.DEPLOY.resolve("k8s");

  /** The kinds the manifests use, with the apiVersion each is written in and its typed class. */
  private static final Map<String, Map.Entry<String, Class<? extends HasMetadata>>> KINDS =
      Map.of(
          "Deployment", Map.entry("apps/v1", Deployment.class),
          "Job", Map.entry("batch/v1", Job.class),
          "HorizontalPodAutoscaler", Map.entry("autoscaling/v2", HorizontalPodAutoscaler.class),
          "Secret", Map.entry("v1", Secret.class),
          "Service", Map.entry("v1", Service.class),
          "ConfigMap", Map.entry("v1", ConfigMap.class));

  static final String WORKER = "spate-worker";
  static final String FILL_JOB = "spate-fill";
  static final String COORDINATOR = "spate-coordinator";
  static final String TARGET_SECRET = "spate-target-" + Targets.DEFAULT;
  static final String TOKEN_SECRET = "spate-api-token";

  @TempDir Path tmp;

  /** The objects {@code kustomization.yaml} lists, parsed. */
  record Manifests(JsonNode kustomization, List<HasMetadata> objects) {

    <T extends HasMetadata> T one(Class<T> type, String name) {
      return objects.stream()
          .filter(type::isInstance)
          .map(type::cast)
          .filter(o -> o.getMetadata().getName().equals(name))
          .findFirst()
          .orElseGet(() -> fail("deploy/k8s has no " + type.getSimpleName() + " " + name));
    }

    /** A container's environment with every value resolved from the Secrets and ConfigMaps here. */
    Map<String, String> env(Container container) {
      Map<String, String> env = new LinkedHashMap<>();
      for (EnvVar e : container.getEnv()) {
        env.put(e.getName(), value(e, container.getName()));
      }
      return env;
    }

    private String value(EnvVar e, String container) {
      if (e.getValueFrom() == null) {
        return e.getValue();
      }
      var secretRef = e.getValueFrom().getSecretKeyRef();
      var configRef = e.getValueFrom().getConfigMapKeyRef();
      String value = null;
      if (secretRef != null) {
        Secret secret = one(Secret.class, secretRef.getName());
        value =
            secret.getStringData() != null ? secret.getStringData().get(secretRef.getKey()) : null;
        if (value == null
            && secret.getData() != null
            && secret.getData().containsKey(secretRef.getKey())) {
          value =
              new String(
                  Base64.getDecoder().decode(secret.getData().get(secretRef.getKey())),
                  StandardCharsets.UTF_8);
        }
      } else if (configRef != null) {
        value = one(ConfigMap.class, configRef.getName()).getData().get(configRef.getKey());
      }
      assertNotNull(
          value,
          container + ": " + e.getName() + " comes from a key that deploy/k8s does not define");
      return value;
    }

    /** The Secret an environment variable is read from, or null if it is not read from one. */
    String secretOf(Container container, String variable) {
      return container.getEnv().stream()
          .filter(e -> e.getName().equals(variable))
          .findFirst()
          .map(
              e ->
                  e.getValueFrom() == null || e.getValueFrom().getSecretKeyRef() == null
                      ? null
                      : e.getValueFrom().getSecretKeyRef().getName())
          .orElse(null);
    }
  }

  static Manifests load() {
    JsonNode kustomization = DeployFiles.yaml(DeployFiles.deploy("k8s/kustomization.yaml"));
    assertEquals("Kustomization", kustomization.path("kind").asText());
    List<HasMetadata> objects = new ArrayList<>();
    for (String resource : DeployFiles.strings(kustomization.path("resources"))) {
      for (JsonNode document : documents(DeployFiles.deploy("k8s/" + resource))) {
        objects.add(typed(document, resource));
      }
    }
    return new Manifests(kustomization, objects);
  }

  static List<JsonNode> documents(Path file) {
    try (var values =
        DeployFiles.YAML.readerFor(JsonNode.class).<JsonNode>readValues(file.toFile())) {
      return values.readAll().stream().filter(n -> !n.isMissingNode() && !n.isNull()).toList();
    } catch (IOException e) {
      throw new UncheckedIOException("reading " + file, e);
    }
  }

  /** A document as its typed object; fails on an unknown kind, apiVersion or field (a typo). */
  static HasMetadata typed(JsonNode document, String file) {
    String kind = document.path("kind").asText();
    var known = KINDS.get(kind);
    assertNotNull(known, file + ": kind " + kind + " is none of " + KINDS.keySet());
    assertEquals(
        known.getKey(), document.path("apiVersion").asText(), file + ": apiVersion of " + kind);
    HasMetadata object;
    try {
      object = DeployFiles.YAML.treeToValue(document, known.getValue());
    } catch (IOException e) {
      throw new UncheckedIOException(file + ": not a valid " + kind, e);
    }
    List<String> unknown = new ArrayList<>();
    unknownFields(object, file + ":" + kind, unknown);
    assertEquals(List.of(), unknown, "fields Kubernetes does not know (typos?)");
    return object;
  }

  /** Collects the fields fabric8 kept aside as additional properties: those no schema declares. */
  static void unknownFields(Object o, String path, List<String> out) {
    if (o instanceof Collection<?> c) {
      int i = 0;
      for (Object item : c) {
        unknownFields(item, path + "[" + i++ + "]", out);
      }
    } else if (o instanceof Map<?, ?> m) {
      m.forEach((k, v) -> unknownFields(v, path + "." + k, out));
    } else if (o != null
        && o.getClass().getPackageName().startsWith("io.fabric8.kubernetes.api.model")) {
      for (Method getter : o.getClass().getMethods()) {
        if (getter.getParameterCount() != 0
            || Modifier.isStatic(getter.getModifiers())
            || !getter.getName().startsWith("get")
            || getter.getDeclaringClass() == Object.class) {
          continue;
        }
        Object value;
        try {
          value = getter.invoke(o);
        } catch (IllegalAccessException | InvocationTargetException e) {
          continue; // a computed property, not a field
        }
        if (getter.getName().equals("getAdditionalProperties")) {
          if (value instanceof Map<?, ?> extra && !extra.isEmpty()) {
            out.add(path + ": " + extra.keySet());
          }
        } else {
          unknownFields(value, path + "." + getter.getName().substring(3), out);
        }
      }
    }
  }

  static Container only(PodSpec pod, String owner) {
    assertEquals(1, pod.getContainers().size(), owner + " should run one container");
    return pod.getContainers().get(0);
  }

  /** A container's arguments with $(VAR) resolved, through its image's real parser. */
  static ParseResult parse(Manifests m, Container container, Image expected) {
    Image image = Image.of(container.getImage());
    assertEquals(expected, image, container.getName() + " runs the wrong image");
    Map<String, String> env = m.env(container);
    List<String> args =
        container.getArgs().stream()
            .map(a -> DeployFiles.expand(a, env, container.getName()))
            .toList();
    assertTrue(
        container.getCommand() == null || container.getCommand().isEmpty(),
        container.getName() + " must keep the image's entry point (entrypoint.sh)");
    return image.parse(args);
  }

  static Container worker(Manifests m) {
    return only(m.one(Deployment.class, WORKER).getSpec().getTemplate().getSpec(), WORKER);
  }

  /** The worker's --http-port, for the Dockerfile's test. */
  static int workerHttpPort() {
    Manifests m = load();
    return DeployFiles.<Integer>option(parse(m, worker(m), Image.WORKER), "--http-port", WORKER);
  }

  /** The coordinator service's --port, for the Dockerfile's test. */
  static int coordinatorPort() {
    Manifests m = load();
    return DeployFiles.<Integer>option(
        parse(m, coordinator(m), Image.COORDINATOR), "--port", COORDINATOR);
  }

  @Test
  void everyResourceParsesIntoTypedObjectsWithNoUnknownField() {
    Manifests m = load();
    Set<String> kinds = Set.copyOf(m.objects().stream().map(HasMetadata::getKind).toList());
    assertEquals(KINDS.keySet(), kinds);
  }

  @Test
  void workerArgumentsAreAcceptedByTheWorkersCommandLine() {
    Manifests m = load();
    Container worker = worker(m);
    ParseResult args = parse(m, worker, Image.WORKER);
    credentialsComeFromTheTargetsSecret(m, worker, args);
  }

  /**
   * --password-env names a variable set from the default target's Secret; --db and --user come from
   * it too.
   */
  static void credentialsComeFromTheTargetsSecret(
      Manifests m, Container container, ParseResult args) {
    String passwordEnv = DeployFiles.option(args, "--password-env", container.getName());
    assertEquals(
        TARGET_SECRET,
        m.secretOf(container, passwordEnv),
        "--password-env " + passwordEnv + " must be set from the default target's Secret");
    for (String fromSecret : List.of("--db", "--user")) {
      String raw = container.getArgs().get(container.getArgs().indexOf(fromSecret) + 1);
      assertTrue(
          raw.matches("\\$\\(\\w+\\)"), fromSecret + " should come from the Secret, got " + raw);
      assertEquals(
          TARGET_SECRET, m.secretOf(container, raw.substring(2, raw.length() - 1)), fromSecret);
    }
    String db = DeployFiles.option(args, "--db", container.getName());
    assertTrue(db.startsWith("jdbc:postgresql://"), "--db " + db);
  }

  @Test
  void probesAskTheWorkersHealthServerOnItsHttpPort() throws Exception {
    Manifests m = load();
    Container worker = worker(m);
    ParseResult args = parse(m, worker, Image.WORKER);
    int httpPort = DeployFiles.<Integer>option(args, "--http-port", WORKER);
    assertEquals(
        "0.0.0.0",
        DeployFiles.option(args, "--http-host", WORKER),
        "the kubelet probes the pod's IP: --http-port must listen beyond loopback");
    List<String> paths = new ArrayList<>();
    for (Probe probe : List.of(worker.getLivenessProbe(), worker.getReadinessProbe())) {
      HTTPGetAction get = probe.getHttpGet();
      assertEquals(
          httpPort,
          containerPort(worker, get.getPort()),
          "probe " + get.getPath() + " asks another port than --http-port");
      paths.add(get.getPath());
    }
    assertEquals(List.of("/health", "/ready"), paths, "liveness asks /health, readiness /ready");
    Map<String, String> annotations =
        m.one(Deployment.class, WORKER).getSpec().getTemplate().getMetadata().getAnnotations();
    assertEquals("true", annotations.get("prometheus.io/scrape"));
    assertEquals(
        String.valueOf(httpPort),
        annotations.get("prometheus.io/port"),
        "Prometheus scrapes another port than --http-port");
    paths.add(annotations.get("prometheus.io/path"));
    // The worker's own health server answers every path the manifest asks (404 for one it lacks).
    try (HealthServer health =
        HealthServer.start(
            "127.0.0.1", 0, () -> true, () -> true, () -> "spate_rows_loaded_total 0\n")) {
      HttpClient http = HttpClient.newHttpClient();
      for (String path : paths) {
        var response =
            http.send(
                HttpRequest.newBuilder(URI.create("http://127.0.0.1:" + health.port() + path))
                    .build(),
                HttpResponse.BodyHandlers.ofString());
        assertEquals(
            200, response.statusCode(), "the worker's health server does not serve " + path);
      }
    }
  }

  static int containerPort(Container container, IntOrString port) {
    if (port.getIntVal() != null) {
      return port.getIntVal();
    }
    return container.getPorts().stream()
        .filter(p -> port.getStrVal().equals(p.getName()))
        .map(ContainerPort::getContainerPort)
        .findFirst()
        .orElseGet(() -> fail(container.getName() + " has no port named " + port.getStrVal()));
  }

  @Test
  void workerHasRequestsLimitsAndOutlivesItsGracePeriodOnTermination() {
    Manifests m = load();
    Deployment deployment = m.one(Deployment.class, WORKER);
    Container worker = worker(m);
    var resources = worker.getResources();
    for (String resource : List.of("cpu", "memory")) {
      assertNotNull(resources.getRequests().get(resource), "no " + resource + " request");
      assertNotNull(resources.getLimits().get(resource), "no " + resource + " limit");
    }
    // The heap is a share of the memory limit (entrypoint.sh): a request below it invites eviction.
    assertEquals(
        resources.getLimits().get("memory"),
        resources.getRequests().get("memory"),
        "memory request and limit");
    int grace =
        DeployFiles.<Integer>option(parse(m, worker, Image.WORKER), "--grace-seconds", WORKER);
    long termination =
        deployment.getSpec().getTemplate().getSpec().getTerminationGracePeriodSeconds();
    assertTrue(
        termination >= grace + 15,
        "terminationGracePeriodSeconds "
            + termination
            + " leaves the worker no time past --grace-seconds "
            + grace
            + " to roll back and close");
    Map<String, String> podLabels = deployment.getSpec().getTemplate().getMetadata().getLabels();
    deployment
        .getSpec()
        .getSelector()
        .getMatchLabels()
        .forEach(
            (k, v) ->
                assertEquals(
                    v, podLabels.get(k), "the selector's " + k + " does not match the pod's"));
  }

  @Test
  void podsRunAsTheImagesNonRootUser() {
    Manifests m = load();
    for (PodSpec pod :
        List.of(
            m.one(Deployment.class, WORKER).getSpec().getTemplate().getSpec(),
            m.one(Deployment.class, COORDINATOR).getSpec().getTemplate().getSpec(),
            m.one(Job.class, FILL_JOB).getSpec().getTemplate().getSpec())) {
      assertTrue(pod.getSecurityContext().getRunAsNonRoot());
      assertEquals(DeployFiles.IMAGE_UID, pod.getSecurityContext().getRunAsUser());
      Container c = only(pod, "pod");
      assertFalse(c.getSecurityContext().getAllowPrivilegeEscalation());
      if (Boolean.TRUE.equals(c.getSecurityContext().getReadOnlyRootFilesystem())) {
        assertTrue(
            c.getVolumeMounts().stream().anyMatch(v -> v.getMountPath().equals("/tmp")),
            c.getName() + ": a read-only root needs a writable /tmp for the JVM");
      }
    }
  }

  @Test
  void autoscalerSteersTheWorkersAndStopsAtThePartitionCount() {
    Manifests m = load();
    HorizontalPodAutoscaler hpa = m.one(HorizontalPodAutoscaler.class, WORKER);
    assertEquals("Deployment", hpa.getSpec().getScaleTargetRef().getKind());
    assertEquals(WORKER, hpa.getSpec().getScaleTargetRef().getName());
    assertTrue(hpa.getSpec().getMinReplicas() >= 1);
    ParseResult args = parse(m, worker(m), Image.WORKER);
    int partitions = args.matchedOptionValue("--task-partitions", Topics.DEFAULT.taskPartitions());
    assertTrue(
        hpa.getSpec().getMaxReplicas() <= partitions,
        "workers beyond the " + partitions + " task partitions would idle");
  }

  static Container coordinator(Manifests m) {
    return only(
        m.one(Deployment.class, COORDINATOR).getSpec().getTemplate().getSpec(), COORDINATOR);
  }

  @Test
  void coordinatorServiceListensWhereItsServiceAndProbesPoint() {
    Manifests m = load();
    Deployment deployment = m.one(Deployment.class, COORDINATOR);
    assertEquals(1, deployment.getSpec().getReplicas(), "one follower per job");
    assertEquals(
        "Recreate",
        deployment.getSpec().getStrategy().getType(),
        "a rollout must not run two coordinators at once");
    Container coordinator = coordinator(m);
    ParseResult args = parse(m, coordinator, Image.COORDINATOR);
    assertEquals("coordinator", args.commandSpec().name());
    int port = DeployFiles.option(args, "--port", COORDINATOR);
    for (Probe probe : List.of(coordinator.getLivenessProbe(), coordinator.getReadinessProbe())) {
      assertEquals(
          "/health", probe.getHttpGet().getPath(), "the service's unauthenticated endpoint");
      assertEquals(
          port,
          containerPort(coordinator, probe.getHttpGet().getPort()),
          "a probe asks another port than --port");
    }
    Service service = m.one(Service.class, COORDINATOR);
    assertEquals(
        deployment.getSpec().getSelector().getMatchLabels(),
        service.getSpec().getSelector(),
        "the Service selects the coordinator's pods");
    ServicePort servicePort = service.getSpec().getPorts().get(0);
    assertEquals(
        port,
        containerPort(coordinator, servicePort.getTargetPort()),
        "the Service forwards to another port than --port");
    Map<String, String> annotations =
        deployment.getSpec().getTemplate().getMetadata().getAnnotations();
    if ("true".equals(annotations.get("prometheus.io/scrape"))) {
      assertEquals(String.valueOf(port), annotations.get("prometheus.io/port"));
      assertTrue(
          args.hasMatchedOption("--metrics-public"),
          "Prometheus sends no token: scraping needs --metrics-public");
    }
  }

  @Test
  void coordinatorServiceHoldsTheCredentialsAndTheApiToken() {
    Manifests m = load();
    Container coordinator = coordinator(m);
    ParseResult args = parse(m, coordinator, Image.COORDINATOR);
    credentialsComeFromTheTargetsSecret(m, coordinator, args);
    assertFalse(args.hasMatchedOption("--no-auth"));
    assertEquals(
        TOKEN_SECRET, m.secretOf(coordinator, ApiToken.ENV), "the API token comes from its Secret");
    // The service plans where the workers load, through the same broker.
    ParseResult workerArgs = parse(m, worker(m), Image.WORKER);
    for (String same : List.of("--bootstrap", "--db", "--user", "--topic-prefix")) {
      assertEquals(
          workerArgs.<String>matchedOptionValue(same, null),
          args.<String>matchedOptionValue(same, null),
          same + " differs between the workers and the coordinator");
    }
  }

  @Test
  void fillJobSubmitsTheConfigMapsFillConfigToTheServiceAndWaits() throws IOException {
    Manifests m = load();
    Job job = m.one(Job.class, FILL_JOB);
    PodSpec pod = job.getSpec().getTemplate().getSpec();
    Container submit = only(pod, FILL_JOB);
    ParseResult args = parse(m, submit, Image.COORDINATOR);
    assertEquals("submit", args.commandSpec().name());
    assertFalse(args.hasMatchedOption("--detach"), "the Job must wait for the fill, not detach");
    assertEquals("Never", pod.getRestartPolicy());
    assertEquals(
        0, job.getSpec().getBackoffLimit(), "a retried submission would start the fill over");
    for (String held : List.of("--db", "--user", "--password-env", "--bootstrap")) {
      assertFalse(
          args.hasMatchedOption(held),
          held + ": the service holds it; submit --coordinator refuses it");
    }
    assertEquals(
        TOKEN_SECRET, m.secretOf(submit, ApiToken.ENV), "the Job sends the service's token");
    URI url = DeployFiles.option(args, "--coordinator", FILL_JOB);
    Service service = m.one(Service.class, url.getHost());
    assertTrue(
        service.getSpec().getPorts().stream().anyMatch(p -> p.getPort() == url.getPort()),
        "Service " + url.getHost() + " has no port " + url.getPort());
    String wait = String.join(" ", pod.getInitContainers().get(0).getCommand());
    assertTrue(
        wait.contains("/dev/tcp/" + url.getHost() + "/" + url.getPort() + ")"),
        "the Job waits for another address than --coordinator: " + wait);

    Path config = DeployFiles.option(args, "--config", FILL_JOB);
    VolumeMount mount =
        submit.getVolumeMounts().stream()
            .filter(v -> config.startsWith(v.getMountPath()))
            .findFirst()
            .orElseGet(() -> fail("--config " + config + " is on no volume"));
    Volume volume =
        pod.getVolumes().stream()
            .filter(v -> v.getName().equals(mount.getName()))
            .findFirst()
            .orElseThrow();
    assertNotNull(volume.getConfigMap(), "--config should come from the fill ConfigMap");
    ConfigMap fill = m.one(ConfigMap.class, volume.getConfigMap().getName());
    String yaml = fill.getData().get(Path.of(mount.getMountPath()).relativize(config).toString());
    assertNotNull(
        yaml, "ConfigMap " + fill.getMetadata().getName() + " has no " + config.getFileName());
    Path file = Files.writeString(tmp.resolve("fill.yaml"), yaml);
    FillConfig parsed = FillConfig.load(file);
    assertFalse(parsed.tables().isEmpty(), "the fill config sizes no table");
    for (String table : args.<Map<String, Long>>matchedOptionValue("--rows", Map.of()).keySet()) {
      assertTrue(
          parsed.tables().containsKey(table),
          "--rows " + table + " names a table the fill config does not have");
    }
  }

  @Test
  void imagesAreTheDockerfilesAndTheKustomizationTagsEveryOne() {
    Manifests m = load();
    Set<String> tagged = new HashSet<>();
    m.kustomization().path("images").forEach(image -> tagged.add(image.path("name").asText()));
    PodSpec job = m.one(Job.class, FILL_JOB).getSpec().getTemplate().getSpec();
    Set<String> used = new HashSet<>();
    for (Container c :
        List.of(worker(m), coordinator(m), only(job, FILL_JOB), job.getInitContainers().get(0))) {
      used.add(Image.of(c.getImage()).imageName());
    }
    assertEquals(
        used,
        tagged,
        "kustomization.yaml images: should retag exactly the images the manifests run");
  }

  @Test
  void kedaScaledObjectWatchesTheWorkersConsumerGroupOnTheTasksTopic() {
    Manifests m = load();
    assertFalse(
        DeployFiles.strings(m.kustomization().path("resources"))
            .contains("optional/keda-scaledobject.yaml"),
        "the KEDA ScaledObject replaces the HPA; the kustomization lists the HPA");
    List<JsonNode> documents = documents(DeployFiles.deploy("k8s/optional/keda-scaledobject.yaml"));
    assertEquals(1, documents.size());
    GenericKubernetesResource scaled =
        DeployFiles.YAML.convertValue(documents.get(0), GenericKubernetesResource.class);
    assertEquals("keda.sh/v1alpha1", scaled.getApiVersion());
    assertEquals("ScaledObject", scaled.getKind());
    JsonNode spec = DeployFiles.YAML.valueToTree(scaled.getAdditionalProperties().get("spec"));
    assertEquals(WORKER, spec.path("scaleTargetRef").path("name").asText());
    ParseResult args = parse(m, worker(m), Image.WORKER);
    String bootstrap = DeployFiles.option(args, "--bootstrap", WORKER);
    String prefix = args.matchedOptionValue("--topic-prefix", "");
    KafkaSettings kafka = KafkaSettings.of(bootstrap, null, Topics.DEFAULT.prefixed(prefix));
    JsonNode trigger = spec.path("triggers").get(0);
    assertEquals("kafka", trigger.path("type").asText());
    assertEquals(
        kafka.workerGroup(),
        trigger.path("metadata").path("consumerGroup").asText(),
        "the workers' consumer group");
    assertEquals(
        kafka.topics().tasks(), trigger.path("metadata").path("topic").asText(), "the tasks topic");
    assertEquals(bootstrap, trigger.path("metadata").path("bootstrapServers").asText());
    assertTrue(spec.path("maxReplicaCount").asInt() <= Topics.DEFAULT.taskPartitions());
  }
}
