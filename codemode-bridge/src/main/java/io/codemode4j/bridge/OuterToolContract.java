package io.codemode4j.bridge;

import io.codemode4j.bridge.internal.broker.SchemaValidator;
import io.codemode4j.bridge.schema.TypeScriptDeclarations;
import io.codemode4j.bridge.tool.ExecutionClass;
import io.codemode4j.bridge.tool.ToolSpec;
import java.util.List;
import org.jspecify.annotations.Nullable;
import tools.jackson.databind.JsonNode;
import tools.jackson.databind.node.JsonNodeFactory;
import tools.jackson.databind.node.ObjectNode;

/**
 * The outer tool's contract with the model, apart from the passes that answer it: its description
 * (the host's text, the rules every program follows, and the declarations or a pointer to
 * discovery), its input schema {@code {code}}, its output schema (the egress object), and the
 * egress-shaped answer to arguments outside the input schema. {@link CodeMode} answers the tool's
 * calls through it; it runs nothing.
 */
final class OuterToolContract {

  /**
   * {@code ToolDiscovery.TOOL_NAME}, which the description names; written out so that this package,
   * which discovery reads, does not read discovery back (ToolDiscoveryTest pins the two equal).
   */
  private static final String DISCOVERY_TOOL_NAME = "discover_tools";

  private final String hostDescription;
  private final CodeExecutionLimits limits;
  private final ToolSpec spec;
  private final SchemaValidator arguments;

  /**
   * @param declarations the allowlist's TypeScript declarations, or null when the description
   *     leaves them to discovery
   */
  OuterToolContract(
      String name,
      String hostDescription,
      @Nullable String declarations,
      CodeExecutionLimits limits) {
    this.hostDescription = hostDescription;
    this.limits = limits;
    this.spec =
        new ToolSpec(
            name,
            description(declarations),
            inputSchema(),
            outputSchema(),
            ExecutionClass.MUTATION);
    this.arguments = SchemaValidator.compile("the input schema of " + name, spec.parameters());
  }

  ToolSpec spec() {
    return spec;
  }

  /** The spec with a description that declares only {@code declarations}, for one run. */
  ToolSpec specDeclaring(String declarations) {
    return new ToolSpec(
        spec.name(),
        description(declarations),
        spec.parameters(),
        spec.success(),
        spec.executionClass());
  }

  /**
   * The answer to {@code arguments} outside the input schema (or none): a failure of kind {@link
   * OuterToolResult.ErrorKind#INVALID_ARGUMENTS} shaped like an egress object ({@code ok: false},
   * no calls, {@code error: {kind: "invalid_arguments", message}}); null when they fit it.
   */
  OuterToolResult.@Nullable Failure refusal(@Nullable JsonNode arguments) {
    List<String> problems =
        arguments == null
            ? List.of("arguments are missing: send {\"code\": \"async () => ...\"}")
            : this.arguments.problems(arguments);
    if (arguments != null && problems.isEmpty()) {
      return null;
    }
    ObjectNode json = JsonNodeFactory.instance.objectNode().put("ok", false);
    json.putNull("result");
    json.putArray("logs");
    json.putArray("calls");
    json.put("omittedCalls", 0);
    json.putObject("error")
        .put("kind", OuterToolResult.ErrorKind.INVALID_ARGUMENTS.wireName())
        .put(
            "message",
            "arguments do not match the input schema of "
                + spec.name()
                + ": "
                + String.join("; ", problems));
    return new OuterToolResult.Failure(OuterToolResult.ErrorKind.INVALID_ARGUMENTS, json);
  }

  /** {@code declarations} is null when the description leaves them to discovery. */
  private String description(@Nullable String declarations) {
    return hostDescription.strip()
        + "\n\n"
        + "Send `code`: one async function expression in plain JavaScript (no TypeScript types), e.g. "
        + "`async () => { ... }`, run once without arguments, network, files or timers; it must `return` "
        + "one small JSON value. "
        + (declarations != null ? "The methods below" : "Methods (namespace.method(args))")
        + " return Promises: await dependent calls, overlap independent ones with Promise.all ("
        + limits.maxHostCallConcurrency()
        + " at once, "
        + limits.maxHostCalls()
        + " calls per program). A failed call rejects with a frozen {kind, tool, message} you can catch. "
        + "console.log output comes back with the result. "
        + TypeScriptDeclarations.READONLY_DEFAULT
        + (declarations != null
            ? "\n\n```ts\n" + declarations + "```"
            : "\n\nThe methods are not listed here: "
                + "find them with the "
                + DISCOVERY_TOOL_NAME
                + " tool, which returns each one's TypeScript declaration.");
  }

  /**
   * {@code {code: string}}. Decided: {@code code} has no description of its own, since the tool's
   * description says what to send in its second sentence, and a model reads both once per question
   * (issue 30's model bytes: 74 bytes less).
   */
  private static ObjectNode inputSchema() {
    ObjectNode schema = JsonNodeFactory.instance.objectNode().put("type", "object");
    schema.putObject("properties").putObject("code").put("type", "string");
    schema.putArray("required").add("code");
    schema.put("additionalProperties", false);
    return schema;
  }

  private static ObjectNode outputSchema() {
    ObjectNode schema = JsonNodeFactory.instance.objectNode().put("type", "object");
    ObjectNode properties = schema.putObject("properties");
    properties.putObject("ok").put("type", "boolean");
    properties.putObject("result");
    properties.putObject("logs").put("type", "array").putObject("items").put("type", "string");
    properties.putObject("calls").put("type", "array");
    properties.putObject("omittedCalls").put("type", "integer");
    properties.putObject("error");
    schema
        .putArray("required")
        .add("ok")
        .add("result")
        .add("logs")
        .add("calls")
        .add("omittedCalls")
        .add("error");
    return schema;
  }
}
