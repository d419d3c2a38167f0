/**
 * Passes in worker JVMs: the executor that keeps a pool of them ({@link
 * io.codemode4j.bridge.internal.worker.WorkerProcessExecutor}), the worker's own main, and the
 * frame protocol between the two. The worker runs the engine; the broker, handlers and ledger stay
 * in the parent.
 */
@NullMarked
package io.codemode4j.bridge.internal.worker;

import org.jspecify.annotations.NullMarked;
