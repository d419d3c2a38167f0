package io.codemode4j.bridge.event;

/** An event of one inner call: its ids and what the program called. */
public sealed interface CallEvent extends PassEvent permits CallAdmitted, CallStarted, CallEnded {

  /** Unique within the pass; the ledger's {@code CallRecord.callId}. */
  String callId();

  /** The namespace path the program called, e.g. {@code billing.invoices}. */
  String method();

  /** The native tool behind the method; empty for a method the run may not call. */
  String tool();
}
