package io.codemode4j.bridge.internal.broker;

import io.codemode4j.bridge.Durations;
import io.codemode4j.bridge.audit.LogText;
import io.codemode4j.bridge.tool.AuthorizationDecision;
import io.codemode4j.bridge.tool.AuthorizationRequest;
import io.codemode4j.bridge.tool.RunToolAuthorization;
import io.codemode4j.bridge.tool.ToolFailure;
import java.time.Duration;
import java.util.Objects;
import org.jspecify.annotations.Nullable;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * Runs the host's {@link RunToolAuthorization} for one call, failing closed: a hook that throws,
 * answers null or answers late denies. The hook decides through {@link HostDecision}, so the
 * timeout holds whichever thread asks and a hook that ignores interruption keeps only its own
 * thread.
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
    return switch (HostDecision.await(
        "codemode-authorize-" + request.call().callId(), () -> hook.authorize(request), timeout)) {
      case HostDecision.Answered<AuthorizationDecision>(AuthorizationDecision.Allowed allowed) ->
          null;
      case HostDecision.Answered<AuthorizationDecision>(AuthorizationDecision.Denied denied) ->
          new ToolFailure(ToolFailure.Kind.UNAUTHORIZED, denied.reason());
      case HostDecision.Answered<AuthorizationDecision>(var none) ->
          failedClosed(request, "answered null", null);
      case HostDecision.Failed<AuthorizationDecision>(Throwable cause) ->
          failedClosed(request, "failed", cause);
      case HostDecision.TimedOut<AuthorizationDecision>() ->
          failedClosed(
              request,
              "did not answer within " + Durations.format(timeout) + " (authorizationTimeout)",
              null);
    };
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
