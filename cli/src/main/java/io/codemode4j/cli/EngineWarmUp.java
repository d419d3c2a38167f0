package io.codemode4j.cli;

import io.codemode4j.bridge.CodeMode;
import io.codemode4j.bridge.Principal;
import io.codemode4j.bridge.RunContext;
import io.codemode4j.bridge.tool.ExecutionClass;
import io.codemode4j.bridge.tool.Tool;
import io.codemode4j.bridge.tool.ToolSpec;
import tools.jackson.databind.node.JsonNodeFactory;
import tools.jackson.databind.node.ObjectNode;

/**
 * Warms the JavaScript engine on a background thread while the caller opens the warehouse.
 *
 * <p>Decided: on a cold JVM the first pass of a fresh engine costs about 0.45 s (loading and
 * initialising Truffle and GraalJS, the first realm and the prelude) and opening the warehouse
 * about 0.55 s (mostly DuckDB's native library), and neither needs the other. The Code Mode of a
 * run cannot be built before the warehouse is open (the query tool's description lists the
 * warehouse's tables), so this thread builds a throwaway Code Mode with one inert method and runs
 * one pass that calls it: what it warms is per JVM (classes loaded and initialised, code compiled),
 * and the run's own engine then starts its first pass in about 0.07 s instead of 0.45 s. The
 * throwaway engine is closed before {@link #await} returns.
 *
 * <p>A warm-up that fails is ignored: it only saves time, and the run's own engine reports the same
 * failure in its pass, as a typed outcome.
 */
final class EngineWarmUp implements AutoCloseable {

  private final Thread thread;

  private EngineWarmUp(Thread thread) {
    this.thread = thread;
  }

  /** Starts the warm-up on a new daemon thread. */
  static EngineWarmUp start() {
    return new EngineWarmUp(
        Thread.ofPlatform().name("codemode-engine-warm-up").daemon(true).start(EngineWarmUp::warm));
  }

  private static void warm() {
    // The schemas give the throwaway method's arguments and result the shape of a real tool's, so
    // the
    // schema compiler and validator are loaded here too.
    ObjectNode parameters = JsonNodeFactory.instance.objectNode().put("type", "object");
    parameters.putObject("properties").putObject("sql").put("type", "string");
    ObjectNode success = JsonNodeFactory.instance.objectNode().put("type", "object");
    ToolSpec spec =
        new ToolSpec(
            "warm_up",
            "Does nothing; only warms the engine.",
            parameters,
            success,
            ExecutionClass.READONLY);
    Tool inert = new Tool(spec, (arguments, context) -> JsonNodeFactory.instance.objectNode());
    try (CodeMode codeMode =
        CodeMode.builder().method("warmup", "noop", inert).readyContexts(0).build()) {
      // One call, like an analyst program's: the call path (broker, schema check, settling) warms
      // too.
      codeMode.run(
          "async () => (await warmup.noop({sql: 'SELECT 1'})) && 1",
          RunContext.of("cli-warm-up", Principal.unconfined("cli")));
    } catch (RuntimeException | LinkageError e) {
      // Ignored, see the class comment: the run's own engine meets and reports the same problem.
    }
  }

  /** Waits until the warm-up has finished and its engine is closed. */
  void await() throws InterruptedException {
    thread.join();
  }

  /**
   * Stops a warm-up that is still running (the caller failed before it needed the engine) and waits
   * for its thread to end, so no thread outlives the command; after {@link #await} it returns at
   * once.
   */
  @Override
  public void close() {
    boolean interrupted = false;
    thread.interrupt();
    while (thread.isAlive()) {
      try {
        thread.join();
      } catch (InterruptedException e) {
        interrupted = true;
      }
    }
    if (interrupted) {
      Thread.currentThread().interrupt();
    }
  }
}
