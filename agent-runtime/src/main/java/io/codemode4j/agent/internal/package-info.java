/** The agent loop's implementation; nothing here is API. */
@NullMarked
package io.codemode4j.agent.internal;

import org.jspecify.annotations.NullMarked;
