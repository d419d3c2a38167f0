/**
 * OpenTelemetry spans of passes and their inner calls: {@link
 * io.codemode4j.bridge.telemetry.OpenTelemetryListener} is a {@link
 * io.codemode4j.bridge.event.PassListener}.
 *
 * <p>Decided: the bridge depends on the OpenTelemetry API only, never an SDK, so that a host
 * chooses its SDK, exporters and sampling (or has none, and the API's no-op implementation costs
 * nothing); a package of its own that depends only on the {@code event} and value packages.
 */
@NullMarked
package io.codemode4j.bridge.telemetry;

import org.jspecify.annotations.NullMarked;
