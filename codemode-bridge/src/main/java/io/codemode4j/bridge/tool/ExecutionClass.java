package io.codemode4j.bridge.tool;

import io.codemode4j.bridge.CodeMode;

/**
 * What calling a tool does to the world. {@link #NEEDS_APPROVAL} is a mutation that a person
 * approves call by call (the run's {@link io.codemode4j.bridge.approval.ApprovalChannel}, see
 * {@link CodeMode.Builder#approval}) or as one plan ({@link CodeMode#plan}, {@link
 * CodeMode#apply}): a run with no channel is offered the tool, and every call of it rejects with
 * kind {@code denied} without reaching its handler.
 */
public enum ExecutionClass {
  READONLY("readonly"),
  MUTATION("mutation"),
  NEEDS_APPROVAL("needsApproval");

  private final String wireName;

  ExecutionClass(String wireName) {
    this.wireName = wireName;
  }

  /** Whether a call changes state: a mutation, approved or not, whose intent is audited first. */
  public boolean changesState() {
    return this != READONLY;
  }

  /**
   * The spelling in tool specs and declarations: {@code readonly}, {@code mutation}, {@code
   * needsApproval}.
   */
  public String wireName() {
    return wireName;
  }
}
