package io.codemode4j.bridge.event;

import java.io.IOException;

/**
 * Records each call to a {@code mutation} tool before its handler runs, where it survives the
 * process; a call whose intent cannot be recorded does not run. A {@link PassListener} that also
 * implements this (the {@code AuditLog} does) is registered as both by {@code
 * CodeMode.Builder.listener}.
 *
 * <p>Decided: an audit that only observes, as listeners do, writes a call's line when it ends, so a
 * process killed after a tool's write committed and before that line was written left a stored
 * write with no record, and a failing disk let writes go on unrecorded. The intent is therefore a
 * gate: recorded and on stable storage before the write can happen, and its failure is the call's
 * ({@code unaudited}, which the program may catch), never only a log line. Reads are not gated:
 * they change nothing a record would be missing for.
 */
public interface MutationAudit {

  /**
   * Records {@code intent} durably (written, flushed and synced where the medium allows) before
   * returning. Called on the call's own thread, once per mutation call, concurrently for calls of
   * different passes.
   *
   * @throws IOException when it could not be recorded: the call then fails without running
   */
  void recordIntent(MutationIntent intent) throws IOException;
}
