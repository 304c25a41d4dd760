package io.spate.coordinator.deploy;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNotEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.spate.worker.cli.WorkerMain;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.concurrent.TimeUnit;
import java.util.jar.JarFile;
import java.util.zip.ZipEntry;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * deploy/entrypoint.sh, run as the images run it but outside a container: with the JDK running this
 * test and the real worker-only jar (packaged before the integration tests run), and what that jar
 * carries.
 */
class EntrypointScriptIT {

  static final Path WORKER_JAR = DeployFiles.ROOT.resolve("worker/target/spate-worker.jar");

  @TempDir Path logs;

  record Run(long pid, int exit, String out, String err) {}

  private Run run(Map<String, String> env, String... args)
      throws IOException, InterruptedException {
    assertTrue(
        Files.isRegularFile(WORKER_JAR),
        WORKER_JAR
            + " is missing: build with the reactor (./mvnw verify -pl coordinator -am), which packages the worker first");
    List<String> command = new ArrayList<>();
    command.add(
        DeployFiles.deploy("entrypoint.sh").toString()); // as the image runs it: by its #! line
    command.addAll(List.of(args));
    ProcessBuilder builder = new ProcessBuilder(command);
    builder.environment().clear();
    builder.environment().put("PATH", "/usr/bin:/bin");
    builder
        .environment()
        .put("JAVA", Path.of(System.getProperty("java.home"), "bin", "java").toString());
    builder.environment().put("SPATE_JAR", WORKER_JAR.toString());
    builder.environment().putAll(env);
    Path err =
        Files.createTempFile(logs, "stderr", ".txt"); // a file: a full pipe would block the JVM
    builder.redirectError(err.toFile());
    Process process = builder.start();
    process.getOutputStream().close();
    String out = new String(process.getInputStream().readAllBytes(), StandardCharsets.UTF_8);
    assertTrue(process.waitFor(60, TimeUnit.SECONDS), "entrypoint.sh did not end");
    return new Run(process.pid(), process.exitValue(), out, Files.readString(err));
  }

  @Test
  void execsTheJvmInItsOwnProcessSoSignalsReachIt() throws Exception {
    // The JVM names its GC log after its pid: the script's pid if it exec'd, another if it forked.
    Run run = run(Map.of("JAVA_OPTS", "-Xlog:gc*:file=" + logs + "/gc-%p.log"), "--help");
    assertEquals(0, run.exit(), run.err());
    Path log = logs.resolve("gc-" + run.pid() + ".log");
    assertTrue(
        Files.isRegularFile(log),
        "no JVM ran as the script's process " + run.pid() + ": " + List.of(logs.toFile().list()));
    assertTrue(Files.readString(log).contains("Using Parallel"), "the JVM did not run ParallelGC");
    assertTrue(run.out().contains("Usage: worker"), run.out());
  }

  @Test
  void sizesTheHeapFromTheContainersMemoryAndExitsOnOutOfMemory() throws Exception {
    Run run = run(Map.of("JAVA_OPTS", "-XX:+PrintFlagsFinal"), "--help");
    assertEquals(0, run.exit(), run.err());
    assertTrue(
        run.out().matches("(?s).*\\bMaxRAMPercentage\\s+= 75\\.0.*"), "MaxRAMPercentage is not 75");
    assertTrue(
        run.out().matches("(?s).*\\bExitOnOutOfMemoryError\\s+= true.*"),
        "ExitOnOutOfMemoryError is not set");
    assertTrue(run.out().matches("(?s).*\\bUseParallelGC\\s+= true.*"), "ParallelGC is not used");
  }

  @Test
  void takesTheHeapShareFromTheEnvironmentAndLetsJavaOptsWin() throws Exception {
    Run share =
        run(Map.of("SPATE_RAM_PERCENTAGE", "50", "JAVA_OPTS", "-XX:+PrintFlagsFinal"), "--help");
    assertTrue(
        share.out().matches("(?s).*\\bMaxRAMPercentage\\s+= 50\\.0.*"),
        "SPATE_RAM_PERCENTAGE=50 was not applied");
    Run override =
        run(Map.of("JAVA_OPTS", "-XX:+PrintFlagsFinal -XX:MaxRAMPercentage=40"), "--help");
    assertTrue(
        override.out().matches("(?s).*\\bMaxRAMPercentage\\s+= 40\\.0.*"),
        "JAVA_OPTS did not override the default");
  }

  @Test
  void passesEveryArgumentUnchangedToTheCommandLine() throws Exception {
    // An argument with a space must arrive as one: the worker's parser names it in its refusal.
    Run run =
        run(
            Map.of(),
            "--bootstrap",
            "kafka:9092",
            "--db",
            "jdbc:postgresql://db:5432/x",
            "--no-such-option",
            "two words");
    assertNotEquals(0, run.exit());
    assertTrue(run.err().contains("'--no-such-option', 'two words'"), run.err());
  }

  @Test
  void refusesAMissingJarByName() throws Exception {
    Run run = run(Map.of("SPATE_JAR", logs.resolve("none.jar").toString()), "--help");
    assertEquals(1, run.exit());
    assertTrue(
        run.err().startsWith("spate: error: no jar at SPATE_JAR=" + logs.resolve("none.jar")),
        run.err());
  }

  @Test
  void workerJarCarriesTheWorkerModuleAndNoCoordinatorBrokerOrEmbeddedDatabase()
      throws IOException {
    try (JarFile jar = new JarFile(EntrypointScriptIT.WORKER_JAR.toFile())) {
      assertEquals(
          WorkerMain.class.getName(), jar.getManifest().getMainAttributes().getValue("Main-Class"));
      List<String> names = jar.stream().map(ZipEntry::getName).toList();
      for (String needed :
          List.of(
              "io/spate/worker/cli/WorkerMain.class",
              "io/spate/protocol/",
              "org/postgresql/Driver.class",
              "org/apache/kafka/clients/consumer/KafkaConsumer.class",
              "simplelogger.properties")) {
        assertTrue(
            names.stream().anyMatch(n -> n.startsWith(needed)), "the worker jar lacks " + needed);
      }
      for (String banned :
          List.of(
              "io/spate/coordinator/",
              "io/spate/core/",
              "kafka/server/",
              "org/apache/kafka/controller/",
              "net/datafaker/",
              "io/zonky/",
              "scala/")) {
        assertFalse(
            names.stream().anyMatch(n -> n.startsWith(banned)), "the worker jar carries " + banned);
      }
    }
  }
}
