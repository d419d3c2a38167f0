package io.codemode4j.bridge.internal.engine;

import io.codemode4j.bridge.CodeExecutionLimits;
import io.codemode4j.bridge.RunContext;
import io.codemode4j.bridge.internal.broker.Broker;

/** Runs one pass of a checked program, in this process or in a worker process. */
public interface CodeExecutor extends AutoCloseable {

  /**
   * Runs {@code source} with the methods of {@code namespacesJson}, each call going to {@code
   * broker}, and returns when every resource of the pass has closed.
   */
  PassResult execute(
      Broker broker,
      String passId,
      String source,
      String namespacesJson,
      RunContext run,
      CodeExecutionLimits limits,
      long wallNanos);

  @Override
  void close();
}
