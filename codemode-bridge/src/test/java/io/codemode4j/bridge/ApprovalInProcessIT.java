package io.codemode4j.bridge;

class ApprovalInProcessIT extends ApprovalContract {
  ApprovalInProcessIT() {
    super(Isolation.inProcess());
  }
}
