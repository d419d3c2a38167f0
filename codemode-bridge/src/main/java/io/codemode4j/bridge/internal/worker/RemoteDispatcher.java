package io.codemode4j.bridge.internal.worker;

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
  private final Map<Integer, Consumer<Completion>> waiting = new ConcurrentHashMap<>();
  private int next;

  RemoteDispatcher(Frames.Writer parent) {
    this.parent = parent;
  }

  @Override
  public void call(String method, @Nullable String argumentsJson, Consumer<Completion> done) {
    int id = ++next;
    waiting.put(id, done);
    try {
      parent.write(new Frame.Call(id, method, argumentsJson));
    } catch (IOException e) {
      throw new UncheckedIOException("the parent process is gone", e);
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
