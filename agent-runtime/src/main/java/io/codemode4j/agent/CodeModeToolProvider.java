package io.codemode4j.agent;

import dev.langchain4j.agent.tool.ToolExecutionRequest;
import dev.langchain4j.invocation.InvocationContext;
import dev.langchain4j.service.tool.ToolExecutionResult;
import dev.langchain4j.service.tool.ToolExecutor;
import dev.langchain4j.service.tool.ToolProvider;
import dev.langchain4j.service.tool.ToolProviderRequest;
import dev.langchain4j.service.tool.ToolProviderResult;
import io.codemode4j.agent.internal.LangChainTools;
import io.codemode4j.bridge.CodeMode;
import io.codemode4j.bridge.OuterTool;
import io.codemode4j.bridge.OuterToolResult;
import io.codemode4j.bridge.Principal;
import io.codemode4j.bridge.RunBudget;
import io.codemode4j.bridge.RunContext;
import io.codemode4j.bridge.discovery.ToolDiscovery;
import java.util.Objects;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.function.Function;
import org.jspecify.annotations.Nullable;
import tools.jackson.core.JacksonException;
import tools.jackson.databind.JsonNode;
import tools.jackson.databind.json.JsonMapper;

/**
 * Code Mode's {@code run_javascript} (and, when given, {@code discover_tools}) for any LangChain4j
 * {@code AiServices} agent: {@code AiServices.builder(...).toolProvider(provider)}.
 *
 * <p>Decided:
 *
 * <ul>
 *   <li>One AiServices invocation is one run: LangChain4j asks the provider for tools once per
 *       invocation, so each gets a fresh run id, the principal the host names for its chat memory,
 *       and, with {@link Builder#maxInnerCalls}, one {@link RunBudget} its passes share.
 *   <li>The tool's description is made for that principal ({@link CodeMode#tool(RunContext)}), so a
 *       tenant reads only the methods it may call.
 *   <li>What the model got wrong comes back as a result marked an error (the egress or {@code
 *       {error: {kind, message}}}), never as an exception: the model reads it and can fix its call.
 *       The AiServices loop owns turns and retries; {@link Agent} is the runtime that also enforces
 *       a policy.
 * </ul>
 */
public final class CodeModeToolProvider implements ToolProvider {

  private static final JsonMapper MAPPER = JsonMapper.builder().build();

  private final CodeMode codeMode;
  private final @Nullable ToolDiscovery discovery;
  private final Function<Object, Principal> principals;
  private final int maxInnerCalls;
  private final IdGenerator ids;

  private CodeModeToolProvider(Builder b) {
    this.codeMode = b.codeMode;
    this.discovery = b.discovery;
    if (b.principals == null) {
      throw new IllegalStateException(
          "a CodeModeToolProvider needs a principal: call principal(...) on its builder");
    }
    this.principals = b.principals;
    this.maxInnerCalls = b.maxInnerCalls;
    this.ids = b.ids;
  }

  public static Builder builder(CodeMode codeMode) {
    return new Builder(codeMode);
  }

  @Override
  public ToolProviderResult provideTools(ToolProviderRequest request) {
    Object memoryId = request.chatMemoryId() == null ? "default" : request.chatMemoryId();
    Principal principal =
        Objects.requireNonNull(
            principals.apply(memoryId), "the principal function returned null for " + memoryId);
    String runId = ids.runId();
    RunBudget budget = maxInnerCalls == 0 ? null : RunBudget.of(maxInnerCalls);
    RunContext run = new RunContext(runId, runId, principal, budget, null);
    AtomicInteger minted = new AtomicInteger();
    ToolProviderResult.Builder tools = ToolProviderResult.builder();
    tools.add(
        LangChainTools.specification(codeMode.tool(run)),
        new Executor(codeMode.outerTool(), run, minted));
    if (discovery != null) {
      tools.add(
          LangChainTools.specification(discovery.tool()),
          new Executor(discovery.outerTool(), run, minted));
    }
    return tools.build();
  }

  /** Runs one outer tool's handler for a call of the model, within the invocation's run. */
  private final class Executor implements ToolExecutor {
    private final OuterTool tool;
    private final RunContext run;
    private final AtomicInteger minted;

    Executor(OuterTool tool, RunContext run, AtomicInteger minted) {
      this.tool = tool;
      this.run = run;
      this.minted = minted;
    }

    @Override
    public String execute(ToolExecutionRequest request, Object memoryId) {
      return answer(request).json().toString();
    }

    @Override
    public ToolExecutionResult executeWithContext(
        ToolExecutionRequest request, InvocationContext context) {
      OuterToolResult result = answer(request);
      return ToolExecutionResult.builder()
          .isError(result.isError())
          .resultText(result.json().toString())
          .build();
    }

    private OuterToolResult answer(ToolExecutionRequest request) {
      String callId =
          request.id() == null || request.id().isBlank()
              ? ids.callId(run.runId(), minted.incrementAndGet())
              : request.id();
      JsonNode arguments;
      try {
        arguments = MAPPER.readTree(request.arguments() == null ? "" : request.arguments());
      } catch (JacksonException e) {
        return OuterToolResult.Failure.invalidArguments(
            "the arguments of " + tool.name() + " are not JSON: send one JSON object");
      }
      RunContext call =
          new RunContext(
              run.runId(),
              callId,
              run.principal(),
              run.budget(),
              run.remainingTime(),
              run.grants());
      return tool.handler().handle(arguments.isMissingNode() ? null : arguments, call);
    }
  }

  /** Collects a provider; {@link #build()} requires a principal. */
  public static final class Builder {
    private final CodeMode codeMode;
    private @Nullable ToolDiscovery discovery;
    private @Nullable Function<Object, Principal> principals;
    private int maxInnerCalls;
    private IdGenerator ids = IdGenerator.RANDOM;

    private Builder(CodeMode codeMode) {
      this.codeMode = Objects.requireNonNull(codeMode, "codeMode");
    }

    /** Also gives the model {@code discover_tools} over {@code value}. */
    public Builder discovery(ToolDiscovery value) {
      this.discovery = Objects.requireNonNull(value, "discovery");
      return this;
    }

    /** Every invocation acts for {@code principal}. */
    public Builder principal(Principal principal) {
      Objects.requireNonNull(principal, "principal");
      this.principals = memoryId -> principal;
      return this;
    }

    /**
     * Each invocation acts for the principal of its chat memory id (the AiServices method's
     * {@code @MemoryId} argument, {@code "default"} without one).
     */
    public Builder principal(Function<Object, Principal> byMemoryId) {
      this.principals = Objects.requireNonNull(byMemoryId, "byMemoryId");
      return this;
    }

    /**
     * The inner calls one invocation's passes may make together, 1..1000000; by default each pass
     * is bounded only by its own limits.
     */
    public Builder maxInnerCalls(int value) {
      if (value < 1 || value > 1_000_000) {
        throw new IllegalArgumentException("maxInnerCalls must be 1..1000000, was " + value);
      }
      this.maxInnerCalls = value;
      return this;
    }

    /** Mints run ids, and the ids of calls that came without one. */
    public Builder ids(IdGenerator value) {
      this.ids = Objects.requireNonNull(value, "ids");
      return this;
    }

    public CodeModeToolProvider build() {
      return new CodeModeToolProvider(this);
    }
  }
}
