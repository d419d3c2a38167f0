/**
 * The host API of Code Mode: {@link io.codemode4j.bridge.CodeMode} and its builder, what a pass
 * runs for ({@link io.codemode4j.bridge.RunContext}, {@link io.codemode4j.bridge.Principal}, {@link
 * io.codemode4j.bridge.Visibility}), what it may use ({@link
 * io.codemode4j.bridge.CodeExecutionLimits}, {@link io.codemode4j.bridge.Isolation}), the public
 * view of an allowlist ({@link io.codemode4j.bridge.AllowlistedMethod}), and the outer tools as a
 * model adapter registers them ({@link io.codemode4j.bridge.OuterTool}, a spec with its handler).
 *
 * <p>Decided: the bridge is split by concern so that a user imports only this package, {@code
 * tool}, {@code outcome}, {@code event}, {@code schema} and {@code discovery}. What lies under
 * {@code internal} (the broker, the GraalJS engine, the worker protocol) is public only because its
 * packages share it; no other module may use it, which an ArchUnit test in the {@code cli} module
 * enforces. A {@code module-info.java} would say the same to the compiler, but GraalJS exports
 * {@code com.oracle.js.parser} (which decides a program's shape) only to its own Node.js module, so
 * the bridge cannot be a named module yet.
 */
@NullMarked
package io.codemode4j.bridge;

import org.jspecify.annotations.NullMarked;
