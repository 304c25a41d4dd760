package io.spate.engine.target;

import static org.junit.jupiter.api.Assertions.assertEquals;

import java.util.Properties;
import org.junit.jupiter.api.Test;

/** The startup options a target's connections carry, merged with the URL's own. */
class SessionSettingsTest {

  private static final String OURS =
      "-c tcp_keepalives_idle=30s -c tcp_keepalives_interval=6s -c tcp_keepalives_count=5"
          + " -c tcp_user_timeout=60s -c idle_in_transaction_session_timeout=60s";

  @Test
  void theDefaultEndsASilentClientsSessionInAboutAMinuteAndItsLoadsWaitTwiceThatForALock() {
    assertEquals(OURS, SessionSettings.DEFAULT.serverOptions());
    assertEquals(120, SessionSettings.DEFAULT.lockTimeoutSeconds());
  }

  @Test
  void aUrlWithoutOptionsIsKeptAndGetsKeepalivesAndOurOptionsAsProperties() {
    Properties properties = new Properties();
    String url = "jdbc:postgresql://db:5432/app?sslmode=require";

    assertEquals(url, SessionSettings.DEFAULT.connectUrl(url, properties));
    assertEquals("true", properties.getProperty("tcpKeepAlive"));
    assertEquals(OURS, properties.getProperty("options"));
  }

  @Test
  void theUrlsOwnOptionsMoveIntoThePropertiesAfterOursSoTheyWin() {
    Properties properties = new Properties();
    String url =
        "jdbc:postgresql://db/app?sslmode=require&options=-c%20tcp_keepalives_idle%3D7&connectTimeout=5";

    assertEquals(
        "jdbc:postgresql://db/app?sslmode=require&connectTimeout=5",
        SessionSettings.DEFAULT.connectUrl(url, properties));
    assertEquals(OURS + " -c tcp_keepalives_idle=7", properties.getProperty("options"));
  }

  @Test
  void zeroLeavesTheUrlAndTheServersSettingsAlone() {
    Properties properties = new Properties();
    String url = "jdbc:postgresql://db/app?options=-c%20search_path%3Dx";

    assertEquals(url, new SessionSettings(0).connectUrl(url, properties));
    assertEquals(new Properties(), properties);
    assertEquals(0, new SessionSettings(0).lockTimeoutSeconds());
  }

  @Test
  void shortLinksStillProbeEverySecond() {
    assertEquals(
        "-c tcp_keepalives_idle=1s -c tcp_keepalives_interval=1s -c tcp_keepalives_count=5"
            + " -c tcp_user_timeout=3s -c idle_in_transaction_session_timeout=3s",
        new SessionSettings(3).serverOptions());
  }
}
