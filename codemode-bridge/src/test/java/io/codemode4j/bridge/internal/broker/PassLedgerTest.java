package io.codemode4j.bridge.internal.broker;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;
import static org.assertj.core.api.Assertions.tuple;

import io.codemode4j.bridge.event.CallAdmitted;
import io.codemode4j.bridge.event.CallAuthorization;
import io.codemode4j.bridge.event.CallEnded;
import io.codemode4j.bridge.event.CallStarted;
import io.codemode4j.bridge.event.PassListener;
import io.codemode4j.bridge.outcome.CallRecord;
import io.codemode4j.bridge.outcome.CallStatus;
import io.codemode4j.bridge.tool.ToolFailure;
import java.time.Duration;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Objects;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

/** The ledger's state machine, driven directly: no broker, no engine. */
class PassLedgerTest {

  private static ToolFailure failure(ToolFailure.Kind kind) {
    return new ToolFailure(kind, kind.wireName() + " as asked");
  }

  /**
   * Applies {@code step} to {@code entry}: {@code start}, {@code succeed}, {@code fail} (finish as
   * failed), {@code reject}.
   */
  private static boolean apply(PassLedger ledger, PassLedger.Entry entry, String step) {
    return switch (step) {
      case "start" -> ledger.start(entry);
      case "succeed" -> ledger.finish(entry, CallStatus.SUCCEEDED, null);
      case "fail" -> ledger.finish(entry, CallStatus.FAILED, failure(ToolFailure.Kind.TIMEOUT));
      case "reject" -> ledger.reject(entry, failure(ToolFailure.Kind.REFUSED));
      default -> throw new IllegalArgumentException(step);
    };
  }

  @ParameterizedTest(name = "{0} -> {1}, ends {2}")
  @CsvSource(
      delimiter = '|',
      textBlock =
          """
      start                | true              | UNCERTAIN
      start,start          | true,false        | UNCERTAIN
      succeed              | false             | NOT_STARTED
      fail                 | false             | NOT_STARTED
      start,succeed        | true,true         | SUCCEEDED
      start,fail           | true,true         | FAILED
      start,succeed,fail   | true,true,false   | SUCCEEDED
      start,succeed,start  | true,true,false   | SUCCEEDED
      reject               | true              | FAILED
      reject,start         | true,false        | FAILED
      reject,reject        | true,false        | FAILED
      start,reject         | true,false        | UNCERTAIN
      """)
  void transitions_table_acceptOnlyTheNextStateOfTheCall(
      String steps, String accepted, CallStatus finalStatus) {
    PassLedger ledger = new PassLedger("p");
    PassLedger.Entry entry = ledger.register("t.echo", "echo");

    List<Boolean> results =
        Arrays.stream(steps.split(",")).map(step -> apply(ledger, entry, step)).toList();

    assertThat(results)
        .containsExactlyElementsOf(
            Arrays.stream(accepted.split(",")).map(Boolean::valueOf).toList());
    assertThat(ledger.close())
        .singleElement()
        .extracting(CallRecord::status)
        .isEqualTo(finalStatus);
  }

  @Test
  void close_recordsEveryCallInInvocationOrderWithItsFailureKind() {
    PassLedger ledger = new PassLedger("p");
    PassLedger.Entry refused = ledger.register("t.nope", "");
    PassLedger.Entry failed = ledger.register("t.fail", "fail");
    ledger.register("t.echo", "echo");
    ledger.reject(refused, failure(ToolFailure.Kind.REFUSED));
    ledger.start(failed);
    ledger.finish(failed, CallStatus.FAILED, failure(ToolFailure.Kind.TIMEOUT));

    List<CallRecord> records = ledger.close();

    assertThat(records)
        .extracting(CallRecord::callId, CallRecord::method, CallRecord::status)
        .containsExactly(
            tuple("p:1", "t.nope", CallStatus.FAILED),
            tuple("p:2", "t.fail", CallStatus.FAILED),
            tuple("p:3", "t.echo", CallStatus.NOT_STARTED));
    assertThat(records)
        .extracting(CallRecord::failureKind)
        .containsExactly("refused", "timeout", null);
    assertThat(records.get(0).duration()).isEqualTo(Duration.ZERO);
    assertThat(records.get(2).duration()).isEqualTo(Duration.ZERO);
  }

  @Test
  void closedLedger_refusesEveryTransitionAndKeepsTheCallUncertain() {
    PassLedger ledger = new PassLedger("p");
    PassLedger.Entry running = ledger.register("t.echo", "echo");
    PassLedger.Entry queued = ledger.register("t.echo", "echo");
    ledger.start(running);

    List<CallRecord> atClose = ledger.close();

    assertThat(ledger.finish(running, CallStatus.SUCCEEDED, null)).isFalse();
    assertThat(ledger.start(queued)).isFalse();
    assertThat(ledger.reject(queued, failure(ToolFailure.Kind.REFUSED))).isFalse();
    assertThat(atClose)
        .extracting(CallRecord::status)
        .containsExactly(CallStatus.UNCERTAIN, CallStatus.NOT_STARTED);
    assertThat(ledger.close())
        .extracting(CallRecord::status)
        .containsExactly(CallStatus.UNCERTAIN, CallStatus.NOT_STARTED);
  }

