package io.spate.engine.target;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertInstanceOf;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.spate.db.mariadb.MariaDbDialect;
import io.spate.db.postgres.PostgresDialect;
import io.spate.protocol.error.SpateException;
import java.util.List;
import java.util.Properties;
import org.junit.jupiter.api.Test;

class TargetKindTest {

  @Test
  void aPostgresqlUrlPicksThePostgresqlTargetAndItsDialect() {
    TargetKind kind = TargetKind.of("jdbc:postgresql://127.0.0.1:5432/test?user=u");
    assertEquals(PostgresDialect.KIND, kind);
    assertInstanceOf(PostgresDialect.class, kind.dialect());
    assertEquals(PostgresDialect.KIND, kind.dialect().kind());
  }

  @Test
  void everySupportedPrefixPicksTheKindThatDeclaresIt() {
    for (TargetKind kind : TargetKind.all()) {
      for (String prefix : kind.prefixes()) {
        assertEquals(kind, TargetKind.of(prefix + "//h/db"), prefix);
      }
    }
    assertEquals(
        List.of("jdbc:h2:", "jdbc:mariadb:", "jdbc:mysql:", "jdbc:postgresql:", "jdbc:sqlite:"),
        TargetKind.supportedPrefixes());
  }

  @Test
  void mariadbAndMysqlUrlsPickTheMariadbTargetServedByMariadbConnectorJ() {
    assertInstanceOf(MariaDbDialect.class, TargetKind.of("jdbc:mariadb://h:3306/db").dialect());
    assertEquals(MariaDbDialect.KIND, TargetKind.of("jdbc:mysql://h:3306/db"));
    Properties properties = new Properties();
    String url =
        MariaDbDialect.KIND
            .dialect()
            .connectUrl("jdbc:mysql://h:3306/db?user=u", properties, SessionSettings.DEFAULT);
    assertEquals("jdbc:mariadb://h:3306/db?user=u", url);
    assertEquals("true", properties.getProperty("allowLocalInfile"));
  }

  @Test
  void aMariadbUrlAskingForTheCompressedProtocolIsRefusedBeforeAnyConnection() {
    for (String url :
        List.of(
            "jdbc:mariadb://h:3306/db?user=u&useCompression=true",
            "jdbc:mysql://h:3306/db?usecompression")) {
      SpateException e =
          assertThrows(
              SpateException.class,
              () ->
                  MariaDbDialect.INSTANCE.connectUrl(
                      url, new Properties(), SessionSettings.DEFAULT));
      assertTrue(e.getMessage().contains("remove useCompression from the URL"), e.getMessage());
    }
    assertEquals(
        "jdbc:mariadb://h:3306/db?useCompression=false",
        MariaDbDialect.INSTANCE.connectUrl(
            "jdbc:mariadb://h:3306/db?useCompression=false",
            new Properties(),
            SessionSettings.DEFAULT));
  }

  @Test
  void anUnknownPrefixIsRefusedNamingTheMaskedUrlAndTheSupportedPrefixes() {
    SpateException e =
        assertThrows(
            SpateException.class,
            () -> TargetKind.of("jdbc:oracle:thin://h:1521/db?password=hunter2", "--target eu"));
    String message = e.getMessage();
    assertTrue(message.startsWith("--target eu must be the JDBC URL"), message);
    assertTrue(message.contains("jdbc:postgresql:"), message);
    assertTrue(message.contains("jdbc:oracle:thin:"), message);
    assertFalse(message.contains("hunter2"), message);
  }

  @Test
  void aUrlWithThePrefixOnlyInsideIsNotTakenForIt() {
    assertThrows(SpateException.class, () -> TargetKind.of("jdbc:derby:memory:jdbc:postgresql:"));
  }

  @Test
  void aMissingUrlIsRefusedLikeAnUnknownOne() {
    SpateException e = assertThrows(SpateException.class, () -> TargetKind.of(null, "--db"));
    assertTrue(e.getMessage().startsWith("--db must be the JDBC URL"), e.getMessage());
  }
}
