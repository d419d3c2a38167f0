/**
 * Internals shared by the bridge's packages; not for use outside codemode-bridge (an ArchUnit test
 * in {@code cli} fails the build when another module imports any {@code internal} package). Below
 * it: {@code broker} (the security boundary between a program and the handlers), {@code engine}
 * (GraalJS) and {@code worker} (passes in worker processes).
 */
@NullMarked
package io.codemode4j.bridge.internal;

import org.jspecify.annotations.NullMarked;
