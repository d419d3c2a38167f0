package io.codemode4j.agent;

import dev.langchain4j.model.chat.ChatModel;
import io.codemode4j.agent.internal.AgentRun;
import io.codemode4j.bridge.CodeMode;
import io.codemode4j.bridge.OuterTool;
import io.codemode4j.bridge.Principal;
import io.codemode4j.bridge.discovery.ToolDiscovery;
import io.codemode4j.bridge.schema.JsonSchemaCheck;
import io.opentelemetry.api.OpenTelemetry;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import org.jspecify.annotations.Nullable;
import tools.jackson.databind.JsonNode;
import tools.jackson.databind.json.JsonMapper;

/**
 * An analyst agent: a model, reached through LangChain4j's {@link ChatModel}, answers one input by
 * calling the agent's tools (Code Mode's {@code run_javascript}, {@code discover_tools}, native
 * tools) until it replies with an answer that matches the output schema. The agent, not the model's
 * client, owns the loop, the {@link AgentPolicy} and the {@link ToolExposure}.
 *
 * <p>Decided:
 *
 * <ul>
 *   <li>The answer is validated here: servers may ignore {@code response_format} and LangChain4j
 *       validates nothing. An invalid answer gets one repair turn naming the problems, then the run
 *       fails as {@link AgentFailureKind#INVALID_OUTPUT}.
 *   <li>Nothing is retried behind the model's back: a failed pass is the model's to fix, and an
 *       inner call whose outcome is unknown is reported {@code uncertain} to the model (in the
 *       pass's egress) and to the host ({@link AgentTranscript#uncertainCalls()}), never replayed.
 *   <li>Build the model with {@code maxRetries(0)} (see {@link ModelProviders}): the policy owns
 *       time, and a client retrying on its own would spend it unseen.
 * </ul>
 *
 * <p>Built once; thread-safe; each {@link #run} has its own history.
 */
public final class Agent {

  /** The default input: {@code {"question": "..."}}. */
  public static final String QUESTION_SCHEMA =
      "{\"type\":\"object\",\"properties\":{\"question\":{\"type\":\"string\",\"minLength\":1}},"
          + "\"required\":[\"question\"],\"additionalProperties\":false}";

  private static final JsonMapper MAPPER = JsonMapper.builder().build();

  private final String name;
  private final String instructions;
  private final JsonNode inputSchema;
  private final JsonNode outputSchema;
  private final JsonSchemaCheck inputCheck;
  private final JsonSchemaCheck outputCheck;
  private final @Nullable CodeMode codeMode;
  private final Map<String, OuterTool> tools;
  private final AgentPolicy policy;
  private final ToolExposure exposure;
  private final IdGenerator ids;
  private final ChatModel model;
  private final OpenTelemetry openTelemetry;

  private Agent(Builder b) {
    this.name = b.name;
    this.instructions = b.instructions;
    this.inputSchema = b.inputSchema;
    this.outputSchema = Objects.requireNonNull(b.outputSchema, "an agent needs an outputSchema");
    this.inputCheck = JsonSchemaCheck.compile("the input schema of " + name, inputSchema);
    this.outputCheck = JsonSchemaCheck.compile("the output schema of " + name, outputSchema);
    this.codeMode = b.codeMode;
    this.policy = b.policy;
    this.exposure = b.exposure;
    this.ids = b.ids;
    this.model = Objects.requireNonNull(b.model, "an agent needs a model");
    this.openTelemetry = b.openTelemetry;
    Map<String, OuterTool> all = new LinkedHashMap<>();
    for (OuterTool tool : b.tools) {
      if (all.putIfAbsent(tool.name(), tool) != null) {
        throw new IllegalArgumentException(
            "agent " + name + " has two tools named " + tool.name() + ": give each its own name");
      }
    }
    if (all.isEmpty()) {
      throw new IllegalArgumentException(
          "agent " + name + " has no tools: add a Code Mode, discovery or a native tool");
    }
    if (exposure.initialToolNames() != null) {
      for (String initial : exposure.initialToolNames()) {
        if (!all.containsKey(initial)) {
          throw new IllegalArgumentException(
              "initialToolNames names "
                  + initial
                  + ", which is not a tool of agent "
                  + name
                  + "; its tools are "
                  + String.join(", ", all.keySet()));
        }
      }
    }
    this.tools = all;
  }

  public static Builder builder(String name) {
    return new Builder(name);
  }

