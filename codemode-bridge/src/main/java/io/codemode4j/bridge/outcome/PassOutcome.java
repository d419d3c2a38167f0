package io.codemode4j.bridge.outcome;

import java.util.List;

/**
 * The complete outcome of one pass, for the host: the full ledger and logs, and the {@link Egress}
 * that the model may see.
 */
public sealed interface PassOutcome permits PassSuccess, PassFailure {

  String passId();

  /** Every line the program logged, in order (bounded by {@code maxLogBytes}). */
  List<LogEntry> logs();

  /** Every inner call in invocation order, with what is known of its outcome. */
  List<CallRecord> calls();

  /** What the model sees: redacted, then bounded by {@code maxEgressBytes}. */
  Egress egress();

  default boolean ok() {
    return this instanceof PassSuccess;
  }
}
