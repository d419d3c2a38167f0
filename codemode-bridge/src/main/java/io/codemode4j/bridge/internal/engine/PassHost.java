package io.codemode4j.bridge.internal.engine;

import java.util.Map;
import org.graalvm.polyglot.proxy.ProxyExecutable;
import org.graalvm.polyglot.proxy.ProxyObject;
import org.jspecify.annotations.Nullable;

/**
 * The prelude's {@code host}: calls, logs and the program's end, forwarded to the pass that owns
 * the context. A context is prepared before any pass owns it, so the prelude captures this object
 * and the pass binds itself before its program runs. A context serves exactly one pass, so the
 * binding never changes after.
 */
final class PassHost {

  /** Null until a pass binds itself. */
  private volatile @Nullable GraalPass pass;

  void bind(GraalPass owner) {
    this.pass = owner;
  }

  ProxyObject proxy() {
    return ProxyObject.fromMap(
        Map.of(
            "call", (ProxyExecutable) args -> bound().onCall(args),
            "log", (ProxyExecutable) args -> bound().onLog(args),
            "done", (ProxyExecutable) args -> bound().onDone(args)));
  }

  /** The pass that owns the context; a prelude that calls the host before one does is a bug. */
  private GraalPass bound() {
    GraalPass owner = pass;
    if (owner == null) {
      throw new IllegalStateException(
          "the prelude called the host before a pass owned its context");
    }
    return owner;
  }
}
