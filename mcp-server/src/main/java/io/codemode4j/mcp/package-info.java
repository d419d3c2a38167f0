/**
 * Code Mode over the Model Context Protocol: {@link io.codemode4j.mcp.CodeModeMcp} serves a Code
 * Mode's {@code run_javascript} and {@code discover_tools}, the warehouse's tables and the full
 * declarations as resources, and an {@code analyst} prompt, over stdio ({@link
 * io.codemode4j.mcp.McpStdioServer}) or Streamable HTTP ({@link io.codemode4j.mcp.McpHttpServer}),
 * on the official MCP Java SDK.
 */
@NullMarked
package io.codemode4j.mcp;

import org.jspecify.annotations.NullMarked;
