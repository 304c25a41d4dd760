package io.spate.api;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.spate.protocol.error.SpateException;
import javax.sql.DataSource;
import org.junit.jupiter.api.Test;
import org.postgresql.ds.PGSimpleDataSource;

/** The builder's config is checked as {@code fill.yaml} is, with the same messages. */
class SpateConfigTest {

  private static final DataSource NOWHERE = new PGSimpleDataSource();

  @Test
  void anUnknownKeyInYamlIsNamedWithItsPath() {
    SpateException e =
        assertThrows(
            SpateException.class,
            () -> Spate.on(NOWHERE).config("tables:\n  orders:\n    rowz: 10\n"));
    assertTrue(e.getMessage().contains("unknown setting 'tables.orders.rowz'"), e.getMessage());
  }

  @Test
  void aMissingConfigFileIsNamed() {
    SpateException e =
        assertThrows(
            SpateException.class,
            () -> Spate.on(NOWHERE).config(java.nio.file.Path.of("no-such-fill.yaml")));
    assertTrue(e.getMessage().contains("no-such-fill.yaml does not exist"), e.getMessage());
  }

  @Test
  void aUrlOfADatabaseSpateDoesNotFillIsRefusedWithTheCliMessage() {
    SpateException e =
        assertThrows(SpateException.class, () -> Spate.on("jdbc:oracle:thin:@h:1521/db", "u", "p"));
    assertTrue(
        e.getMessage().contains("must be the JDBC URL of a database Spate fills"), e.getMessage());
  }

  @Test
  void builderSettingsAreCheckedWithTheYamlAndNamedByTheirSources() {
    Spate spate = Spate.on(NOWHERE).config("seed: 3\n").nullRatio(1.5);
    SpateException e = assertThrows(SpateException.class, spate::checkedConfig);
    assertTrue(e.getMessage().contains("nullRatio"), e.getMessage());
    assertTrue(e.getMessage().contains("config (config text, nullRatio)"), e.getMessage());
  }

  @Test
  void aTableRowCountFromTheBuilderReplacesTheYamls() {
    var config =
        Spate.on(NOWHERE)
            .config("tables:\n  orders:\n    rows: 10\n")
            .table("orders", t -> t.rows(25).column("status", c -> c.value("new")))
            .checkedConfig();
    assertEquals(25L, config.table("orders").rows());
    assertEquals("new", config.table("orders").columns().get("status").value());
  }
}
