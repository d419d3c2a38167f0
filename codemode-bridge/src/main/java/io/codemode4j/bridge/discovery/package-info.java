/**
 * Progressive discovery: {@link io.codemode4j.bridge.discovery.ToolDiscovery}, the {@code
 * discover_tools} tool that finds the methods a run may see, and its {@link
 * io.codemode4j.bridge.discovery.DiscoveryMatch}es.
 *
 * <p>Decided: it reads Code Modes only through their public view ({@code
 * CodeMode.allowlistedMethods}, {@code CodeMode.visibleMethods}), never package-private access, and
 * nothing else in the bridge depends on it, so discovery could be replaced or moved to its own
 * module without touching the core.
 */
@NullMarked
package io.codemode4j.bridge.discovery;

import org.jspecify.annotations.NullMarked;
