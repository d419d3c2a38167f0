package io.codemode4j.bridge.tool;

import io.codemode4j.bridge.CodeMode;

/**
 * What calling a tool does to the world. Code Mode runs {@link #READONLY} and {@link #MUTATION}
 * tools; {@link #NEEDS_APPROVAL} tools are refused when {@link CodeMode} is built, since a program
 * cannot stop for a human in the middle of a pass.
 */
public enum ExecutionClass {
  READONLY("readonly"),
  MUTATION("mutation"),
  NEEDS_APPROVAL("needsApproval");

  private final String wireName;

  ExecutionClass(String wireName) {
    this.wireName = wireName;
  }

  /**
   * The spelling in tool specs and declarations: {@code readonly}, {@code mutation}, {@code
   * needsApproval}.
   */
  public String wireName() {
    return wireName;
  }
}
