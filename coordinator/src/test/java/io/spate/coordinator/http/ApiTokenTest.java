package io.spate.coordinator.http;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.spate.protocol.error.SpateException;
import java.nio.file.Files;
import java.nio.file.Path;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class ApiTokenTest {

  @TempDir Path dir;

  @Test
  void aTokenFileWinsOverTheEnvironmentAndLosesItsFinalNewline() throws Exception {
    Path file = Files.writeString(dir.resolve("token"), "from-file\n");
    ApiToken token = ApiToken.find(file, "from-env").orElseThrow();
    assertEquals("Bearer from-file", token.header());
    assertEquals("Bearer from-env", ApiToken.find(null, "from-env").orElseThrow().header());
    assertTrue(ApiToken.find(null, null).isEmpty());
    assertTrue(ApiToken.find(null, "  ").isEmpty());
  }

  @Test
  void anUnreadableOrEmptyTokenFileIsAnErrorNamingIt() throws Exception {
    Path empty = Files.writeString(dir.resolve("empty"), "\n");
    assertEquals(
        "--token-file " + empty + ": the file is empty",
        assertThrows(SpateException.class, () -> ApiToken.find(empty, null)).getMessage());
    Path missing = dir.resolve("missing");
    assertTrue(
        assertThrows(SpateException.class, () -> ApiToken.find(missing, "env"))
            .getMessage()
            .startsWith("--token-file " + missing + ": cannot read"));
  }

  @Test
  void onlyTheExactBearerTokenIsAcceptedAndTheTokenIsNeverPrinted() {
    ApiToken token = ApiToken.find(null, "s3cret").orElseThrow();
    assertTrue(token.accepts("Bearer s3cret"));
    assertTrue(token.accepts("bearer s3cret"), "the scheme is case-insensitive");
    assertFalse(token.accepts(null));
    assertFalse(token.accepts("s3cret"));
    assertFalse(token.accepts("Bearer s3cre"));
    assertFalse(token.accepts("Bearer s3cret2"));
    assertFalse(token.accepts("Basic s3cret"));
    assertEquals("***", token.toString());
  }
}
