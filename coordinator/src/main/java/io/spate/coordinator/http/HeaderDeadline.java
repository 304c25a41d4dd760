package io.spate.coordinator.http;

import io.vertx.core.Vertx;
import io.vertx.core.http.HttpConnection;
import io.vertx.core.net.SocketAddress;
import io.vertx.ext.web.RoutingContext;
import java.time.Duration;
import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;

/**
 * Bounds the time a client may take to send a request's headers: a connection that has no request
 * under way (just opened, or idle between keep-alive requests) is closed once {@link #LIMIT} passes
 * without a complete request head. A client that trickles its headers a byte at a time (slowloris)
 * so holds a connection for {@link #LIMIT} at most, however it paces them; a request whose headers
 * arrived, an event stream included, is never cut.
 *
 * <p>Vert.x calls the route handlers only once a request's head is complete, so its arrival is the
 * first handler's call ({@link #requestStarted}). Connections are keyed by their remote address,
 * the one thing an h2c upgrade keeps. Each watch is touched only on its connection's event loop.
 */
final class HeaderDeadline {

  /** How long a connection may wait for a complete request head. */
  static final Duration LIMIT = Duration.ofSeconds(10);

  private final Vertx vertx;
  private final Map<SocketAddress, Watch> watches = new ConcurrentHashMap<>();

  /** One connection: its requests under way, and the timer that closes it while there are none. */
  private static final class Watch {
    HttpConnection connection;
    int underWay;
    long timer = -1;
  }

  HeaderDeadline(Vertx vertx) {
    this.vertx = vertx;
  }

  /** For the server's connection handler: starts the clock of a new connection. */
  void connected(HttpConnection connection) {
    SocketAddress key = connection.remoteAddress();
    if (key == null) {
      return;
    }
    watches.computeIfAbsent(
        key,
        k -> {
          Watch w = new Watch();
          w.connection = connection;
          arm(w);
          return w;
        });
    connection.closeHandler(
        v -> {
          Watch w = watches.remove(key);
          if (w != null && w.timer >= 0) {
            vertx.cancelTimer(w.timer);
          }
        });
  }

  /** The first route's handler: a request head arrived, so its connection waits no longer. */
  void requestStarted(RoutingContext ctx) {
    Watch watch = watches.get(ctx.request().connection().remoteAddress());
    if (watch != null) {
      watch.underWay++;
      if (watch.timer >= 0) {
        vertx.cancelTimer(watch.timer);
        watch.timer = -1;
      }
      ctx.addEndHandler(
          done -> {
            watch.underWay--;
            if (watch.underWay == 0) {
              arm(watch); // idle again: the next request's head is due within the limit
            }
          });
    }
    ctx.next();
  }

  private void arm(Watch watch) {
    watch.timer =
        vertx.setTimer(
            LIMIT.toMillis(),
            id -> {
              watch.timer = -1;
              if (watch.underWay == 0) {
                watch.connection.close();
              }
            });
  }
}
