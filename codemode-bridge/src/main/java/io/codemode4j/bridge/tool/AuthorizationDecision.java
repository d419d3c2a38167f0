package io.codemode4j.bridge.tool;

import java.util.Objects;

/** What {@link RunToolAuthorization} decided about one inner call. */
public sealed interface AuthorizationDecision {

  /** The call may run. */
  record Allowed() implements AuthorizationDecision {}

  /**
   * The call may not run; the program sees {@code reason} in its {@code unauthorized} rejection.
   *
   * @param reason why, in words the program (and the model writing it) can act on
   */
  record Denied(String reason) implements AuthorizationDecision {
    public Denied {
      Objects.requireNonNull(reason, "reason");
      if (reason.isBlank()) {
        throw new IllegalArgumentException("a denial needs a reason the program can read");
      }
    }
  }

  static AuthorizationDecision allow() {
    return new Allowed();
  }

  static AuthorizationDecision deny(String reason) {
    return new Denied(reason);
  }
}
