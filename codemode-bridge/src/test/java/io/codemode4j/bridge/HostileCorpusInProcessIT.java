package io.codemode4j.bridge;

/** The adversarial corpus on the in-process executor. */
class HostileCorpusInProcessIT extends HostileCorpusContract {
  HostileCorpusInProcessIT() {
    super(Isolation.inProcess());
  }
}
