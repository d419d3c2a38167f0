package io.codemode4j.bridge.internal.engine;

import io.codemode4j.bridge.CodeMode;
import java.io.IOException;
import java.io.InputStream;
import java.io.OutputStream;
import java.io.UncheckedIOException;
import java.lang.management.ManagementFactory;
import java.lang.management.ThreadMXBean;
import java.nio.charset.StandardCharsets;
import java.util.Objects;
import org.graalvm.polyglot.Context;
import org.graalvm.polyglot.Engine;
import org.graalvm.polyglot.HostAccess;
import org.graalvm.polyglot.SandboxPolicy;
import org.graalvm.polyglot.Source;
import org.graalvm.polyglot.Value;

/**
 * The shared GraalJS engine and the recipe for a pass's fresh context.
 *
 * <p>Decided: one {@link Engine} per {@link CodeMode}, since GraalJS here is interpreter-only and
 * the engine caches parsed sources (the prelude is parsed once, not per pass). Contexts use {@link
 * SandboxPolicy#CONSTRAINED}: no host class lookup (never configured, which would create {@code
 * Java}/{@code Packages} globals even with a deny-all filter), no polyglot access, no IO, no
 * threads, no native access, host objects limited to {@link HostAccess#CONSTRAINED}; {@code eval}
 * and the {@code Function} constructors are disabled, and the shell built-ins ({@code load}, {@code
 * print}, {@code quit}, {@code Graal}) are off. Standard output and error go nowhere: the prelude's
 * {@code console} reports to the host instead.
 */
public final class Sandbox implements AutoCloseable {

  /** The prelude's name in stack traces, which a program can read. */
  static final String PRELUDE = "codemode:prelude";

  private final Engine engine;
  private final Source prelude;

  public Sandbox() {
    // The CPU budget is read from the pass thread's CPU clock (PassMeter): without one it would not
    // be enforced at all, so a JVM that cannot measure it gets no sandbox.
    ThreadMXBean threads = ManagementFactory.getThreadMXBean();
    if (!threads.isThreadCpuTimeSupported() || !threads.isThreadCpuTimeEnabled()) {
      throw new IllegalStateException(
          "Code Mode cannot enforce maxCpuTime: this JVM does not measure thread CPU time"
              + " (ThreadMXBean.isThreadCpuTimeSupported/isThreadCpuTimeEnabled are false); run"
              + " on a HotSpot JDK with thread CPU time enabled");
    }
    this.engine =
        Engine.newBuilder("js")
            .sandbox(SandboxPolicy.CONSTRAINED)
            .out(OutputStream.nullOutputStream())
            .err(OutputStream.nullOutputStream())
            .option("engine.WarnInterpreterOnly", "false")
            .build();
    // Built from the prelude's text under a neutral name, not from its URL: a source built from a
    // URL names that URL (the installation's jar or classes directory) in every stack frame, and a
    // program can read a stack taken while the prelude calls its code (a toJSON, a getter, the
    // program itself, which the prelude starts). The program's source is "program.js" (GraalPass).
    try (InputStream text =
        Objects.requireNonNull(
            Sandbox.class.getResourceAsStream("prelude.js"), "prelude.js is part of this jar")) {
      this.prelude =
          Source.newBuilder("js", new String(text.readAllBytes(), StandardCharsets.UTF_8), PRELUDE)
              .buildLiteral();
    } catch (IOException e) {
      throw new UncheckedIOException("the prelude is part of this jar and must be readable", e);
    }
  }

  /**
   * A fresh context whose stack depth GraalJS itself bounds ({@code sandbox.MaxStackFrames}:
   * enforced in the community edition from 25.1.3 on); hitting it cancels the context with a
   * resource-exhausted error the program cannot catch. Its realm is built and the prelude has run,
   * with the namespaces of {@code namespacesJson} and the result limit: most of a pass's fixed
   * cost, which {@link ContextPool} pays ahead of the passes.
   *
   * <p>Decided: the CPU budget is not GraalJS's {@code sandbox.MaxCPUTime} but the pass's watchdog
   * ({@link PassMeter}), which closes the context just as uncatchably. GraalJS's limit keeps
   * CPU-time accounting for every context and a checker thread that visits each: about a third of
   * the process CPU of preparing a context and a fifth of a trivial pass's (BENCHMARKS.md, report
   * of 2026-12-05 12:47 UTC, issue 28).
   */
  PreparedContext prepare(int maxStackFrames, String namespacesJson, int maxResultBytes) {
    Context context =
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
            .option("sandbox.MaxStackFrames", Integer.toString(maxStackFrames))
            .build();
    try {
      PassHost host = new PassHost();
      Value api = context.eval(prelude).execute(host.proxy(), namespacesJson, maxResultBytes);
      return new PreparedContext(context, host, api.getMember("start"), api.getMember("settle"));
    } catch (RuntimeException e) {
      context.close(true);
      throw e;
    }
  }

  @Override
  public void close() {
    engine.close(true);
  }
}