  /** Answers {@code {"question": question}} acting for {@code principal}. */
  public AgentOutcome ask(String question, Principal principal) {
    return run(MAPPER.createObjectNode().put("question", question), principal);
  }

  /**
   * One run: validates {@code input}, then asks the model until it answers or a limit of the policy
   * is reached. Never throws for what the model or a tool does; an interrupt of the calling thread
   * ends the run as {@link AgentFailureKind#CANCELLED} (the flag stays set).
   */
  public AgentOutcome run(JsonNode input, Principal principal) {
    Objects.requireNonNull(input, "input");
    Objects.requireNonNull(principal, "principal");
    return new AgentRun(this.view(), input, principal).run();
  }

  public String name() {
    return name;
  }

  public AgentPolicy policy() {
    return policy;
  }

  /** What a run reads of the agent. */
  private AgentRun.Setup view() {
    return new AgentRun.Setup(
        name,
        instructions,
        inputCheck,
        outputSchema,
        outputCheck,
        codeMode,
        tools,
        policy,
        exposure,
        ids,
        model,
        openTelemetry);
  }

  /** Collects an agent; {@link #build()} checks it whole. */
  public static final class Builder {
    private final String name;
    private String instructions = "";
    private JsonNode inputSchema = MAPPER.readTree(QUESTION_SCHEMA);
    private @Nullable JsonNode outputSchema;
    private @Nullable CodeMode codeMode;
    private final List<OuterTool> tools = new ArrayList<>();
    private AgentPolicy policy = AgentPolicy.defaults();
    private ToolExposure exposure = ToolExposure.all();
    private IdGenerator ids = IdGenerator.RANDOM;
    private @Nullable ChatModel model;
    private OpenTelemetry openTelemetry = OpenTelemetry.noop();

    private Builder(String name) {
      Objects.requireNonNull(name, "name");
      if (!name.matches("[A-Za-z][A-Za-z0-9_-]{0,63}")) {
        throw new IllegalArgumentException(
            "an agent name is a letter then up to 63 letters, digits, _ or -, was \""
                + name
                + "\"");
      }
      this.name = name;
    }

    /** What the model is told to do, before the tools' and the answer's rules. */
    public Builder instructions(String text) {
      this.instructions = Objects.requireNonNull(text, "instructions");
      return this;
    }

    /** The schema every input must match (default {@link #QUESTION_SCHEMA}). */
    public Builder inputSchema(JsonNode schema) {
      this.inputSchema = Objects.requireNonNull(schema, "inputSchema");
      return this;
    }

    /** The schema the final answer must match; required. */
    public Builder outputSchema(JsonNode schema) {
      this.outputSchema = Objects.requireNonNull(schema, "outputSchema");
      return this;
    }

    /**
     * Gives the model {@code codeMode}'s outer tool; its description declares what each run's
     * principal may see when it was built with {@code describePerRun(true)}.
     */
    public Builder codeMode(CodeMode value) {
      this.codeMode = Objects.requireNonNull(value, "codeMode");
      tools.add(value.outerTool());
      return this;
    }

    /** Gives the model {@code discover_tools}; a match exposes its owning tool next turn. */
    public Builder discovery(ToolDiscovery discovery) {
      tools.add(Objects.requireNonNull(discovery, "discovery").outerTool());
      return this;
    }

    /** Gives the model a native tool. */
    public Builder tool(OuterTool tool) {
      tools.add(Objects.requireNonNull(tool, "tool"));
      return this;
    }

    public Builder policy(AgentPolicy value) {
      this.policy = Objects.requireNonNull(value, "policy");
      return this;
    }

    public Builder exposure(ToolExposure value) {
      this.exposure = Objects.requireNonNull(value, "exposure");
      return this;
    }

    public Builder ids(IdGenerator value) {
      this.ids = Objects.requireNonNull(value, "ids");
      return this;
    }

    /** The model; build it with {@code maxRetries(0)}, e.g. through {@link ModelProviders}. */
    public Builder model(ChatModel value) {
      this.model = Objects.requireNonNull(value, "model");
      return this;
    }

    /** Where the run span goes; the pass spans of the Code Mode's listener nest under it. */
    public Builder openTelemetry(OpenTelemetry value) {
      this.openTelemetry = Objects.requireNonNull(value, "openTelemetry");
      return this;
    }

    public Agent build() {
      return new Agent(this);
    }
  }
}