  @Test
  void listener_seesEachTransitionOnceAndEachCallEndExactlyOnce() {
    List<String> events = new ArrayList<>();
    PassListener listener =
        new PassListener() {
          @Override
          public void onCallAdmitted(CallAdmitted event) {
            events.add("admitted " + event.callId());
          }

          @Override
          public void onCallStarted(CallStarted event) {
            events.add("started " + event.callId());
          }

          @Override
          public void onCallEnded(CallEnded event) {
            events.add("ended " + event.callId() + " " + event.status());
          }
        };
    PassLedger ledger = new PassLedger("run", "p", listener);
    PassLedger.Entry done = ledger.register("t.echo", "echo");
    PassLedger.Entry refused = ledger.register("t.nope", "");
    PassLedger.Entry running = ledger.register("t.block", "block");
    PassLedger.Entry queued = ledger.register("t.echo", "echo");

    ledger.admit(done, "{}");
    ledger.start(done);
    ledger.finish(done, CallStatus.SUCCEEDED, null);
    ledger.finish(done, CallStatus.FAILED, failure(ToolFailure.Kind.FAILED));
    ledger.reject(refused, failure(ToolFailure.Kind.REFUSED));
    ledger.admit(running, "{}");
    ledger.start(running);
    ledger.admit(queued, "{}");
    ledger.close();
    ledger.finish(running, CallStatus.SUCCEEDED, null);
    ledger.admit(queued, "{}");

    assertThat(events)
        .containsExactly(
            "admitted p:1",
            "started p:1",
            "ended p:1 SUCCEEDED",
            "ended p:2 FAILED",
            "admitted p:3",
            "started p:3",
            "admitted p:4",
            "ended p:3 UNCERTAIN",
            "ended p:4 NOT_STARTED");
  }

  @Test
  void callEnded_authorizationAndFailure_recordWhatTheBrokerDecided() {
    List<CallEnded> ended = new ArrayList<>();
    PassLedger ledger =
        new PassLedger(
            "run",
            "p",
            new PassListener() {
              @Override
              public void onCallEnded(CallEnded event) {
                ended.add(event);
              }
            });
    PassLedger.Entry denied = ledger.register("t.echo", "echo");
    PassLedger.Entry allowed = ledger.register("t.echo", "echo");
    PassLedger.Entry refused = ledger.register("t.nope", "");

    ledger.deny(denied, new ToolFailure(ToolFailure.Kind.UNAUTHORIZED, "ana may not"));
    ledger.allowed(allowed);
    ledger.start(allowed);
    ledger.finish(allowed, CallStatus.FAILED, failure(ToolFailure.Kind.TIMEOUT));
    ledger.reject(refused, failure(ToolFailure.Kind.REFUSED));

    assertThat(ended)
        .extracting(
            CallEnded::callId,
            CallEnded::authorization,
            CallEnded::failureKind,
            CallEnded::failureMessage)
        .containsExactly(
            tuple("p:1", CallAuthorization.DENIED, ToolFailure.Kind.UNAUTHORIZED, "ana may not"),
            tuple("p:2", CallAuthorization.ALLOWED, ToolFailure.Kind.TIMEOUT, "timeout as asked"),
            tuple(
                "p:3", CallAuthorization.NOT_ASKED, ToolFailure.Kind.REFUSED, "refused as asked"));
  }

  @Test
  void deny_otherKindThanUnauthorized_isRefusedAsABug() {
    PassLedger ledger = new PassLedger("p");
    PassLedger.Entry entry = ledger.register("t.echo", "echo");

    assertThatThrownBy(() -> ledger.deny(entry, failure(ToolFailure.Kind.REFUSED)))
        .isInstanceOf(IllegalArgumentException.class)
        .hasMessageContaining("refused");
  }

  @ParameterizedTest(name = "first asks {0}, second asks {1}")
  @CsvSource({"false, false", "true, false", "false, true", "true, true"})
  void admit_arguments_reachOnlyTheListenersThatAskForThem(boolean first, boolean second) {
    List<String> seen = new ArrayList<>();
    GuardedListeners listeners =
        Objects.requireNonNull(
            GuardedListeners.of(
                List.of(asking("first", first, seen), asking("second", second, seen))));
    PassLedger ledger = new PassLedger("run", "p", listeners);
    PassLedger.Entry entry = ledger.register("t.echo", "echo");

    ledger.admit(entry, "{\"value\":1}");

    assertThat(seen)
        .containsExactly(
            "first " + (first ? "{\"value\":1}" : null),
            "second " + (second ? "{\"value\":1}" : null));
  }

  private static PassListener asking(String name, boolean wants, List<String> seen) {
    return new PassListener() {
      @Override
      public boolean wantsArguments() {
        return wants;
      }

      @Override
      public void onCallAdmitted(CallAdmitted event) {
        seen.add(name + " " + event.argumentsJson());
      }
    };
  }
}
