package io.spate.coordinator;

import static com.tngtech.archunit.base.DescribedPredicate.not;
import static com.tngtech.archunit.core.domain.JavaClass.Predicates.resideInAnyPackage;
import static com.tngtech.archunit.core.domain.JavaClass.Predicates.resideOutsideOfPackage;
import static com.tngtech.archunit.lang.syntax.ArchRuleDefinition.classes;
import static com.tngtech.archunit.lang.syntax.ArchRuleDefinition.noClasses;
import static com.tngtech.archunit.library.dependencies.SlicesRuleDefinition.slices;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.tngtech.archunit.base.DescribedPredicate;
import com.tngtech.archunit.core.domain.JavaClass;
import com.tngtech.archunit.core.domain.JavaClasses;
import com.tngtech.archunit.core.importer.ClassFileImporter;
import com.tngtech.archunit.core.importer.ImportOption;
import com.tngtech.archunit.core.importer.Location;
import io.spate.coordinator.cli.SpateCli;
import io.spate.core.plan.Planner;
import io.spate.engine.encode.CopyBinaryWriter;
import io.spate.engine.generate.Engine;
import io.spate.protocol.plan.FillPlan;
import io.spate.protocol.seed.Seeds;
import io.spate.worker.cli.WorkerMain;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;

/**
 * The module boundaries of ARCHITECTURE.md, checked on the main classes of every module: the
 * coordinator's test classpath holds the protocol, engine, worker and core classes too. Each
 * module's packages are named for it ({@code io.spate.<module>.<package>}), so a module is a
 * package prefix and each module has one layer rule below stating which modules it may use.
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
          Seeds.class,
          FillPlan.class,
          Engine.class,
          CopyBinaryWriter.class,
          io.spate.db.postgres.PostgresDialect.class,
          io.spate.db.mariadb.MariaDbSteps.class,
          io.spate.db.sqlite.SqliteSteps.class,
          io.spate.db.h2.H2Steps.class,
          WorkerMain.class,
          Planner.class,
          SpateCli.class
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
    // The engine's sink writes through JDBC by design: a rule forbidding it must fail.
    assertThrows(
        AssertionError.class,
        () ->
            noClasses()
                .that()
                .resideInAPackage("io.spate.engine..")
                .should()
                .dependOnClassesThat()
                .resideInAPackage("java.sql..")
                .check(classes));
  }

  // ---- one layer rule per module: the Spate modules it may use ---------------------------------

  /** The classes of {@code module} use no Spate module but itself and {@code mayUse}. */
  private static void moduleUsesOnly(String module, List<String> mayUse, String because) {
    List<String> allowed = new ArrayList<>();
    allowed.add("io.spate." + module + "..");
    mayUse.forEach(m -> allowed.add("io.spate." + m + ".."));
    classes()
        .that()
        .resideInAPackage("io.spate." + module + "..")
        .should()
        .onlyDependOnClassesThat(
            resideOutsideOfPackage("io.spate..")
                .or(resideInAnyPackage(allowed.toArray(String[]::new))))
        .because(because)
        .check(classes);
  }

  @Test
  void protocolUsesNoOtherModule() {
    moduleUsesOnly(
        "protocol",
        List.of(),
        "the protocol is the contract every process shares; dependencies point one way, towards it");
  }

  @Test
  void engineUsesOnlyTheProtocol() {
    moduleUsesOnly(
        "engine",
        List.of("protocol"),
        "the engine turns one task into rows for a worker and for local mode alike; it knows neither the Kafka loop nor the planner");
  }

  @Test
  void workerUsesOnlyTheEngineAndTheProtocol() {
    moduleUsesOnly(
        "worker",
        List.of("engine", "protocol"),
        "a worker image carries no core or coordinator code: dependencies point one way, coordinator -> worker -> engine -> protocol");
  }

  @Test
  void coreUsesOnlyTheEngineAndTheProtocol() {
    moduleUsesOnly(
        "core",
        List.of("engine", "protocol"),
        "the library (planning, the job fold, local mode) runs without the Kafka worker or the CLI: dependencies point one way, core -> engine -> protocol");
  }

  @Test
  void aDatabaseModuleUsesOnlyTheCoreTheEngineAndTheProtocol() {
    moduleUsesOnly(
        "db",
        List.of("core", "engine", "protocol"),
        "a database plugs into the target seam (engine.target for the worker's side, core.target for the coordinator's) and nothing uses it by name: it is found by its URL");
  }

  @Test
  void coordinatorUsesTheCoreTheWorkerTheEngineAndTheProtocol() {
    moduleUsesOnly(
        "coordinator",
        List.of("core", "worker", "engine", "protocol"),
        "the coordinator is the top of the graph: nothing below it may use it");
  }

  // ---- finer rules within and between modules -------------------------------------------------

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
  void coreAndCoordinatorUseTheWorkerAndTheEngineOnlyThroughTheirDeclaredSurfaces() {
    noClasses()
        .that()
        .resideInAnyPackage("io.spate.core..", "io.spate.coordinator..")
        .should()
        .dependOnClassesThat(
            resideInAnyPackage("io.spate.worker..", "io.spate.engine..")
                .and(not(embeddedWorkerFor(".demo")))
                .and(not(candidateLoad()))
                .and(
                    not(
                        resideInAnyPackage(
                            "io.spate.worker.kafka",
                            "io.spate.worker.target",
                            "io.spate.engine.target",
                            "io.spate.engine.run",
                            "io.spate.engine.generate",
                            "io.spate.engine.encode",
                            "io.spate.worker.cli",
                            "io.spate.worker.settings",
                            "io.spate.engine.settings"))))
        .because(
            "the worker's consume loop, metrics and health server are its own internals, and each database's load and ledger the engine's; the coordinator shares only the Kafka settings, the targets, the exactly-once task run, the engine and its COPY encoding and LOAD DATA streaming (the planner has the server judge candidate rows), the worker command it registers, its graceful stop and the settings' declarations")
        .check(classes);
  }

  /**
   * MariaDB's judging of candidate rows for unread CHECKs loads them as a fill does, with the
   * engine's {@code LOAD DATA} streaming.
   */
  private static DescribedPredicate<JavaClass> candidateLoad() {
    return DescribedPredicate.describe(
        "the LOAD DATA streaming MariaDB's candidate rows go in with",
        c ->
            c.getName().equals("io.spate.db.mariadb.LoadData")
                || c.getName().equals("io.spate.db.mariadb.RowSource"));
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
        .resideInAnyPackage("io.spate.core..", "io.spate.coordinator..")
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
            "io.spate.engine.run",
            "io.spate.engine.target",
            "io.spate.worker.target",
            "io.spate.worker.kafka")
        .should()
        .dependOnClassesThat()
        .resideInAnyPackage(
            "io.spate.worker.consume", "io.spate.worker.cli", "io.spate.worker.health")
        .because(
            "local mode runs tasks through the same exactly-once path without any consume loop")
        .check(classes);
  }

  @Test
  void nothingButADatabasesModuleNamesIt() {
    noClasses()
        .that()
        .resideInAnyPackage(
            "io.spate.engine..",
            "io.spate.worker..",
            "io.spate.core..",
            "io.spate.coordinator..",
            "io.spate.api..")
        .should()
        .dependOnClassesThat()
        .resideInAnyPackage("io.spate.db..")
        .because(
            "a target is one seam (TargetKind, TargetDialect, TargetSteps), its databases found by their URLs through ServiceLoader: no code outside a database's module names one")
        .check(classes);
  }

  // ---- cycles ---------------------------------------------------------------------------------

  @Test
  void modulesAreFreeOfCycles() {
    slices()
        .matching("io.spate.(*)..")
        .should()
        .beFreeOfCycles()
        .because("a module is built before the modules that use it")
        .check(classes);
  }

  /** Every package is a slice of its own, a database's module one package. */
  @Test
  void packagesAreFreeOfCycles() {
    slices()
        .matching("io.spate.(*).(*)..")
        .should()
        .beFreeOfCycles()
        .because(
            "a package is a feature a reader can take in alone: the seam a database plugs into (engine.target, core.target) names no database, and each database's module builds on it")
        .check(classes);
  }
}
