package io.codemode4j.mcp;

import io.codemode4j.bridge.Principal;
import io.codemode4j.bridge.RunContext;
import io.codemode4j.bridge.Visibility;
import java.util.List;
import java.util.Objects;
import org.jspecify.annotations.Nullable;

/**
 * What one MCP client may do: act as {@code principal} (its tenant keys confine every row it
 * reads), see only the methods {@code methods} names (null: every allowlisted method), and run at
 * most {@code maxConcurrentPasses} Code Mode passes at once.
 *
 * <p>Decided: the grant, not the server, carries the method patterns, so one HTTP server gives each
 * token its own {@code run_javascript} description declaring only what that token may call, and its
 * own {@code discover_tools} matches; patterns are {@link Visibility#only}'s ({@code
 * billing.invoices}, {@code warehouse.*}).
 *
 * @param principal who the client acts for
 * @param methods method patterns the client may see; null for all
 * @param maxConcurrentPasses passes of this client running at once, 1..{@value #MAX_CONCURRENT}
 */
public record Grant(Principal principal, @Nullable List<String> methods, int maxConcurrentPasses) {

  public static final int DEFAULT_CONCURRENT_PASSES = 8;
  public static final int MAX_CONCURRENT = 256;

  public Grant {
    Objects.requireNonNull(principal, "principal");
    if (methods != null) {
      methods = List.copyOf(methods);
      if (methods.isEmpty()) {
        throw new IllegalArgumentException(
            "the grant of "
                + principal.id()
                + " names no methods: list at least one pattern (e.g. warehouse.*), or leave"
                + " methods out to grant every method");
      }
    }
    if (maxConcurrentPasses < 1 || maxConcurrentPasses > MAX_CONCURRENT) {
      throw new IllegalArgumentException(
          "maxConcurrentPasses of "
              + principal.id()
              + " must be 1.."
              + MAX_CONCURRENT
              + ", was "
              + maxConcurrentPasses);
    }
  }

  /** Every method, {@value #DEFAULT_CONCURRENT_PASSES} passes at once. */
  public static Grant of(Principal principal) {
    return new Grant(principal, null, DEFAULT_CONCURRENT_PASSES);
  }

  /** What the grant lets the client see. */
  public Visibility visibility() {
    return methods == null ? Visibility.all() : Visibility.only(methods);
  }

  /** A run of this grant for one {@code tools/call}, whose id is {@code callId}. */
  public RunContext run(String runId, String callId) {
    return new RunContext(runId, callId, principal, null, null, visibility());
  }
}
