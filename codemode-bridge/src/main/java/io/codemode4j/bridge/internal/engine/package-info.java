/**
 * The GraalJS engine: the program's shape check, the sandboxed contexts and the pool that prepares
 * them, one pass's event loop ({@link io.codemode4j.bridge.internal.engine.GraalPass}) with the
 * meter of its CPU and allocation budgets, the classes of engine failure and the failures'
 * messages, and the in-process executor. {@link io.codemode4j.bridge.internal.engine.CodeExecutor}
 * and {@link io.codemode4j.bridge.internal.engine.PassResult} are the contract both executors (this
 * one and the worker's) keep with {@code CodeMode}. Depends on the broker, never on the worker.
 */
@NullMarked
package io.codemode4j.bridge.internal.engine;

import org.jspecify.annotations.NullMarked;
