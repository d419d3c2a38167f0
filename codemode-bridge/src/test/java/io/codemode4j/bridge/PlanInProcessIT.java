package io.codemode4j.bridge;

class PlanInProcessIT extends PlanContract {
  PlanInProcessIT() {
    super(Isolation.inProcess());
  }
}
