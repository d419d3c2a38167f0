/** The MCP server's implementation; nothing here is API. */
@NullMarked
package io.codemode4j.mcp.internal;

import org.jspecify.annotations.NullMarked;
