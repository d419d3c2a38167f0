package io.codemode4j.bridge.internal.engine;

import java.util.Map;
import org.graalvm.polyglot.proxy.ProxyExecutable;
import org.graalvm.polyglot.proxy.ProxyObject;

/**
 * The prelude's {@code host}: calls, logs and the program's end, forwarded to the pass that owns
 * the context. A context is prepared before any pass owns it, so the prelude captures this object
 * and the pass binds itself before its program runs. A context serves exactly one pass, so the
 * binding never changes after.
 */
final class PassHost {

  private volatile GraalPass pass;

  void bind(GraalPass owner) {
    this.pass = owner;
  }

  ProxyObject proxy() {
    return ProxyObject.fromMap(
        Map.of(
            "call", (ProxyExecutable) args -> pass.onCall(args),
            "log", (ProxyExecutable) args -> pass.onLog(args),
            "done", (ProxyExecutable) args -> pass.onDone(args)));
  }
}
