package io.codemode4j.bridge.internal.engine;

import org.graalvm.polyglot.Context;
import org.graalvm.polyglot.PolyglotException;
import org.graalvm.polyglot.Value;

/**
 * A fresh context whose realm is built and whose prelude has run and installed the namespaces,
 * never used by a program: the prelude's {@code start} and {@code settle}, and the {@link PassHost}
 * it reports to.
 */
record PreparedContext(Context context, PassHost host, Value start, Value settle) {

  /**
   * Closes the context, cancelling anything running in it; a context that is already closed stays
   * so.
   */
  void close() {
    try {
      context.close(true);
    } catch (PolyglotException | IllegalStateException e) {
      // Closing a cancelled context rethrows the cancellation; whoever closes it already knows why
      // it ended.
    }
  }
}
