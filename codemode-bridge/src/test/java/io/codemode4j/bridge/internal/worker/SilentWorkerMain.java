package io.codemode4j.bridge.internal.worker;

/** A worker that never says it is ready: a JVM as slow to start as a loaded machine makes one. */
final class SilentWorkerMain {

  private SilentWorkerMain() {}

  public static void main(String[] args) throws Exception {
    // Reads until the parent closes its stdin, saying nothing.
    while (System.in.read() != -1) {
      // nothing
    }
  }
}
