package io.codemode4j.bridge.internal.worker;

import io.codemode4j.bridge.internal.Utf8;
import io.codemode4j.bridge.internal.broker.CallDispatcher;
import io.codemode4j.bridge.outcome.CallRecord;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.util.List;
import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;
import java.util.function.Consumer;
import org.jspecify.annotations.Nullable;

/**
 * The worker's side of the call path: each call becomes a {@code call} frame to the parent, whose
 * broker admits, runs and records it; the parent's {@code completion} frame settles it here. The
 * worker holds no handler, credential or data source, and no ledger: the parent's is the only one.
 */
final class RemoteDispatcher implements CallDispatcher {

  private final Frames.Writer parent;
  private final int maxHostCallBytes;
  private final Map<Integer, Consumer<Completion>> waiting = new ConcurrentHashMap<>();
  private int next;

  RemoteDispatcher(Frames.Writer parent, int maxHostCallBytes) {
    this.parent = parent;
    this.maxHostCallBytes = maxHostCallBytes;
  }

  /**
   * Sends the call. Arguments over {@code maxHostCallBytes} are measured here and left out of the
   * frame: the parent's broker refuses them by their size, records the call, and the program gets
   * the same catchable {@code too_large} as in process.
   */
  @Override
  public void call(String method, @Nullable String argumentsJson, Consumer<Completion> done) {
    int id = ++next;
    waiting.put(id, done);
    int bytes = argumentsJson == null ? 0 : Utf8.length(argumentsJson);
    String sent = bytes > maxHostCallBytes ? null : argumentsJson;
    try {
      parent.write(new Frame.Call(id, method, sent, bytes));
    } catch (IOException e) {
      throw new UncheckedIOException("the parent process is gone", e);
    } catch (Frames.FrameTooLargeException e) {
      throw new IllegalStateException(
          "maxHostCallBytes is capped to fit a frame (WorkerProcessExecutor), yet "
              + e.getMessage(),
          e);
    }
  }

  /** A {@code completion} frame from the parent. Called on the worker's reader thread. */
  void complete(Frame.Completion completion) {
    Consumer<Completion> done = waiting.remove(completion.id());
    if (done != null) {
      done.accept(completion.completion());
    }
  }

  @Override
  public List<CallRecord> close() {
    waiting.clear();
    return List.of();
  }
}
