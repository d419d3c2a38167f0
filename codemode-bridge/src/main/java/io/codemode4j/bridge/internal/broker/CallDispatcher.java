package io.codemode4j.bridge.internal.broker;

import io.codemode4j.bridge.outcome.CallRecord;
import java.util.List;
import java.util.Objects;
import java.util.function.Consumer;
import org.jspecify.annotations.Nullable;

/**
 * Where a pass's inner calls go. In process, to the broker ({@link LocalDispatcher}); inside a
 * worker process, over the frame protocol to the parent, whose broker holds the handlers and the
 * ledger.
 */
public interface CallDispatcher {

  /**
   * What the program will see of one call: its result, or its failure envelope, as JSON text.
   *
   * <p>Decided: the one completion type of the call path. The broker delivers it, the dispatchers
   * pass it on unchanged, and the worker's {@code completion} frame carries it with the call's
   * number; the ledger entry it belongs to stays in the broker, which alone needs it.
   *
   * @param failure whether {@code json} is a failure envelope rather than a result
   */
  record Completion(boolean failure, String json) {
    public Completion {
      Objects.requireNonNull(json, "json");
    }
  }

  /**
   * The program called {@code method} with {@code argumentsJson} ({@code null} when the arguments
   * had no JSON form). Called on the pass thread; {@code done} receives the completion exactly
   * once, on any thread, unless the pass ends first.
   */
  void call(String method, @Nullable String argumentsJson, Consumer<Completion> done);

  /**
   * The pass thread has nothing else to do until a call completes. A dispatcher that held back the
   * program's lone call ({@link LocalDispatcher}) hands it over here, to be run on the calling
   * thread; its completion is delivered like any other. Null when no call is held.
   */
  default @Nullable Runnable takeHeldCall() {
    return null;
  }

  /**
   * Called every millisecond while the pass runs: starts a call held for longer than about that on
   * its own thread, so that a program busy after making it does not delay it.
   */
  default void releaseHeldCall() {}

  /**
   * The pass has ended: freezes the ledger, then interrupts what still runs. Returns the final
   * records.
   */
  List<CallRecord> close();
}
