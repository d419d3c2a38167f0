/**
 * What a host may observe of each pass while it runs: a {@link
 * io.codemode4j.bridge.event.PassListener} receives the {@link
 * io.codemode4j.bridge.event.PassEvent}s of every pass (pass started and ended; each inner call
 * admitted, started and ended), with ids, method paths, statuses, timing and failure kinds, never
 * result values, logs or program text, and argument values only for a listener that asks.
 *
 * <p>Decided: a package of its own, not the host API package, because audit and OpenTelemetry
 * modules implement it and need nothing else of the bridge: it depends only on the value packages
 * {@code outcome} and {@code tool}, so a listener module compiles against events without seeing
 * {@code CodeMode}, and the broker (which emits the call events) depends on it without a cycle
 * through the host API. The events are flat records (ids, names, instants, durations, enums) from
 * which an OpenTelemetry {@code execute_tool} span can be built without looking anything up.
 */
@NullMarked
package io.codemode4j.bridge.event;

import org.jspecify.annotations.NullMarked;
