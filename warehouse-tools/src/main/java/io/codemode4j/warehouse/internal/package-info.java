/**
 * Helpers shared by this module's packages (driver messages); not for use outside warehouse-tools
 * (an ArchUnit test in {@code cli} fails the build when another module imports any {@code internal}
 * package).
 */
@NullMarked
package io.codemode4j.warehouse.internal;

import org.jspecify.annotations.NullMarked;
