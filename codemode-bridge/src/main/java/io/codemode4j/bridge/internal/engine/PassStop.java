package io.codemode4j.bridge.internal.engine;

import io.codemode4j.bridge.outcome.FailureKind;
import io.codemode4j.bridge.outcome.Limit;
import java.util.Objects;
import org.jspecify.annotations.Nullable;

/**
 * Why a pass failed, before it becomes a {@link PassResult}: the kind, the limit that was hit (null
 * for a failure that is not one) and the message the program's author reads. {@link PassMessages}
 * writes every one of them.
 */
record PassStop(FailureKind kind, @Nullable Limit limit, String message) {
  PassStop {
    Objects.requireNonNull(kind, "kind");
    Objects.requireNonNull(message, "message");
    if (limit != null && kind != FailureKind.LIMIT) {
      throw new IllegalArgumentException("a limit is reported as failure " + FailureKind.LIMIT);
    }
  }
}
