/**
 * The broker, the only way from a program to a handler: allowlist, visibility, budget, argument and
 * result schemas and sizes, concurrency ({@link io.codemode4j.bridge.internal.broker.Broker}); the
 * ledger of a pass's calls; and the executor's side of the call path ({@link
 * io.codemode4j.bridge.internal.broker.CallDispatcher}, {@link
 * io.codemode4j.bridge.internal.broker.LocalDispatcher}).
 *
 * <p>Decided: the dispatcher lives beside the broker, not the engine, so that the broker's session
 * and the ledger stay package-private: the engine and the worker reach the broker only through a
 * dispatcher. This package depends on neither of them.
 */
@NullMarked
package io.codemode4j.bridge.internal.broker;

import org.jspecify.annotations.NullMarked;
