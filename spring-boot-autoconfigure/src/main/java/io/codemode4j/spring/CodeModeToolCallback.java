package io.codemode4j.spring;

import io.codemode4j.bridge.OuterTool;
import io.codemode4j.bridge.OuterToolResult;
import io.codemode4j.bridge.Principal;
import io.codemode4j.bridge.RunContext;
import io.codemode4j.bridge.tool.ToolSpec;
import java.util.Objects;
import java.util.Set;
import java.util.UUID;
import org.jspecify.annotations.Nullable;
import org.springframework.ai.chat.model.ToolContext;
import org.springframework.ai.tool.ToolCallback;
import org.springframework.ai.tool.definition.ToolDefinition;
import tools.jackson.core.JacksonException;
import tools.jackson.databind.JsonNode;
import tools.jackson.databind.json.JsonMapper;
import tools.jackson.databind.node.ObjectNode;

/**
 * One of Code Mode's outer tools ({@code run_javascript} or {@code discover_tools}) as a Spring AI
 * {@link ToolCallback}: the bridge's {@link OuterTool} spec as its definition and its handler as
 * the call, as the MCP server and the LangChain4j provider expose them.
 *
 * <p>Decided:
 *
 * <ul>
 *   <li>Each call is one run for the principal {@link CodeModePrincipals} finds in its {@link
 *       ToolContext}, with a run id of its own.
 *   <li>What the model got wrong comes back as the result text, never as an exception: Spring AI's
 *       tool results have no error flag, and {@code run_javascript}'s egress ({@code ok: false,
 *       error: {kind, message}}) or {@code discover_tools}'s {@code error: {kind, message}} says
 *       it, which the model reads and can fix its call by.
 *   <li>The definition's schema drops the document keys ({@code $schema}, {@code $id}, {@code
 *       $comment}) some providers refuse, as the LangChain4j adapter does; every keyword of the
 *       arguments stays, and the handler checks the arguments against the whole schema.
 *   <li>The description is the one the fallback principal ({@link CodeModePrincipals#principalFor}
 *       of no context) sees: a definition is made once, before any call names its principal.
 * </ul>
 */
public final class CodeModeToolCallback implements ToolCallback {

  private static final JsonMapper MAPPER = JsonMapper.builder().build();
  private static final Set<String> DOCUMENT_KEYS = Set.of("$schema", "$id", "$comment");

  private final OuterTool tool;
  private final ToolDefinition definition;
  private final CodeModePrincipals principals;

  /**
   * {@code tool}'s handler behind {@code spec}'s name, description and parameters.
   *
   * @param spec what the model reads (for {@code run_javascript}, {@code codeMode.tool(run)})
   * @param tool the spec's handler
   * @param principals who each call acts for
   */
  public CodeModeToolCallback(ToolSpec spec, OuterTool tool, CodeModePrincipals principals) {
    Objects.requireNonNull(spec, "spec");
    this.tool = Objects.requireNonNull(tool, "tool");
    this.principals = Objects.requireNonNull(principals, "principals");
    if (!spec.name().equals(tool.name())) {
      throw new IllegalArgumentException(
          "the spec names " + spec.name() + " but the handler is " + tool.name());
    }
    JsonNode parameters = spec.parameters();
    ObjectNode schema =
        parameters.isObject() ? ((ObjectNode) parameters).deepCopy() : MAPPER.createObjectNode();
    schema.remove(DOCUMENT_KEYS);
    this.definition =
        ToolDefinition.builder()
            .name(spec.name())
            .description(spec.description())
            .inputSchema(schema.toString())
            .build();
  }

  @Override
  public ToolDefinition getToolDefinition() {
    return definition;
  }

  @Override
  public String call(String toolInput) {
    return call(toolInput, null);
  }

  @Override
  public String call(String toolInput, @Nullable ToolContext toolContext) {
    return answer(toolInput, toolContext).json().toString();
  }

  /** The call's whole result, with whether it is an error, for a host that wants the flag. */
  public OuterToolResult answer(@Nullable String toolInput, @Nullable ToolContext toolContext) {
    JsonNode arguments;
    try {
      arguments = MAPPER.readTree(toolInput == null ? "" : toolInput);
    } catch (JacksonException e) {
      return OuterToolResult.Failure.invalidArguments(
          "the arguments of " + tool.name() + " are not JSON: send one JSON object");
    }
    Principal principal = principals.principalFor(toolContext);
    String runId = "spring-" + UUID.randomUUID();
    RunContext run = new RunContext(runId, runId + ":" + tool.name(), principal, null, null);
    return tool.handler().handle(arguments.isMissingNode() ? null : arguments, run);
  }

  @Override
  public String toString() {
    return "CodeModeToolCallback[" + tool.name() + "]";
  }
}
