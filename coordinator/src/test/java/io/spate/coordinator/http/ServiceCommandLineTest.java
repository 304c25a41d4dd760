package io.spate.coordinator.http;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

import io.spate.coordinator.Fills;
import org.junit.jupiter.api.Test;

/**
 * The service's and its client's command lines refuse what cannot work before reaching any server.
 */
class ServiceCommandLineTest {

  private static final String DB = "jdbc:postgresql://127.0.0.1:1/none";

  @Test
  void theServiceRefusesToStartWithoutATokenUnlessToldToRunOpen() {
    assumeTrue(System.getenv(ApiToken.ENV) == null, "this test needs " + ApiToken.ENV + " unset");
    Fills.Run run =
        Fills.cli("coordinator", "--bootstrap", "127.0.0.1:1", "--db", DB, "--port", "0");
    assertEquals(1, run.exitCode());
    assertTrue(
        run.err()
            .startsWith(
                "spate: error: the coordinator service needs an API token: set SPATE_API_TOKEN or --token-file PATH (or run it open with --no-auth)"),
        run.err());
  }

  @Test
  void serviceOptionsWithoutPortAreRefusedNamingThem() {
    Fills.Run run = Fills.cli("coordinator", "--bootstrap", "127.0.0.1:1", "--db", DB, "--no-auth");
    assertEquals(1, run.exitCode());
    assertTrue(run.err().contains("service options: add --port N"), run.err());
  }

  @Test
  void submitToACoordinatorTakesNoDatabaseOrKafkaSettings() {
    Fills.Run run =
        Fills.cli(
            "submit",
            "--coordinator",
            "http://127.0.0.1:1",
            "--db",
            DB,
            "--bootstrap",
            "127.0.0.1:1");
    assertEquals(1, run.exitCode());
    assertTrue(
        run.err()
            .contains(
                "the service holds the database and Kafka settings, so --db, --bootstrap cannot be given here"),
        run.err());
  }

  @Test
  void anUnreachableCoordinatorIsAClearError() {
    Fills.Run run = Fills.cli("submit", "--coordinator", "http://127.0.0.1:1", "--rows", "t=1");
    assertEquals(1, run.exitCode());
    assertTrue(
        run.err().startsWith("spate: error: cannot reach the coordinator at http://127.0.0.1:1/"),
        run.err());
  }

  @Test
  void submitWithoutDbOrCoordinatorSaysWhatIsMissing() {
    Fills.Run run = Fills.cli("submit", "--bootstrap", "127.0.0.1:1");
    assertEquals(1, run.exitCode());
    assertTrue(run.err().contains("--db JDBC_URL is required"), run.err());
  }
}
