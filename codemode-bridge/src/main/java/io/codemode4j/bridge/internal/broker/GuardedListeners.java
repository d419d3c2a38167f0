package io.codemode4j.bridge.internal.broker;

import io.codemode4j.bridge.audit.LogText;
import io.codemode4j.bridge.event.CallAdmitted;
import io.codemode4j.bridge.event.CallEnded;
import io.codemode4j.bridge.event.CallStarted;
import io.codemode4j.bridge.event.PassEnded;
import io.codemode4j.bridge.event.PassEvent;
import io.codemode4j.bridge.event.PassListener;
import io.codemode4j.bridge.event.PassStarted;
import java.util.List;
import java.util.concurrent.atomic.AtomicBoolean;
import org.jspecify.annotations.Nullable;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * The host's listeners as one, each in registration order and each behind a guard: whatever one
 * throws is logged (the first time at warn level with its stack trace, later at debug level, so a
 * listener broken for good does not flood the log) and goes no further, so neither the pass, its
 * outcome, the model's view nor the other listeners see it.
 *
 * <p>Decided: the guard catches every {@link Throwable} but a {@link VirtualMachineError}: an
 * assertion or linkage error of a listener is still its own bug, while running out of memory or
 * stack is the JVM's and must not be hidden.
 */
public final class GuardedListeners implements PassListener {

  private static final Logger LOG = LoggerFactory.getLogger(GuardedListeners.class);

  private record Guarded(PassListener listener, boolean wantsArguments, AtomicBoolean warned) {}

  private final List<Guarded> listeners;
  private final boolean wantsArguments;

  private GuardedListeners(List<PassListener> listeners) {
    this.listeners =
        listeners.stream()
            .map(listener -> new Guarded(listener, listener.wantsArguments(), new AtomicBoolean()))
            .toList();
    this.wantsArguments = this.listeners.stream().anyMatch(Guarded::wantsArguments);
  }

  /** {@code listeners}, guarded; null when there are none, so that no event is even built. */
  public static @Nullable GuardedListeners of(List<PassListener> listeners) {
    return listeners.isEmpty() ? null : new GuardedListeners(List.copyOf(listeners));
  }

  /**
   * Whether some listener asked for the calls' arguments; the ledger puts them on {@link
   * CallAdmitted} only then, and they reach only the listeners that asked.
   */
  @Override
  public boolean wantsArguments() {
    return wantsArguments;
  }

  @Override
  public void onPassStarted(PassStarted event) {
    deliver(event);
  }

  @Override
  public void onCallAdmitted(CallAdmitted event) {
    deliver(event);
  }

  @Override
  public void onCallStarted(CallStarted event) {
    deliver(event);
  }

  @Override
  public void onCallEnded(CallEnded event) {
    deliver(event);
  }

  @Override
  public void onPassEnded(PassEnded event) {
    deliver(event);
  }

  private static CallAdmitted withoutArguments(CallAdmitted e) {
    return new CallAdmitted(
        e.runId(), e.passId(), e.callId(), e.method(), e.tool(), e.invokedAt(), null);
  }

  private void deliver(PassEvent event) {
    for (Guarded guarded : listeners) {
      try {
        switch (event) {
          case PassStarted e -> guarded.listener().onPassStarted(e);
          case CallAdmitted e ->
              guarded
                  .listener()
                  .onCallAdmitted(
                      e.argumentsJson() == null || guarded.wantsArguments()
                          ? e
                          : withoutArguments(e));
          case CallStarted e -> guarded.listener().onCallStarted(e);
          case CallEnded e -> guarded.listener().onCallEnded(e);
          case PassEnded e -> guarded.listener().onPassEnded(e);
        }
      } catch (VirtualMachineError e) {
        throw e;
      } catch (Throwable e) {
        if (guarded.warned().compareAndSet(false, true)) {
          LOG.warn(
              "pass listener {} failed on {} of pass {}; the pass goes on, and its further failures are"
                  + " logged at debug level",
              guarded.listener(),
              event.getClass().getSimpleName(),
              event.passId(),
              LogText.of(e));
        } else {
          LOG.debug(
              "pass listener {} failed on {} of pass {}: {}",
              guarded.listener(),
              event.getClass().getSimpleName(),
              event.passId(),
              LogText.of(e.toString()));
        }
      }
    }
  }
}
