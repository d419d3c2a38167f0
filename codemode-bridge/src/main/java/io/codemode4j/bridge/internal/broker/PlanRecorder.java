package io.codemode4j.bridge.internal.broker;

import io.codemode4j.bridge.plan.PlannedRead;
import io.codemode4j.bridge.plan.PlannedWrite;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;
import java.util.Objects;
import tools.jackson.databind.JsonNode;

/**
 * What a planning pass recorded: its writes instead of running them, its reads with what they
 * returned. Calls finish on their own threads, so both are kept in invocation order by their call
 * number. A write's idempotency key is the plan's id and its call number: stable for the plan,
 * distinct from every other plan's.
 */
public final class PlanRecorder {

  private final String planId;
  private final List<PlannedRead> reads = new ArrayList<>();
  private final List<PlannedWrite> writes = new ArrayList<>();

  public PlanRecorder(String planId) {
    this.planId = Objects.requireNonNull(planId, "planId");
  }

  /** Records a write; returns its idempotency key. */
  synchronized String write(String callId, String method, String tool, JsonNode arguments) {
    int step = number(callId);
    String key = planId + ":" + step;
    writes.add(
        new PlannedWrite(
            step,
            callId,
            method,
            tool,
            arguments,
            key,
            reads.stream().map(PlannedRead::callId).toList()));
    return key;
  }

  synchronized void read(String callId, String method, JsonNode arguments, JsonNode result) {
    reads.add(new PlannedRead(callId, method, arguments, result));
  }

  public synchronized List<PlannedRead> reads() {
    return reads.stream().sorted(Comparator.comparingInt(r -> number(r.callId()))).toList();
  }

  public synchronized List<PlannedWrite> writes() {
    return writes.stream().sorted(Comparator.comparingInt(PlannedWrite::step)).toList();
  }

  /** The call's number in its pass: {@code <passId>:<n>}. */
  private static int number(String callId) {
    return Integer.parseInt(callId.substring(callId.lastIndexOf(':') + 1));
  }
}
