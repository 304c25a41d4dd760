package io.spate.junit;

import static org.junit.jupiter.api.Assertions.assertTrue;

import io.spate.worker.testing.Fixtures;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

/**
 * docs/java-and-junit.md quotes the example project's tests whole, and JunitExampleIT compiles and
 * runs them: so the page's examples compile.
 */
class DocsExamplesTest {

  @ParameterizedTest
  @ValueSource(strings = {"OrdersTest.java", "FillFromJavaTest.java"})
  void theJavaPageQuotesTheExampleProjectsTestWhole(String file) throws IOException {
    Path root = Fixtures.root();
    String source =
        Files.readString(
            root.resolve("examples/junit-example/src/test/java/com/example/shop").resolve(file));
    String page = Files.readString(root.resolve("docs/java-and-junit.md"));
    assertTrue(
        page.contains("```java\n" + source + "```"),
        "docs/java-and-junit.md does not quote examples/junit-example's "
            + file
            + " as it is; paste it again");
  }
}
