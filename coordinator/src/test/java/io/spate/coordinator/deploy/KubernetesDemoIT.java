package io.spate.coordinator.deploy;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.fabric8.kubernetes.api.model.ConfigMap;
import io.fabric8.kubernetes.api.model.Container;
import io.fabric8.kubernetes.api.model.PodSpec;
import io.fabric8.kubernetes.api.model.Secret;
import io.fabric8.kubernetes.api.model.batch.v1.Job;
import io.spate.coordinator.deploy.ImageProcesses.Jar;
import io.spate.coordinator.deploy.KubernetesManifestsTest.Manifests;
import io.spate.coordinator.testing.TestBroker;
import io.spate.worker.testing.TestDatabase;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * deploy/k8s, without a cluster: the coordinator Deployment's, two worker pods' and the fill Job's
 * containers run as processes, each with the arguments and environment the manifests give it
 * (Secrets and ConfigMaps resolved, {@code $(VAR)} expanded), through entrypoint.sh and the jar of
 * its image, against a real broker and a database with the demo schema the fill ConfigMap is for.
 * Only the Secret's and ConfigMap's addresses are swapped for this machine's, and the processes use
 * topics of their own prefix.
 */
class KubernetesDemoIT {

  @TempDir Path tmp;

  @Test
  void manifestsCommandsFillTheConfigMapsFillThroughTheCoordinatorService() throws Exception {
    Manifests m = KubernetesManifestsTest.load();
    String prefix = TestBroker.uniqueTopicPrefix();
    try (TestDatabase db = TestDatabase.create();
        ImageProcesses processes = new ImageProcesses()) {
      db.executeFile(DeployFiles.ROOT.resolve("examples/schemas/tpcc.sql"));
      Map<String, String> target =
          m.one(Secret.class, KubernetesManifestsTest.TARGET_SECRET).getStringData();
      Map<String, String> cluster = new HashMap<>(); // the manifests' addresses -> this machine's
      cluster.put(target.get("url"), db.jdbcUrl());
      cluster.put(target.get("user"), db.user());
      if (db.password() != null) {
        cluster.put(target.get("password"), db.password());
      }
      cluster.put(
          m.one(ConfigMap.class, "spate-settings").getData().get("kafka-bootstrap"),
          TestBroker.shared().bootstrapServers());
      int servicePort = ImageProcesses.freePort();
      Map<String, String> options = new HashMap<>();
      options.put("--port", Integer.toString(servicePort));
      options.put("--coordinator", "http://127.0.0.1:" + servicePort);
      Path fill =
          Files.writeString(
              tmp.resolve("fill.yaml"),
              m.one(ConfigMap.class, "spate-fill-config").getData().get("fill.yaml"));
      options.put("--config", fill.toString());

      Path log = Files.createTempFile("k8s-coordinator", ".log");
      Container coordinator = KubernetesManifestsTest.coordinator(m);
      processes.start(
          Jar.COORDINATOR,
          args(m, coordinator, cluster, options, "--topic-prefix", prefix, "--bind", "127.0.0.1"),
          env(m, coordinator, cluster),
          log);
      options.put("--http-host", "127.0.0.1"); // this machine's loopback, as the service's --bind
      for (int i = 0; i < 2; i++) {
        Container worker = KubernetesManifestsTest.worker(m);
        int httpPort = ImageProcesses.freePort();
        options.put("--http-port", Integer.toString(httpPort));
        Path workerLog = Files.createTempFile("k8s-worker", ".log");
        processes.start(
            Jar.WORKER,
            args(m, worker, cluster, options, "--topic-prefix", prefix),
            env(m, worker, cluster),
            workerLog);
        ImageProcesses.awaitOk(
            URI.create("http://127.0.0.1:" + httpPort + "/health"),
            workerLog); // the liveness probe's path
      }

      PodSpec pod =
          m.one(Job.class, KubernetesManifestsTest.FILL_JOB).getSpec().getTemplate().getSpec();
      // The init container's wait, pointed at this machine: it ends once the service listens.
      String wait =
          pod.getInitContainers()
              .get(0)
              .getCommand()
              .get(2)
              .replace("spate-coordinator/8080", "127.0.0.1/" + servicePort);
      Process waiting = new ProcessBuilder("bash", "-c", wait).redirectErrorStream(true).start();
      assertTrue(
          waiting.waitFor(90, TimeUnit.SECONDS),
          "the init container's wait never ended:\n" + Files.readString(log));
      assertEquals(0, waiting.exitValue());

      // --metrics-public: Prometheus scrapes without the token; the API still wants it.
      HttpClient http = HttpClient.newHttpClient();
      ImageProcesses.awaitOk(URI.create("http://127.0.0.1:" + servicePort + "/health"), log);
      assertEquals(
          200,
          http.send(
                  HttpRequest.newBuilder(URI.create("http://127.0.0.1:" + servicePort + "/metrics"))
                      .build(),
                  HttpResponse.BodyHandlers.discarding())
              .statusCode());
      assertEquals(
          401,
          http.send(
                  HttpRequest.newBuilder(URI.create("http://127.0.0.1:" + servicePort + "/jobs"))
                      .build(),
                  HttpResponse.BodyHandlers.discarding())
              .statusCode());

      Container submit = pod.getContainers().get(0);
      Path jobLog = Files.createTempFile("k8s-fill-job", ".log");
      Process job =
          processes.start(
              Jar.COORDINATOR, args(m, submit, cluster, options), env(m, submit, cluster), jobLog);
      assertTrue(
          job.waitFor(5, TimeUnit.MINUTES),
          "the fill Job did not end:\n" + Files.readString(jobLog));
      String output = Files.readString(jobLog);
      assertEquals(0, job.exitValue(), output + "\ncoordinator:\n" + Files.readString(log));
      ComposeDemoIT.assertFilled(db, output);
    }
  }

  /** The container's environment as the kubelet sets it, with the cluster's addresses swapped. */
  private static Map<String, String> env(
      Manifests m, Container container, Map<String, String> cluster) {
    Map<String, String> env = new LinkedHashMap<>();
    m.env(container).forEach((name, value) -> env.put(name, cluster.getOrDefault(value, value)));
    return env;
  }

  /**
   * The container's arguments, $(VAR) expanded from that environment, option values replaced,
   * extras added.
   */
  private static List<String> args(
      Manifests m,
      Container container,
      Map<String, String> cluster,
      Map<String, String> options,
      String... extra) {
    Map<String, String> env = env(m, container, cluster);
    List<String> manifest = container.getArgs();
    List<String> args = new ArrayList<>();
    for (int i = 0; i < manifest.size(); i++) {
      String arg = DeployFiles.expand(manifest.get(i), env, container.getName());
      args.add(
          i > 0 && options.containsKey(manifest.get(i - 1))
              ? options.get(manifest.get(i - 1))
              : arg);
    }
    args.addAll(List.of(extra));
    return args;
  }
}
