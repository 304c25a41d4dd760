package io.spate.testcontainers;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.spate.api.FillResult;
import io.spate.protocol.error.SpateException;
import io.spate.worker.testing.TestDatabase;
import java.io.IOException;
import java.io.InputStream;
import java.nio.charset.StandardCharsets;
import org.junit.jupiter.api.Test;
import org.postgresql.ds.PGSimpleDataSource;

/** The helper on the machine's PostgreSQL, through a DataSource: runs where Docker does not. */
class SpateContainersIT {

  static String fillYaml() throws IOException {
    try (InputStream in = SpateContainersIT.class.getResourceAsStream("/fill.yaml")) {
      return new String(in.readAllBytes(), StandardCharsets.UTF_8);
    }
  }

  @Test
  void appliesTheSchemaScriptThenFillsIt() throws IOException {
    try (TestDatabase db = TestDatabase.create()) {
      PGSimpleDataSource ds = new PGSimpleDataSource();
      ds.setUrl(db.jdbcUrl());
      ds.setUser(db.user());
      ds.setPassword(db.password());

      FillResult result = SpateContainers.withSchema(ds, "shop.sql").config(fillYaml()).fill();

      assertEquals(1250, result.totalRows());
      assertEquals("600", db.queryString("SELECT count(*) FROM order_line"));
    }
  }

  @Test
  void aFailingStatementOfTheScriptIsTheDatabasesMessage() {
    try (TestDatabase db = TestDatabase.create()) {
      db.execute("CREATE TABLE customer (id int)");
      PGSimpleDataSource ds = new PGSimpleDataSource();
      ds.setUrl(db.jdbcUrl());
      ds.setUser(db.user());
      ds.setPassword(db.password());

      SpateException e =
          assertThrows(SpateException.class, () -> SpateContainers.withSchema(ds, "shop.sql"));
      assertTrue(e.getMessage().contains("applying the schema script shop.sql"), e.getMessage());
      assertTrue(e.getMessage().contains("already exists"), e.getMessage());
    }
  }
}
