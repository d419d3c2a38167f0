package io.codemode4j.bench;

import java.io.OutputStream;
import org.graalvm.polyglot.Context;
import org.graalvm.polyglot.Engine;
import org.graalvm.polyglot.HostAccess;
import org.graalvm.polyglot.SandboxPolicy;
import org.graalvm.polyglot.Source;
import org.graalvm.polyglot.proxy.ProxyExecutable;

/**
 * The warm-pass baseline: what GraalJS itself costs for {@code async () => 1} in a fresh context of
 * a shared engine under the same sandbox policy as Code Mode, evaluated and awaited on the calling
 * thread, without any of Code Mode (shape check, pass thread, prelude and namespaces, limits,
 * ledger, egress).
 */
public final class BareContext implements AutoCloseable {

  private final Engine engine =
      Engine.newBuilder("js")
          .sandbox(SandboxPolicy.CONSTRAINED)
          .out(OutputStream.nullOutputStream())
          .err(OutputStream.nullOutputStream())
          .option("engine.WarnInterpreterOnly", "false")
          .build();
  private final Source program = Source.create("js", "(async () => 1)()");

  /** Evaluates and awaits the program in a fresh context, and returns its value (1). */
  public int run() {
    try (Context context =
        Context.newBuilder("js")
            .engine(engine)
            .sandbox(SandboxPolicy.CONSTRAINED)
            .allowHostAccess(HostAccess.CONSTRAINED)
            .out(OutputStream.nullOutputStream())
            .err(OutputStream.nullOutputStream())
            .option("js.allow-eval", "false")
            .option("js.load", "false")
            .option("js.print", "false")
            .option("js.graal-builtin", "false")
            .option("js.console", "false")
            .build()) {
      int[] settled = {0};
      // The promise's reactions run as microtasks when this outermost call into the context
      // returns.
      context
          .eval(program)
          .invokeMember(
              "then",
              (ProxyExecutable)
                  arguments -> {
                    settled[0] = arguments[0].asInt();
                    return null;
                  });
      if (settled[0] != 1) {
        throw new IllegalStateException("the baseline program did not settle to 1");
      }
      return settled[0];
    }
  }

  @Override
  public void close() {
    engine.close(true);
  }
}
