package io.codemode4j.bridge.internal.broker;

import static org.assertj.core.api.Assertions.assertThat;

import java.time.Duration;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicReference;
import org.junit.jupiter.api.Test;

/** A host's hook answers, throws or runs late; every case comes back typed, none hangs. */
class HostDecisionTest {

  private static final Duration LONG = Duration.ofMinutes(1);

  @Test
  void await_hookAnswers_returnsTheAnswer() throws InterruptedException {
    assertThat(HostDecision.await("t", () -> "yes", LONG))
        .isEqualTo(new HostDecision.Answered<>("yes"));
  }

  @Test
  void await_hookAnswersNull_returnsAnEmptyAnswer() throws InterruptedException {
    assertThat(HostDecision.<String>await("t", () -> null, LONG))
        .isEqualTo(new HostDecision.Answered<String>(null));
  }

  @Test
  void await_hookThrows_returnsTheCauseNotTheWrapper() throws InterruptedException {
    IllegalStateException boom = new IllegalStateException("boom");

    assertThat(
            HostDecision.await(
                "t",
                () -> {
                  throw boom;
                },
                LONG))
        .isEqualTo(new HostDecision.Failed<>(boom));
  }

  @Test
  void await_hookThrowsAnError_returnsItToo() throws InterruptedException {
    StackOverflowError overflow = new StackOverflowError();

    assertThat(
            HostDecision.await(
                "t",
                () -> {
                  throw overflow;
                },
                LONG))
        .isEqualTo(new HostDecision.Failed<>(overflow));
  }

  @Test
  void await_hookPastTheDeadline_timesOutAndInterruptsTheHook() throws InterruptedException {
    CountDownLatch interrupted = new CountDownLatch(1);

    HostDecision<String> decision =
        HostDecision.await(
            "codemode-test-late",
            () -> {
              try {
                new CountDownLatch(1).await();
              } catch (InterruptedException e) {
                interrupted.countDown();
              }
              return "too late";
            },
            Duration.ofMillis(1));

    assertThat(decision).isEqualTo(new HostDecision.TimedOut<String>());
    assertThat(interrupted.await(1, TimeUnit.MINUTES)).isTrue();
  }

  @Test
  void await_askerInterrupted_rethrowsAndInterruptsTheHook() throws InterruptedException {
    CountDownLatch hookStarted = new CountDownLatch(1);
    CountDownLatch hookInterrupted = new CountDownLatch(1);
    AtomicReference<Throwable> askerSaw = new AtomicReference<>();
    Thread asker =
        Thread.ofPlatform()
            .start(
                () -> {
                  try {
                    HostDecision.await(
                        "codemode-test-hang",
                        () -> {
                          hookStarted.countDown();
                          try {
                            new CountDownLatch(1).await();
                          } catch (InterruptedException e) {
                            hookInterrupted.countDown();
                          }
                          return "never";
                        },
                        LONG);
                  } catch (InterruptedException e) {
                    askerSaw.set(e);
                  }
                });
    assertThat(hookStarted.await(1, TimeUnit.MINUTES)).isTrue();

    asker.interrupt();
    asker.join();

    assertThat(askerSaw.get()).isInstanceOf(InterruptedException.class);
    assertThat(hookInterrupted.await(1, TimeUnit.MINUTES)).isTrue();
  }

  @Test
  void await_hookThreadIsVirtualAndNamed() throws InterruptedException {
    HostDecision<String> decision =
        HostDecision.await(
            "codemode-authorize-c7",
            () -> Thread.currentThread().isVirtual() + " " + Thread.currentThread().getName(),
            LONG);

    assertThat(decision).isEqualTo(new HostDecision.Answered<>("true codemode-authorize-c7"));
  }
}
