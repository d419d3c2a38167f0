package io.codemode4j.mcp.internal;

import static org.assertj.core.api.Assertions.assertThat;

import io.codemode4j.bridge.event.CallAdmitted;
import io.codemode4j.bridge.event.CallAuthorization;
import io.codemode4j.bridge.event.CallEnded;
import io.codemode4j.bridge.event.CallStarted;
import io.codemode4j.bridge.outcome.CallStatus;
import io.modelcontextprotocol.spec.McpSchema;
import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.atomic.AtomicLong;
import org.junit.jupiter.api.Test;

class CallProgressTest {

  private final List<McpSchema.ProgressNotification> sent = new ArrayList<>();
  private final AtomicLong clock = new AtomicLong();
  private final CallProgress progress =
      new CallProgress(
          "token-1",
          new CallNotifier() {
            @Override
            public void log(McpSchema.LoggingMessageNotification message) {}

            @Override
            public void progress(McpSchema.ProgressNotification notification) {
              sent.add(notification);
            }
          },
          clock::get);

  @Test
  void burstOfCalls_withinTheInterval_sendsTheFirstAndTheLastOnly() {
    for (int i = 0; i < 50; i++) {
      call("c" + i, 0);
    }
    progress.finish();

    assertThat(sent).hasSize(2);
    assertThat(sent.get(0).message()).isEqualTo("warehouse.query started: 0 of 1 call done");
    assertThat(sent.get(1).progress()).isEqualTo(101.0);
    assertThat(sent.get(1).total()).isEqualTo(101.0);
    assertThat(sent.get(1).message()).isEqualTo("the pass ended: 50 of 50 calls done");
  }

  @Test
  void callsApartByTheInterval_eachStartAndEnd_sendsOneEachWithGrowingProgress() {
    long interval = CallProgress.MIN_INTERVAL.toNanos();
    call("a", interval);
    call("b", interval);
    progress.finish();
    progress.finish();

    assertThat(sent)
        .extracting(McpSchema.ProgressNotification::message)
        .containsExactly(
            "warehouse.query started: 0 of 1 call done",
            "warehouse.query succeeded: 1 of 1 call done",
            "warehouse.query started: 1 of 2 calls done",
            "warehouse.query succeeded: 2 of 2 calls done",
            "the pass ended: 2 of 2 calls done");
    assertThat(sent)
        .extracting(McpSchema.ProgressNotification::progress)
        .containsExactly(1.0, 2.0, 3.0, 4.0, 5.0);
    assertThat(sent).extracting(McpSchema.ProgressNotification::total).containsOnlyOnce(5.0);
    assertThat(sent).allMatch(n -> n.progressToken().equals("token-1"));
  }

  /** One call admitted, started and succeeded, the clock moving on by {@code step} after each. */
  private void call(String id, long step) {
    Instant now = Instant.EPOCH;
    progress.admitted(new CallAdmitted("run", "pass", id, "warehouse.query", "query", now, null));
    progress.started(new CallStarted("run", "pass", id, "warehouse.query", "query", now));
    clock.addAndGet(step);
    progress.ended(
        new CallEnded(
            "run",
            "pass",
            id,
            "warehouse.query",
            "query",
            CallStatus.SUCCEEDED,
            null,
            null,
            CallAuthorization.NOT_ASKED,
            null,
            now,
            now,
            Duration.ZERO));
    clock.addAndGet(step);
  }
}
