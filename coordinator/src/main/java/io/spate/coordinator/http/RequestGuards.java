package io.spate.coordinator.http;

import io.vertx.core.net.HostAndPort;
import java.net.InetAddress;
import java.net.UnknownHostException;
import java.util.HashSet;
import java.util.Locale;
import java.util.Optional;
import java.util.Set;
import java.util.regex.Pattern;

/**
 * What a request must show before any route sees it, so that a web page the operator opens cannot
 * use the service (cross-site request forgery, DNS rebinding): the API has no CORS, so a browser's
 * {@code Origin} must be the service's own, and a service without a token ({@code --no-auth})
 * answers only requests addressed to it by a name a rebinding attacker cannot own (see {@link
 * #hostRefusal}). With a token the {@code Host} is not checked: a rebound page cannot read the
 * token, and deployments reach the service by names only their orchestrator knows.
 *
 * <p>Stateless but for the names read once at start; safe from any event loop.
 */
final class RequestGuards {

  private static final Pattern IPV4 = Pattern.compile("\\d{1,3}(\\.\\d{1,3}){3}");
  private static final Pattern IPV6 = Pattern.compile("\\[?[0-9a-fA-F:.]*:[0-9a-fA-F:.]*(%.+)?]?");

  /** The names of this machine and of the bind address, lower case. */
  private final Set<String> ownNames;

  private final boolean checkHost;

  /**
   * @param bind the address the service listens on ({@code 0.0.0.0}: every interface)
   * @param checkHost whether the {@code Host} must be one of the service's own names (without a
   *     token)
   */
  RequestGuards(String bind, boolean checkHost) {
    this.checkHost = checkHost;
    Set<String> names = new HashSet<>();
    names.add("localhost");
    if (bind != null && !bind.isBlank()) {
      names.add(bind.toLowerCase(Locale.ROOT));
    }
    try {
      InetAddress self = InetAddress.getLocalHost();
      names.add(self.getHostName().toLowerCase(Locale.ROOT));
      names.add(self.getCanonicalHostName().toLowerCase(Locale.ROOT));
    } catch (UnknownHostException e) {
      // a machine without a resolvable name of its own: localhost and IP literals still serve
    }
    this.ownNames = Set.copyOf(names);
  }

  /**
   * Why a request addressed to {@code host} (its {@code Host} or {@code :authority}) is refused, or
   * empty. Accepted: an IP literal, {@code localhost} and {@code *.localhost}, the bind address and
   * this machine's own names; a name that resolves here only through someone else's DNS is what a
   * rebinding page uses, so it is refused.
   */
  Optional<String> hostRefusal(HostAndPort host) {
    if (!checkHost) {
      return Optional.empty();
    }
    if (host == null) {
      return Optional.of("the request names no Host; this service runs without a token");
    }
    String name = host.host().toLowerCase(Locale.ROOT);
    if (IPV4.matcher(name).matches()
        || IPV6.matcher(name).matches()
        || ownNames.contains(name)
        || name.endsWith(".localhost")) {
      return Optional.empty();
    }
    return Optional.of(
        "Host "
            + name
            + " is not this service's: without a token (--no-auth) it answers only to an IP"
            + " address, localhost or its own names "
            + ownNames.stream().sorted().toList()
            + ", so no other site's name can be pointed at it (DNS rebinding)");
  }

  /**
   * Why a request whose browser sent {@code origin} is refused, or empty: a request without an
   * {@code Origin} comes from no web page (curl, {@code spate submit}), and one from the service's
   * own page has the origin {@code http://} (or {@code https://} behind a proxy) plus the {@code
   * Host} it was sent to. Every other origin, {@code null} included, is another site's.
   */
  static Optional<String> originRefusal(String origin, HostAndPort host) {
    if (origin == null) {
      return Optional.empty();
    }
    if (host != null) {
      String authority =
          host.host().toLowerCase(Locale.ROOT) + (host.port() < 0 ? "" : ":" + host.port());
      String o = origin.toLowerCase(Locale.ROOT);
      if (o.equals("http://" + authority) || o.equals("https://" + authority)) {
        return Optional.empty();
      }
    }
    return Optional.of(
        "Origin "
            + origin
            + " is not this service's ("
            + (host == null ? "no Host" : "http://" + host)
            + "): the API takes no cross-site requests");
  }

  /**
   * Why a body sent as {@code contentType} is refused, or empty for JSON ({@code application/json},
   * any parameters). A browser sends a form or {@code text/plain} across sites without asking; it
   * never sends {@code application/json} so without the server's leave (CORS), which this service
   * never gives.
   */
  static Optional<String> bodyTypeRefusal(String contentType) {
    String type =
        contentType == null ? "" : contentType.split(";", 2)[0].strip().toLowerCase(Locale.ROOT);
    if (type.equals("application/json")) {
      return Optional.empty();
    }
    return Optional.of(
        "the body must be a JSON job request sent as Content-Type: application/json, not "
            + (contentType == null ? "a body without a Content-Type" : contentType));
  }
}
