package io.spate.testcontainers;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.spate.api.FillResult;
import java.io.IOException;
import org.junit.jupiter.api.Test;
import org.testcontainers.junit.jupiter.Container;
import org.testcontainers.junit.jupiter.Testcontainers;
import org.testcontainers.postgresql.PostgreSQLContainer;

/** The helper on a Testcontainers PostgreSQL; skipped where no Docker engine answers. */
@Testcontainers(disabledWithoutDocker = true)
class SpateContainersDockerIT {

  @Container
  static final PostgreSQLContainer postgres = new PostgreSQLContainer("postgres:17-alpine");

  @Test
  void fillsAContainerFromItsSchemaScript() throws IOException {
    FillResult result =
        SpateContainers.withSchema(postgres, "shop.sql")
            .config(SpateContainersIT.fillYaml())
            .fill();

    assertEquals(1250, result.totalRows());
    assertTrue(result.seconds() > 0);
  }
}
