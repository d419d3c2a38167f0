package io.codemode4j.agent.internal;

import dev.langchain4j.exception.HttpException;
import dev.langchain4j.model.chat.ChatModel;
import dev.langchain4j.model.chat.request.ChatRequest;
import dev.langchain4j.model.chat.response.ChatResponse;
import io.codemode4j.agent.ModelRedirectException;
import io.codemode4j.bridge.audit.InternalFailure;
import io.codemode4j.bridge.audit.LogText;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicBoolean;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * One request to the model, interrupted at the run's deadline, and what came of it in words the run
 * can show: LangChain4j's JDK HTTP client aborts a request when its thread is interrupted.
 */
final class ModelChat {

  private static final Logger LOG = LoggerFactory.getLogger(ModelChat.class);

  /** What came of a request. */
  sealed interface Reply {
    /** The model answered in time. */
    record Answered(ChatResponse response) implements Reply {}

    /** The deadline passed while the model was asked. */
    record Late() implements Reply {}

    /** The run's caller interrupted it. */
    record Cancelled() implements Reply {}

    /** The model failed; {@code why} says how, in words (see {@link #failure}). */
    record Failed(String why) implements Reply {}
  }

  private ModelChat() {}

  /** Asks {@code model}, giving up at {@code deadline} ({@link System#nanoTime()}). */
  static Reply chat(ChatModel model, ChatRequest request, long deadline) {
    Thread caller = Thread.currentThread();
    AtomicBoolean late = new AtomicBoolean();
    // A virtual thread per request, not a shared timer: nothing outlives the run.
    Thread alarm =
        Thread.ofVirtual()
            .name("codemode-agent-deadline")
            .start(
                () -> {
                  try {
                    TimeUnit.NANOSECONDS.sleep(Math.max(0, deadline - System.nanoTime()));
                  } catch (InterruptedException e) {
                    return; // the model answered first
                  }
                  late.set(true);
                  caller.interrupt();
                });
    try {
      return new Reply.Answered(model.chat(request));
    } catch (RuntimeException e) {
      if (late.get()) {
        return new Reply.Late();
      }
      if (caller.isInterrupted() || causedByInterrupt(e)) {
        return new Reply.Cancelled();
      }
      return new Reply.Failed(failure(e));
    } finally {
      alarm.interrupt();
      boolean interrupted = false;
      while (alarm.isAlive()) {
        try {
          alarm.join();
        } catch (InterruptedException e) {
          interrupted = true; // the alarm's own interrupt, or the caller's: kept below
        }
      }
      if (late.get()) {
        Thread.interrupted(); // the alarm's interrupt, not the caller's
      } else if (interrupted) {
        caller.interrupt();
      }
    }
  }

  /**
   * What went wrong with a model request, in words: the HTTP status and the first line of the body
   * the server answered (a redirect, which is not followed, with where it pointed, and an empty
   * body said as such); no exception's class or a message that reads as Java, which the host's log
   * keeps instead.
   */
  static String failure(RuntimeException e) {
    for (Throwable t = e; t != null; t = t.getCause()) {
      if (t instanceof ModelRedirectException redirect) {
        return redirect.getMessage();
      }
      if (t instanceof HttpException http) {
        int status = http.statusCode();
        String body = http.getMessage() == null ? "" : http.getMessage().strip();
        if (status >= 300 && status < 400) {
          return "the model server answered "
              + status
              + ", a redirect, which is not followed: give the base URL it redirects to";
        }
        if (body.isEmpty()) {
          return "the model server answered " + status + " with an empty body";
        }
        String line = body.lines().findFirst().orElse(body);
        return "the model server answered "
            + status
            + ": "
            + (line.length() > 500 ? line.substring(0, 500) + "…" : line);
      }
      if (t instanceof java.net.ConnectException) {
        return "the model server could not be reached (connection refused): check the base URL";
      }
      if (t instanceof java.net.http.HttpTimeoutException) {
        return "the model server did not answer in time";
      }
    }
    String message = e.getMessage();
    if (message == null || message.isBlank() || InternalFailure.readsAsJava(message)) {
      LOG.warn("the model request failed", LogText.of(e));
      return "the model request failed without a message it can show (the host's log has it)";
    }
    return message;
  }

  private static boolean causedByInterrupt(Throwable e) {
    for (Throwable t = e; t != null; t = t.getCause()) {
      if (t instanceof InterruptedException) {
        return true;
      }
    }
    return false;
  }
}
