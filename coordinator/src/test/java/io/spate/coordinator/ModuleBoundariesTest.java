package io.spate.coordinator;

import static com.tngtech.archunit.base.DescribedPredicate.not;
import static com.tngtech.archunit.core.domain.JavaClass.Predicates.resideInAnyPackage;
import static com.tngtech.archunit.core.domain.JavaClass.Predicates.resideOutsideOfPackage;
import static com.tngtech.archunit.lang.syntax.ArchRuleDefinition.classes;
import static com.tngtech.archunit.lang.syntax.ArchRuleDefinition.noClasses;
import static com.tngtech.archunit.library.dependencies.SlicesRuleDefinition.slices;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.tngtech.archunit.base.DescribedPredicate;
import com.tngtech.archunit.core.domain.Dependency;
import com.tngtech.archunit.core.domain.JavaClass;
import com.tngtech.archunit.core.domain.JavaClasses;
import com.tngtech.archunit.core.importer.ClassFileImporter;
import com.tngtech.archunit.core.importer.ImportOption;
import com.tngtech.archunit.core.importer.Location;
import com.tngtech.archunit.library.dependencies.SliceAssignment;
import com.tngtech.archunit.library.dependencies.SliceIdentifier;
import io.spate.coordinator.cli.SpateCli;
import io.spate.core.plan.Planner;
import io.spate.engine.encode.CopyBinaryWriter;
import io.spate.engine.generate.Engine;
import io.spate.protocol.plan.FillPlan;
import io.spate.protocol.seed.Seeds;
import io.spate.worker.cli.WorkerMain;
import java.util.ArrayDeque;
import java.util.ArrayList;
import java.util.Deque;
import java.util.HashMap;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.TreeMap;
import java.util.TreeSet;
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

  /**
   * The package cycles that exist today, each as the packages of one strongly connected set
   * (module.package). They are to be broken by the "targets as plugins" issue (29), which moves
   * each database into a module of its own; until then they are frozen here: a new cycle, or a
   * package joining one of these, fails {@link #packagesAreFreeOfCyclesBeyondTheKnownOnes}, and
   * breaking one fails {@link #theKnownPackageCyclesAreExactlyTheseSoTheListOnlyShrinks} until it
   * is removed from this list.
   */
  private static final List<Set<String>> KNOWN_PACKAGE_CYCLES =
      List.of(
          // e.g. target.TargetKind names postgres.PostgresDialect and mariadb.MariaDbDialect, which
          // build run's ledgers and loads; run.TaskExecution works through target's dialect.
          Set.of("engine.mariadb", "engine.postgres", "engine.run", "engine.target"),
          // e.g. introspect.ServerChecks extends target.TableCheckServer, TargetSteps returns
          // plan.CheckServer.
          Set.of(
              "core.introspect",
              "core.mariadb",
              "core.plan",
              "core.postgres",
              "core.profile",
              "core.target"));

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
    // And the engine has package cycles: the cycle rule, without its known list, must fail.
    assertThrows(
        AssertionError.class,
        () -> slices().matching("io.spate.(*).(*)..").should().beFreeOfCycles().check(classes));
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

  /**
   * Every package is its own slice, except that the packages of each known cycle form one slice
   * together: a cycle through any other package, or one joining a known cycle to another package,
   * fails.
   */
  @Test
  void packagesAreFreeOfCyclesBeyondTheKnownOnes() {
    slices()
        .assignedFrom(
            new SliceAssignment() {
              @Override
              public SliceIdentifier getIdentifierOf(JavaClass javaClass) {
                String pkg = modulePackage(javaClass);
                if (pkg == null) {
                  return SliceIdentifier.ignore();
                }
                for (Set<String> cycle : KNOWN_PACKAGE_CYCLES) {
                  if (cycle.contains(pkg)) {
                    return SliceIdentifier.of("known cycle " + new TreeSet<>(cycle));
                  }
                }
                return SliceIdentifier.of(pkg);
              }

              @Override
              public String getDescription() {
                return "Spate's packages, each known package cycle taken as one";
              }
            })
        .should()
        .beFreeOfCycles()
        .because(
            "a package is a feature a reader can take in alone; the cycles of KNOWN_PACKAGE_CYCLES are to be broken, not joined")
        .check(classes);
  }

  /** The strongly connected sets of packages with more than one package are exactly the list. */
  @Test
  void theKnownPackageCyclesAreExactlyTheseSoTheListOnlyShrinks() {
    Map<String, Set<String>> uses = new TreeMap<>();
    for (JavaClass c : classes) {
      String from = modulePackage(c);
      if (from == null) {
        continue;
      }
      uses.computeIfAbsent(from, k -> new TreeSet<>());
      for (Dependency d : c.getDirectDependenciesFromSelf()) {
        String to = modulePackage(d.getTargetClass());
        if (to != null && !to.equals(from)) {
          uses.get(from).add(to);
        }
      }
    }
    Set<Set<String>> cycles = new HashSet<>();
    for (Set<String> component : stronglyConnected(uses)) {
      if (component.size() > 1) {
        cycles.add(component);
      }
    }
    assertEquals(
        Set.copyOf(KNOWN_PACKAGE_CYCLES),
        cycles,
        "the package cycles changed: break a new one, or drop a broken one from KNOWN_PACKAGE_CYCLES");
  }

  /** {@code module.package} of a Spate class ({@code engine.run}), or null outside Spate. */
  private static String modulePackage(JavaClass c) {
    String name = c.getPackageName();
    if (!name.startsWith("io.spate.")) {
      return null;
    }
    String[] parts = name.substring("io.spate.".length()).split("\\.");
    return parts.length == 1 ? parts[0] : parts[0] + "." + parts[1];
  }

  /** Tarjan's strongly connected components of a small graph. */
  private static List<Set<String>> stronglyConnected(Map<String, Set<String>> graph) {
    Map<String, Integer> index = new HashMap<>();
    Map<String, Integer> low = new HashMap<>();
    Deque<String> stack = new ArrayDeque<>();
    Set<String> onStack = new HashSet<>();
    List<Set<String>> components = new ArrayList<>();
    for (String start : graph.keySet()) {
      if (!index.containsKey(start)) {
        connect(start, graph, index, low, stack, onStack, components);
      }
    }
    return components;
  }

  private static void connect(
      String v,
      Map<String, Set<String>> graph,
      Map<String, Integer> index,
      Map<String, Integer> low,
      Deque<String> stack,
      Set<String> onStack,
      List<Set<String>> components) {
    index.put(v, index.size());
    low.put(v, index.get(v));
    stack.push(v);
    onStack.add(v);
    for (String w : graph.getOrDefault(v, Set.of())) {
      if (!index.containsKey(w)) {
        connect(w, graph, index, low, stack, onStack, components);
        low.put(v, Math.min(low.get(v), low.get(w)));
      } else if (onStack.contains(w)) {
        low.put(v, Math.min(low.get(v), index.get(w)));
      }
    }
    if (low.get(v).equals(index.get(v))) {
      Set<String> component = new TreeSet<>();
      String w;
      do {
        w = stack.pop();
        onStack.remove(w);
        component.add(w);
      } while (!w.equals(v));
      components.add(component);
    }
  }
}
