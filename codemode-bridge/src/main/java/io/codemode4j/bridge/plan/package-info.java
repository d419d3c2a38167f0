/**
 * Plan, then approve once: {@code CodeMode.plan} runs a program's reads and records its writes (of
 * {@code needsApproval} tools) as a signed {@link io.codemode4j.bridge.plan.Plan}; a person
 * approves it whole, and {@code CodeMode.apply} runs the writes exactly once, in order, as
 * approved.
 */
@NullMarked
package io.codemode4j.bridge.plan;

import org.jspecify.annotations.NullMarked;
