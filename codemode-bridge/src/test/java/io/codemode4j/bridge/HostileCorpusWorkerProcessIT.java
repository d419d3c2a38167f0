package io.codemode4j.bridge;

/** The adversarial corpus on the worker-process executor: two workers of 256 MiB heap. */
class HostileCorpusWorkerProcessIT extends HostileCorpusContract {
  HostileCorpusWorkerProcessIT() {
    super(new Isolation.Process(2, 256));
  }
}
