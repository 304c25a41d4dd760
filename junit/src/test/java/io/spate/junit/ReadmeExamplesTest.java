package io.spate.junit;

import static org.junit.jupiter.api.Assertions.assertTrue;

import io.spate.worker.testing.Fixtures;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

/**
 * The README's "Use from Java and JUnit" quotes the example project's tests whole, and
 * JunitExampleIT compiles and runs them: so the README's examples compile.
 */
class ReadmeExamplesTest {

  @ParameterizedTest
  @ValueSource(strings = {"OrdersTest.java", "FillFromJavaTest.java"})
  void theReadmeQuotesTheExampleProjectsTestWhole(String file) throws IOException {
    Path root = Fixtures.root();
    String source =
        Files.readString(
            root.resolve("examples/junit-example/src/test/java/com/example/shop").resolve(file));
    String readme = Files.readString(root.resolve("README.md"));
    assertTrue(
        readme.contains("```java\n" + source + "```"),
        "README.md does not quote examples/junit-example's " + file + " as it is; paste it again");
  }
}
