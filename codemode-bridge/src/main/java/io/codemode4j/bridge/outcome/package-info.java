/**
 * What one pass produced, for the host: a {@link io.codemode4j.bridge.outcome.PassOutcome}, which
 * is either a {@link io.codemode4j.bridge.outcome.PassSuccess} or a {@link
 * io.codemode4j.bridge.outcome.PassFailure} (with its {@link
 * io.codemode4j.bridge.outcome.FailureKind}); its ledger of {@link
 * io.codemode4j.bridge.outcome.CallRecord}s with their {@link
 * io.codemode4j.bridge.outcome.CallStatus}; its {@link io.codemode4j.bridge.outcome.LogEntry}s; the
 * {@link io.codemode4j.bridge.outcome.Egress} the model may see; and the {@link
 * io.codemode4j.bridge.outcome.PassReport} given to {@code onPassExit}.
 *
 * <p>Decided: values only, depending on nothing under {@code internal}, so that the types a host
 * keeps and serialises do not change when the engine does.
 */
@NullMarked
package io.codemode4j.bridge.outcome;

import org.jspecify.annotations.NullMarked;
