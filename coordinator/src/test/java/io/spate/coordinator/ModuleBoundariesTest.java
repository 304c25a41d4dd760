package io.spate.coordinator;

import static com.tngtech.archunit.base.DescribedPredicate.not;
import static com.tngtech.archunit.core.domain.JavaClass.Predicates.resideInAPackage;
import static com.tngtech.archunit.core.domain.JavaClass.Predicates.resideInAnyPackage;
import static com.tngtech.archunit.lang.syntax.ArchRuleDefinition.noClasses;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.tngtech.archunit.base.DescribedPredicate;
import com.tngtech.archunit.core.domain.JavaClass;
import com.tngtech.archunit.core.domain.JavaClasses;
import com.tngtech.archunit.core.importer.ClassFileImporter;
import com.tngtech.archunit.core.importer.ImportOption;
import com.tngtech.archunit.core.importer.Location;
import io.spate.core.plan.Planner;
import io.spate.engine.encode.CopyBinaryWriter;
import io.spate.engine.generate.Engine;
import io.spate.protocol.plan.FillPlan;
import io.spate.protocol.seed.Seeds;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;

/**
 * The module boundaries of ARCHITECTURE.md, checked on the main classes of every module: the
 * coordinator's test classpath holds the protocol and worker classes too.
 */
class ModuleBoundariesTest {

  /** The worker's test-jar (its PostgreSQL fixtures) is on this classpath; it is not main code. */
  private static final ImportOption NO_TEST_JARS =
      (Location location) -> !location.contains("-tests.jar");

  private static JavaClasses classes;

  @BeforeAll
  static void importMainClasses() {
    classes =
        new ClassFileImporter()
            .withImportOption(ImportOption.Predefined.DO_NOT_INCLUDE_TESTS)
            .withImportOption(NO_TEST_JARS)
            .importPackages("io.spate");
  }

  @Test
  void importsTheMainClassesOfEveryModuleAndNoTests() {
    for (Class<?> main :
        new Class<?>[] {
          Seeds.class, FillPlan.class, Engine.class, CopyBinaryWriter.class, Planner.class
        }) {
      assertTrue(classes.contain(main), main.getName() + " was not imported");
    }
    assertFalse(classes.contain(ModuleBoundariesTest.class), "test classes were imported");
    assertFalse(
        classes.contain("io.spate.worker.testing.TestDatabase"),
        "the worker's test fixtures were imported");
  }

  @Test
  void theImportSeesDependenciesSoTheRulesBelowCanFail() {
    // The worker's sink writes through JDBC by design: a rule forbidding it must fail.
    assertThrows(
        AssertionError.class,
        () ->
            noClasses()
                .that()
                .resideInAPackage("io.spate.worker..")
                .should()
                .dependOnClassesThat()
                .resideInAPackage("java.sql..")
                .check(classes));
  }

  @Test
  void protocolUsesNoDatabaseKafkaOrPool() {
    noClasses()
        .that()
        .resideInAPackage("io.spate.protocol..")
        .should()
        .dependOnClassesThat()
        .resideInAnyPackage("java.sql..", "org.postgresql..", "org.apache.kafka..", "com.zaxxer..")
        .because(
            "the protocol is the pure contract every process shares: it does no I/O, so a message or a plan means the same on any host")
        .check(classes);
  }

  @Test
  void protocolDependsOnNoOtherModule() {
    noClasses()
        .that()
        .resideInAPackage("io.spate.protocol..")
        .should()
        .dependOnClassesThat()
        .resideInAnyPackage("io.spate.worker..", "io.spate.coordinator..")
        .because("dependencies point one way, coordinator -> worker -> protocol")
        .check(classes);
  }

  @Test
  void workerNeverUsesTheCoordinator() {
    noClasses()
        .that()
        .resideInAPackage("io.spate.worker..")
        .should()
        .dependOnClassesThat()
        .resideInAPackage("io.spate.coordinator..")
        .because(
            "a worker image carries no coordinator code: dependencies point one way, coordinator -> worker -> protocol")
        .check(classes);
  }

  @Test
  void coordinatorUsesTheWorkerOnlyThroughItsDeclaredSurfaces() {
    noClasses()
        .that()
        .resideInAPackage("io.spate.coordinator..")
        .should()
        .dependOnClassesThat(
            resideInAPackage("io.spate.worker..")
                .and(not(embeddedWorkerFor(".demo")))
                .and(not(candidateLoad()))
                .and(
                    not(
                        resideInAnyPackage(
                            "io.spate.worker.kafka",
                            "io.spate.worker.target",
                            "io.spate.engine.run",
                            "io.spate.engine.generate",
                            "io.spate.engine.encode",
                            "io.spate.worker.cli",
                            "io.spate.worker.settings"))))
        .because(
            "the worker's consume loop, metrics and health server are its own internals; the coordinator shares only the Kafka settings, the targets, the exactly-once task run, the engine and its COPY encoding and LOAD DATA streaming (the planner has the server judge candidate rows), the worker command it registers, its graceful stop and the settings' declarations")
        .check(classes);
  }

  /**
   * MariaDB's judging of candidate rows for unread CHECKs loads them as a fill does, with the
   * worker's {@code LOAD DATA} streaming.
   */
  private static DescribedPredicate<JavaClass> candidateLoad() {
    return DescribedPredicate.describe(
        "the LOAD DATA streaming MariaDB's candidate rows go in with",
        c ->
            c.getName().equals("io.spate.engine.mariadb.LoadData")
                || c.getName().equals("io.spate.engine.mariadb.RowSource"));
  }

  /**
   * {@code spate demo} runs whole workers on threads of its own, so it alone may start their
   * consume loop.
   */
  private static DescribedPredicate<JavaClass> embeddedWorkerFor(String subPackage) {
    return DescribedPredicate.describe(
        "the worker loop the coordinator's " + subPackage + " package embeds",
        c -> c.getName().equals("io.spate.worker.consume.WorkerLoop"));
  }

  @Test
  void onlyTheDemoEmbedsAWorkerLoop() {
    noClasses()
        .that()
        .resideInAPackage("io.spate.coordinator..")
        .and()
        .resideOutsideOfPackage("io.spate.coordinator.demo")
        .should()
        .dependOnClassesThat()
        .resideInAPackage("io.spate.worker.consume")
        .because("only the demo runs workers inside the coordinator's JVM")
        .check(classes);
  }

  @Test
  void theExactlyOnceRunDoesNotReachIntoTheConsumeLoop() {
    noClasses()
        .that()
        .resideInAnyPackage(
            "io.spate.engine.run", "io.spate.worker.target", "io.spate.worker.kafka")
        .should()
        .dependOnClassesThat()
        .resideInAnyPackage(
            "io.spate.worker.consume", "io.spate.worker.cli", "io.spate.worker.health")
        .because(
            "local mode runs tasks through the same exactly-once path without any consume loop")
        .check(classes);
  }

  @Test
  void thePipelineDoesNotKnowWhichDatabaseItFills() {
    noClasses()
        .that()
        .resideInAnyPackage(
            "io.spate.engine.generate",
            "io.spate.engine.run",
            "io.spate.worker.kafka",
            "io.spate.core.plan",
            "io.spate.core.job")
        .should()
        .dependOnClassesThat()
        .resideInAnyPackage(
            "org.postgresql..", "io.spate.engine.postgres..", "io.spate.core.postgres..")
        .because(
            "a target is one seam (TargetKind, TargetDialect, TargetSteps): the engine, the exactly-once run, the planner, the job fold and the Kafka path serve every database alike")
        .check(classes);
  }
}
