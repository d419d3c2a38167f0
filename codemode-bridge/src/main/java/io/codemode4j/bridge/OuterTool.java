package io.codemode4j.bridge;

import io.codemode4j.bridge.tool.ToolSpec;
import java.util.Objects;

/**
 * A tool given to the model, as its spec and the handler that answers its calls: {@code
 * run_javascript} ({@link CodeMode#outerTool()}) and {@code discover_tools} ({@code
 * ToolDiscovery.outerTool()}).
 *
 * <p>Decided: the pair mirrors the MCP Java SDK's {@code SyncToolSpecification(Tool, callHandler)}
 * and LangChain4j's {@code ToolSpecification} with its {@code ToolExecutor}, so that an adapter
 * maps each outer tool 1:1: the spec's name, description, {@code parameters} (the input schema) and
 * {@code success} (the output schema) become the protocol's tool, and a call becomes {@code
 * handler().handle(arguments, run)}, whose {@link OuterToolResult} carries the structured content
 * and whether it is an error. The spec's execution class tells such an adapter which hints to give
 * ({@code run_javascript} is a mutation, {@code discover_tools} read-only).
 *
 * @param spec what the model is told of the tool
 * @param handler answers one call of it
 */
public record OuterTool(ToolSpec spec, OuterToolHandler handler) {
  public OuterTool {
    Objects.requireNonNull(spec, "spec");
    Objects.requireNonNull(handler, "handler");
  }

  /** The tool's name, e.g. {@code run_javascript}. */
  public String name() {
    return spec.name();
  }
}
