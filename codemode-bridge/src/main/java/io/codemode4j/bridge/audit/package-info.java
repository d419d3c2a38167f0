/**
 * An audit log of passes: {@link io.codemode4j.bridge.audit.AuditLog} is a {@link
 * io.codemode4j.bridge.event.PassListener} that writes one JSON line per inner call and one per
 * pass.
 *
 * <p>Decided: a package of its own that depends only on the {@code event} and value packages, like
 * any listener a host could write, so that the audit sees exactly what the events carry and nothing
 * of the engine.
 */
@NullMarked
package io.codemode4j.bridge.audit;

import org.jspecify.annotations.NullMarked;
