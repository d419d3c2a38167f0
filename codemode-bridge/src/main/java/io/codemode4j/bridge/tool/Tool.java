package io.codemode4j.bridge.tool;

import java.util.Objects;

/** A tool's spec paired with the handler that runs it. */
public record Tool(ToolSpec spec, ToolHandler handler) {
  public Tool {
    Objects.requireNonNull(spec, "spec");
    Objects.requireNonNull(handler, "handler");
  }

  public String name() {
    return spec.name();
  }
}
