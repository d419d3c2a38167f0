package io.codemode4j.agent;

import java.util.List;
import java.util.Objects;
import org.jspecify.annotations.Nullable;

/**
 * Which tools the model is given, turn by turn. The tools of {@code initialToolNames} are given
 * from the first turn and stay (pinned); a {@code discover_tools} match exposes the execution tool
 * that owns the method (e.g. {@code run_javascript}) from the next turn, as long as at most {@code
 * maxTools} tools and {@code maxSchemaBytes} bytes of tool specifications are given at once; the
 * least recently discovered tool makes room for a new one.
 *
 * @param initialToolNames the tools of the first turn; null for every tool of the agent
 * @param maxTools tools given at once, 1..128
 * @param maxSchemaBytes UTF-8 bytes of the given tools' names, descriptions and schemas, at least
 *     1024
 */
public record ToolExposure(
    @Nullable List<String> initialToolNames, int maxTools, int maxSchemaBytes) {

  public static final int DEFAULT_MAX_TOOLS = 16;
  public static final int DEFAULT_MAX_SCHEMA_BYTES = 64 * 1024;

  public ToolExposure {
    if (initialToolNames != null) {
      initialToolNames = List.copyOf(initialToolNames);
      for (String name : initialToolNames) {
        Objects.requireNonNull(name, "a tool name");
      }
    }
    if (maxTools < 1 || maxTools > 128) {
      throw new IllegalArgumentException("maxTools must be 1..128, was " + maxTools);
    }
    if (maxSchemaBytes < 1024) {
      throw new IllegalArgumentException(
          "maxSchemaBytes must be at least 1024, was " + maxSchemaBytes);
    }
  }

  /** Every tool from the first turn, within the default limits. */
  public static ToolExposure all() {
    return new ToolExposure(null, DEFAULT_MAX_TOOLS, DEFAULT_MAX_SCHEMA_BYTES);
  }

  /** Only {@code names} at first (e.g. {@code discover_tools}), within the default limits. */
  public static ToolExposure initially(List<String> names) {
    return new ToolExposure(
        Objects.requireNonNull(names, "names"), DEFAULT_MAX_TOOLS, DEFAULT_MAX_SCHEMA_BYTES);
  }
}
