package io.spate.engine.target;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertInstanceOf;
import static org.junit.jupiter.api.Assertions.assertSame;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.spate.protocol.error.RetriableException;
import io.spate.protocol.error.SpateException;
import io.spate.worker.target.DatabaseOptions;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;
import picocli.CommandLine;

/** Passwords written in JDBC URLs, or held by targets, never reach what Spate prints. */
class SecretMaskTest {

  @Test
  void aPasswordParameterOrUserInfoPasswordInAUrlIsMaskedAndNothingElse() {
    assertEquals(
        "jdbc:postgresql://h:5432/db?user=u&password=***&ssl=true",
        SecretMask.url("jdbc:postgresql://h:5432/db?user=u&password=s3cr3t&ssl=true"));
    assertEquals(
        "jdbc:postgresql://h/db?PASSWORD=***;sslpassword=***",
        SecretMask.url("jdbc:postgresql://h/db?PASSWORD=a;sslpassword=b"));
    assertEquals(
        "cannot connect to jdbc:postgresql://u:***@h:5432/db as u",
        SecretMask.url("cannot connect to jdbc:postgresql://u:s3cr3t@h:5432/db as u"));
    assertEquals(
        "jdbc:postgresql://h1:5432,h2:5433/db",
        SecretMask.url("jdbc:postgresql://h1:5432,h2:5433/db"));
  }

  @Test
  void theTargetsPasswordsAreMaskedWhereverTheyAppearAndAnErrorKeepsItsStanding() {
    SecretMask mask =
        new SecretMask(List.of(new Targets.Target("jdbc:postgresql://h/db", "u", "hunter2")));
    assertEquals(
        "auth failed for *** at jdbc:postgresql://h/db?password=***",
        mask.text("auth failed for hunter2 at jdbc:postgresql://h/db?password=x"));
    RuntimeException retriable = mask.mask(new RetriableException("reset: hunter2", null));
    assertInstanceOf(RetriableException.class, retriable);
    assertEquals("reset: ***", retriable.getMessage());
    RuntimeException permanent = mask.mask(new SpateException("denied: hunter2"));
    assertFalse(permanent instanceof RetriableException);
    assertEquals("denied: ***", permanent.getMessage());
    SpateException clean = new SpateException("nothing secret");
    assertSame(clean, mask.mask(clean));
  }

  @Test
  void aTargetsStringAndTheStartUpLineShowTheUrlMasked() {
    String url = "jdbc:postgresql://u:hunter2@h/db?password=hunter3";
    assertFalse(new Targets.Target(url, "u", "p").toString().contains("hunter"));
    DatabaseOptions options = new DatabaseOptions();
    new CommandLine(options).parseArgs("--db", url);
    String line = options.describe();
    assertTrue(line.startsWith("db=jdbc:postgresql://u:***@h/db?password=***"), line);
  }

  @Test
  void aPoolThatCannotStartQuotesTheUrlMasked() {
    try (Targets targets =
        new Targets(
            Map.of(
                Targets.DEFAULT,
                new Targets.Target("jdbc:mysql://u:hunter2@127.0.0.1:1/db", "u", null)),
            1)) {
      RuntimeException e =
          assertThrows(RuntimeException.class, () -> targets.dataSource(Targets.DEFAULT));
      assertFalse(e.getMessage().contains("hunter2"), e.getMessage());
    }
  }
}
