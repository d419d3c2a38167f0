package io.codemode4j.bridge.internal.worker;

/**
 * A real worker whose stdout first carries what a JVM writes there on its own: the unified log
 * lines that {@code JAVA_TOOL_OPTIONS=-Xlog:gc} or a JFR recording asks for, which no frame reader
 * can take for a frame.
 */
final class NoisyWorkerMain {

  private NoisyWorkerMain() {}

  public static void main(String[] args) throws Exception {
    System.out.println("[0.004s][info][gc] Using Serial");
    System.out.println("[0.352s][info][jfr,startup] Started recording 1.");
    System.out.flush();
    WorkerMain.main(args);
  }
}
