package io.codemode4j.bridge.internal.broker;

import io.codemode4j.bridge.Durations;
import io.codemode4j.bridge.audit.LogText;
import io.codemode4j.bridge.tool.AuthorizationDecision;
import io.codemode4j.bridge.tool.AuthorizationRequest;
import io.codemode4j.bridge.tool.RunToolAuthorization;
import io.codemode4j.bridge.tool.ToolFailure;
import java.time.Duration;
import java.util.Objects;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.TimeoutException;
import org.jspecify.annotations.Nullable;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * Runs the host's {@link RunToolAuthorization} for one call, failing closed: a hook that throws,
 * answers null or answers late denies. Each decision runs on a virtual thread of its own, so the
 * timeout holds whichever thread asks (a lone call runs on the pass thread) and a hook that ignores
 * interruption keeps only its own thread.
 */
public final class Authorizer {

  private static final Logger LOG = LoggerFactory.getLogger(Authorizer.class);

  private final RunToolAuthorization hook;
  private final Duration timeout;

  public Authorizer(RunToolAuthorization hook, Duration timeout) {
    this.hook = Objects.requireNonNull(hook, "hook");
    this.timeout = Objects.requireNonNull(timeout, "timeout");
  }

  /**
   * The refusal of {@code request}, or null when the hook allows it.
   *
   * @throws InterruptedException when the pass ended while the hook decided
   */
  @Nullable ToolFailure refusal(AuthorizationRequest request) throws InterruptedException {
    CompletableFuture<AuthorizationDecision> decision = new CompletableFuture<>();
    Thread deciding =
        Thread.ofVirtual()
            .name("codemode-authorize-" + request.call().callId())
            .start(
                () -> {
                  try {
                    decision.complete(hook.authorize(request));
                  } catch (Exception | Error e) {
                    decision.completeExceptionally(e);
                  }
                });
    try {
      return switch (decision.get(timeout.toNanos(), TimeUnit.NANOSECONDS)) {
        case AuthorizationDecision.Allowed allowed -> null;
        case AuthorizationDecision.Denied denied ->
            new ToolFailure(ToolFailure.Kind.UNAUTHORIZED, denied.reason());
        case null -> failedClosed(request, "answered null", null);
      };
    } catch (TimeoutException e) {
      deciding.interrupt();
      return failedClosed(
          request,
          "did not answer within " + Durations.format(timeout) + " (authorizationTimeout)",
          null);
    } catch (ExecutionException e) {
      return failedClosed(request, "failed", e.getCause());
    } catch (InterruptedException e) {
      deciding.interrupt();
      throw e;
    }
  }

  private static ToolFailure failedClosed(
      AuthorizationRequest request, String what, @Nullable Throwable cause) {
    LOG.warn(
        "the authorization hook {} for {} (call {}); the call is denied",
        what,
        request.method(),
        request.call().callId(),
        cause == null ? null : LogText.of(cause));
    return new ToolFailure(
        ToolFailure.Kind.UNAUTHORIZED,
        "denied: the host's authorization "
            + what
            + " for "
            + request.method()
            + ", so the call did not run");
  }
}
