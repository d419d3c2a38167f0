package io.codemode4j.bridge;

class ObservabilityInProcessIT extends ObservabilityContract {
  ObservabilityInProcessIT() {
    super(Isolation.inProcess());
  }
}
