package io.spate.db.mariadb;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;

import io.spate.engine.target.SessionSettings;
import java.util.Properties;
import org.junit.jupiter.api.Test;

/** The session variables a MariaDB or MySQL target's connections carry, merged with the URL's. */
class MariaDbSessionTest {

  private static final MariaDbDialect DIALECT = MariaDbDialect.INSTANCE;

  @Test
  void theDefaultGivesUpASilentClientInAboutAMinuteMidStatementOrMidTransaction() {
    assertEquals(
        "net_read_timeout=30/*M!100300 ,idle_transaction_timeout=60*/",
        MariaDbSession.sessionVariables(SessionSettings.DEFAULT));
    assertEquals(
        "net_read_timeout=1/*M!100300 ,idle_transaction_timeout=1*/",
        MariaDbSession.sessionVariables(new SessionSettings(1)));
  }

  @Test
  void aUrlWithoutSessionVariablesIsKeptAndGetsOursAsAProperty() {
    Properties properties = new Properties();
    String url = "jdbc:mariadb://db:3306/app?sslMode=verify-full";

    assertEquals(url, DIALECT.connectUrl(url, properties, new SessionSettings(10)));
    assertEquals(
        "net_read_timeout=5/*M!100300 ,idle_transaction_timeout=10*/",
        properties.getProperty("sessionVariables"));
    assertEquals("true", properties.getProperty("tcpKeepAlive"));
  }

  @Test
  void theUrlsOwnSessionVariablesMoveIntoThePropertyAfterOursSoTheyWin() {
    Properties properties = new Properties();
    String url = "jdbc:mysql://db/app?sslMode=trust&SessionVariables=net_read_timeout=7&a=b";

    assertEquals(
        "jdbc:mariadb://db/app?sslMode=trust&a=b",
        DIALECT.connectUrl(url, properties, SessionSettings.DEFAULT));
    assertEquals(
        "net_read_timeout=30/*M!100300 ,idle_transaction_timeout=60*/,net_read_timeout=7",
        properties.getProperty("sessionVariables"));
  }

  @Test
  void zeroLeavesTheUrlAndTheServersSettingsAlone() {
    Properties properties = new Properties();
    String url = "jdbc:mariadb://db/app?sessionVariables=wait_timeout=5";

    assertEquals(url, DIALECT.connectUrl(url, properties, new SessionSettings(0)));
    assertNull(properties.getProperty("sessionVariables"));
    assertNull(properties.getProperty("tcpKeepAlive"));
  }
}
