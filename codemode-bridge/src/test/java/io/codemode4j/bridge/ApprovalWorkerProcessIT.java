package io.codemode4j.bridge;

class ApprovalWorkerProcessIT extends ApprovalContract {
  ApprovalWorkerProcessIT() {
    super(new Isolation.Process(1, 256));
  }
}
