package io.codemode4j.bridge;

class PlanWorkerProcessIT extends PlanContract {
  PlanWorkerProcessIT() {
    super(new Isolation.Process(1, 256));
  }
}
