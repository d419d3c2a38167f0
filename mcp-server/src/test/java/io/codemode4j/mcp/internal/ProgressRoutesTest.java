package io.codemode4j.mcp.internal;

import static org.assertj.core.api.Assertions.assertThat;

import io.codemode4j.bridge.event.CallAdmitted;
import io.codemode4j.bridge.event.CallStarted;
import io.codemode4j.bridge.event.PassEnded;
import io.codemode4j.bridge.event.PassListener;
import io.codemode4j.bridge.event.PassStarted;
import io.modelcontextprotocol.spec.McpSchema;
import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;

/**
 * Each server's routes reach only the calls registered with them, and only while their pass runs.
 */
class ProgressRoutesTest {

  private final List<String> sent = new ArrayList<>();
  private final CallProgress progress =
      new CallProgress(
          "token-1",
          new CallNotifier() {
            @Override
            public void log(McpSchema.LoggingMessageNotification message) {}

            @Override
            public void progress(McpSchema.ProgressNotification notification) {
              sent.add(notification.message());
            }
          },
          System::nanoTime);

  @Test
  void listener_passOfARegisteredCall_routesItsCalls() {
    ProgressRoutes routes = new ProgressRoutes();
    routes.register("mcp-1", progress);

    run(routes.listener(), "mcp-1", "pass-1");

    assertThat(sent).containsExactly("warehouse.query started: 0 of 1 call done");
  }

  @Test
  void listener_ofAnotherServer_neverSeesTheCall() {
    ProgressRoutes mine = new ProgressRoutes();
    ProgressRoutes theirs = new ProgressRoutes();
    mine.register("mcp-1", progress);

    run(theirs.listener(), "mcp-1", "pass-1");

    assertThat(sent).isEmpty();
  }

  @Test
  void listener_afterThePassEnded_routesNothingMore() {
    ProgressRoutes routes = new ProgressRoutes();
    routes.register("mcp-1", progress);
    PassListener listener = routes.listener();
    run(listener, "mcp-1", "pass-1");
    listener.onPassEnded(
        new PassEnded(
            "run",
            "pass-1",
            "mcp-1",
            "run_javascript",
            Instant.EPOCH,
            Duration.ZERO,
            null,
            null,
            List.of()));
    sent.clear();

    listener.onCallAdmitted(admitted("pass-1"));
    listener.onCallStarted(
        new CallStarted("run", "pass-1", "c2", "warehouse.query", "query", Instant.EPOCH));

    assertThat(sent).isEmpty();
  }

  private static void run(PassListener listener, String callId, String passId) {
    listener.onPassStarted(
        new PassStarted("run", passId, callId, "run_javascript", "ana", null, Instant.EPOCH));
    listener.onCallAdmitted(admitted(passId));
    listener.onCallStarted(
        new CallStarted("run", passId, "c1", "warehouse.query", "query", Instant.EPOCH));
  }

  private static CallAdmitted admitted(String passId) {
    return new CallAdmitted("run", passId, "c1", "warehouse.query", "query", Instant.EPOCH, null);
  }
}
