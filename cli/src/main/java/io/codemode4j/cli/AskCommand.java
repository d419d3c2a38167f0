package io.codemode4j.cli;

import static io.codemode4j.cli.TerminalText.Context.CELL;
import static io.codemode4j.cli.TerminalText.Context.MESSAGE;
import static io.codemode4j.cli.TerminalText.Context.TEXT;
import static io.codemode4j.cli.TerminalText.escape;

import io.codemode4j.agent.Agent;
import io.codemode4j.agent.AgentLimit;
import io.codemode4j.agent.AgentOutcome;
import io.codemode4j.agent.AgentPolicy;
import io.codemode4j.agent.AgentTranscript;
import io.codemode4j.agent.AgentTurn;
import io.codemode4j.bridge.CodeExecutionLimits;
import io.codemode4j.bridge.CodeMode;
import io.codemode4j.bridge.Principal;
import io.codemode4j.bridge.discovery.ToolDiscovery;
import io.codemode4j.sql.Tenant;
import io.codemode4j.warehouse.WarehouseException;
import io.codemode4j.warehouse.config.WarehouseDescription;
import io.codemode4j.warehouse.engine.DescribedWarehouse;
import java.io.IOException;
import java.io.PrintWriter;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.List;
import java.util.Map;
import java.util.concurrent.Callable;
import org.jspecify.annotations.Nullable;
import picocli.CommandLine.Command;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Option;
import picocli.CommandLine.ParameterException;
import picocli.CommandLine.Parameters;
import picocli.CommandLine.Spec;
import tools.jackson.core.JacksonException;
import tools.jackson.databind.JsonNode;
import tools.jackson.databind.json.JsonMapper;
import tools.jackson.databind.node.ArrayNode;
import tools.jackson.databind.node.JsonNodeFactory;
import tools.jackson.databind.node.ObjectNode;

/**
 * {@code codemode ask "QUESTION"}: the analyst agent answers one question over the warehouse and
 * billing tools, through a model the flags or the environment name.
 */
@Command(
    name = "ask",
    exitCodeListHeading = "%nExit codes:%n",
    exitCodeList = {
      "0:answered",
      "1:the run failed (the model, a limit)",
      "2:usage error (no model configured, a bad flag)"
    },
    mixinStandardHelpOptions = true,
    description = {
      "Ask the analyst agent one question: a model writes Code Mode programs over the warehouse and"
          + " billing tools (run_javascript, discover_tools) until it answers {answer, figures}.",
      "",
      "The model comes from the flags, else the provider's environment variables:",
      "  openai     OPENAI_MODEL, OPENAI_BASE_URL (default https://api.openai.com/v1)",
      "             and OPENAI_API_KEY (needed for api.openai.com; any other",
      "             OpenAI-compatible server is its --base-url)",
      "  anthropic  ANTHROPIC_MODEL, ANTHROPIC_BASE_URL",
      "             (default https://api.anthropic.com/v1/), ANTHROPIC_API_KEY (needed)",
      "  ollama     OLLAMA_MODEL, OLLAMA_BASE_URL (default http://127.0.0.1:11434)",
      "Keys are read only from the environment, never from a flag."
    })
final class AskCommand implements Callable<Integer> {

  /**
   * What the analyst agent is told, about the described warehouse: its subject and tables, read
   * from the description so the agent of any warehouse is told of its own tables.
   */
  static String instructions(WarehouseDescription description) {
    return "You answer an analyst's question about "
        + description.subject()
        + " (tables and views: "
        + String.join(", ", description.tables().keySet())
        + "). Take every figure from the data: write a run_javascript program that queries what"
        + " the answer needs (aggregate in SQL, run independent calls with Promise.all) and returns"
        + " only that; never make a figure up. In `answer` say the answer in a sentence or two; in"
        + " `figures` put the figures it rests on, each by a short name, exactly as the data gave"
        + " them (decimal strings stay strings).";
  }

  /**
   * What the agent is told besides, when a chart is asked for: the chart draws the rows of its last
   * program's result, which the model chooses how to draw but never writes itself.
   */
  static final String CHART_INSTRUCTIONS =
      " A chart of the answer is drawn from the rows your last run_javascript program returns (a"
          + " list of objects, or {rows: [...]}); so when the answer is a series or a ranking, let"
          + " that program return its rows. To choose the chart, put a Vega-Lite spec over those"
          + " rows under `chart` in your answer (mark and encoding only: no data, URLs or"
          + " expressions); without one a chart is proposed from the rows' shape, and `chart:"
          + " false` asks for none.";

  /** The answer's schema when a chart is asked for: a spec, or false, under {@code chart}. */
  static final String CHARTED_ANSWER_SCHEMA =
      "{\"type\":\"object\",\"properties\":{\"answer\":{\"type\":\"string\",\"minLength\":1},"
          + "\"figures\":{\"type\":\"object\"},\"chart\":{\"type\":[\"object\",\"boolean\"]}},"
          + "\"required\":[\"answer\",\"figures\"],\"additionalProperties\":false}";

  static final String ANSWER_SCHEMA =
      "{\"type\":\"object\",\"properties\":{\"answer\":{\"type\":\"string\",\"minLength\":1},"
          + "\"figures\":{\"type\":\"object\"}},\"required\":[\"answer\",\"figures\"],"
          + "\"additionalProperties\":false}";

  @Spec CommandSpec spec;

  @Mixin DataOptions data;

  @Mixin StateOptions state;

  @Mixin ChartOption chart;
  @Mixin ApprovalOptions approval;

  @Parameters(index = "0", paramLabel = "QUESTION", description = "The question, in words.")
  String question;

  @Option(
      names = "--provider",
      paramLabel = "NAME",
      description =
          "openai (also any OpenAI-compatible server), anthropic or ollama" + " (default: openai).")
  @Nullable String provider;

  @Option(
      names = "--model",
      paramLabel = "NAME",
      description = "The model, e.g. gpt-4.1-mini (default: the provider's *_MODEL variable).")
  @Nullable String model;

  @Option(
      names = "--base-url",
      paramLabel = "URL",
      description =
          "The provider's endpoint, e.g. http://127.0.0.1:8000/v1 for a local OpenAI-compatible"
              + " server (default: the provider's *_BASE_URL variable, else its public endpoint).")
  @Nullable String baseUrl;

  @Option(
      names = "--tenant",
      split = ",",
      paramLabel = "KEY",
      converter = TenantConverter.class,
      description =
          "Ask as a principal that sees only these tenants' rows: values of the description's"
              + " tenancy key (the sample's regions, e.g. emea or emea,apac).")
  @Nullable List<String> regions;

  @Option(
      names = "--max-turns",
      paramLabel = "N",
      defaultValue = "8",
      description = "Model requests at most, 1..1000 (default: ${DEFAULT-VALUE}).")
  int maxTurns;

  @Option(
      names = "--timeout",
      paramLabel = "DURATION",
      defaultValue = "2m",
      converter = DurationConverter.class,
      description = "Wall-clock limit of the whole run, e.g. 30s, 5m (default: ${DEFAULT-VALUE}).")
  Duration timeout;

  @Option(
      names = "--json",
      description =
          "Print one JSON object: ok, answer, failure {kind, limit, message}, runId, turns,"
              + " toolCalls, modelVisibleBytes, uncertainCalls.")
  boolean json;

  @Option(
      names = "--transcript",
      paramLabel = "FILE",
      description =
          "Write the run to FILE as JSON: every turn with its exposed tools, the model-visible bytes"
              + " (requestBytes, newBytes), the model's text, and each tool call's program or"
              + " arguments and result (a program's result holds its ledger, calls); at most 4 MiB,"
              + " the oldest turns' text, programs and results left out past that.")
  @Nullable Path transcript;

  private final Map<String, String> env;

  AskCommand() {
    this(System.getenv());
  }

  /** With {@code env} in place of the process's environment (tests). */
  AskCommand(Map<String, String> env) {
    this.env = Map.copyOf(env);
  }

  @Override
  public Integer call() {
    Tenant tenant = TenantConverter.tenant(spec, regions);
    PrintWriter out = spec.commandLine().getOut();
    PrintWriter err = spec.commandLine().getErr();
    ModelConfig config;
    AgentPolicy policy;
    try {
      config = ModelConfig.resolve(provider, model, baseUrl, env);
      policy = AgentPolicy.defaults().withMaxTurns(maxTurns).withMaxDuration(timeout);
      if (question.isBlank()) {
        throw new IllegalArgumentException("the question is blank: ask it in words");
      }
      // Checked before the run, which a late failure to write would waste.
      Path parent = transcript == null ? null : transcript.toAbsolutePath().getParent();
      if (parent != null && !Files.isDirectory(parent)) {
        throw new IllegalArgumentException(
            "--transcript " + transcript + ": the directory " + parent + " does not exist");
      }
    } catch (IllegalArgumentException e) {
      throw CodemodeCli.usage(spec, e);
    }
    Principal principal =
        tenant == null ? Principal.unconfined("cli") : Principal.ofTenant("cli", tenant.values());
    ApprovalOptions.Mode approve = approval.mode();
    CodeExecutionLimits limits = ApprovalOptions.limits(CodeExecutionLimits.defaults(), approve);
    Redaction redaction = Redaction.of(config.apiKey(), config.baseUrl());
    JsonMapper mapper = JsonMapper.builder().build();
    ObjectNode outcome;
    AgentOutcome answered = null;
    try (DescribedWarehouse described = data.open();
        CodeMode codeMode =
            ApprovalOptions.install(
                    data.install(described, state.context(), CodeMode.builder()),
                    limits,
                    approve,
                    spec.commandLine().getErr(),
                    System.in)
                .limits(limits)
                .build()) {
      String problem = tenant == null ? null : data.tenantProblem(described, tenant);
      if (problem != null) {
        throw CodemodeCli.usage(spec, problem);
      }
      Agent agent =
          Agent.builder("analyst")
              .instructions(
                  instructions(described.description())
                      + (chart.requested() ? CHART_INSTRUCTIONS : ""))
              .outputSchema(
                  mapper.readTree(chart.requested() ? CHARTED_ANSWER_SCHEMA : ANSWER_SCHEMA))
              .codeMode(codeMode)
              .discovery(ToolDiscovery.of(List.of(codeMode)))
              .policy(policy)
              .model(config.chatModel())
              .build();
      answered = agent.ask(question, principal);
      outcome = outcomeJson(answered);
    } catch (ParameterException e) {
      throw e;
    } catch (WarehouseException e) {
      outcome = failedBeforeAnswer("warehouse_error", String.valueOf(e.getMessage()));
    } catch (RuntimeException e) {
      outcome =
          failedBeforeAnswer(
              "internal",
              CrashReport.isBug(e) ? CrashReport.write(e) : String.valueOf(e.getMessage()));
    }
    // Whatever happened, the outcome is reported whole, and free of the model's secrets.
    outcome = (ObjectNode) redaction.json(outcome);
    String notWritten = null;
    if (transcript != null) {
      try {
        ObjectNode written =
            (ObjectNode) redaction.json(transcriptJson(config, outcome, answered, mapper));
        Files.writeString(
            transcript,
            TranscriptText.render(written, TranscriptText.MAX_BYTES, mapper),
            StandardCharsets.UTF_8);
      } catch (IOException e) {
        notWritten =
            "cannot write the transcript " + transcript + ": " + redaction.text(e.getMessage());
      } catch (TranscriptText.TooLarge e) {
        notWritten = "the transcript " + transcript + " is not written: " + e.getMessage();
      }
    }
    String drawn = null;
    if (chart.requested()) {
      if (answered instanceof AgentOutcome.Answered done) {
        drawn = chart.draw(done::chart, question, out, err);
      } else {
        err.println("error: no chart: the agent did not answer");
      }
      if (drawn != null && !chart.toStdout()) {
        outcome.put("chart", drawn);
      }
    }
    if (json) {
      out.println(outcome);
    } else {
      print(outcome, chart.toStdout() ? err : out, err);
    }
    out.flush();
    if (chart.requested() && drawn == null) {
      return CodemodeCli.EXIT_FAILED;
    }
    if (notWritten != null) {
      err.println("error: " + escape(notWritten, MESSAGE));
      return CodemodeCli.EXIT_FAILED;
    }
    return outcome.get("ok").asBoolean() ? CodemodeCli.EXIT_OK : CodemodeCli.EXIT_FAILED;
  }

  /** The outcome of a run that ended before the agent had one: no turn, no call. */
  private static ObjectNode failedBeforeAnswer(String kind, String message) {
    ObjectNode json = JsonNodeFactory.instance.objectNode().put("ok", false);
    json.putNull("answer");
    json.putObject("failure").put("kind", kind).putNull("limit").put("message", message);
    json.putNull("runId").put("turns", 0).put("toolCalls", 0).put("modelVisibleBytes", 0);
    json.putArray("uncertainCalls");
    return json;
  }

  /** The answer, then its figures one per line; a failure on stderr. */
  private static void print(ObjectNode outcome, PrintWriter out, PrintWriter err) {
    JsonNode answer = outcome.get("answer");
    if (!outcome.get("ok").asBoolean() || answer == null || answer.isNull()) {
      JsonNode failure = outcome.path("failure");
      err.println(
          "error: "
              + failure.path("kind").asString("")
              + ": "
              + escape(failure.path("message").asString(""), MESSAGE));
      return;
    }
    out.println(escape(answer.get("answer").asString(), TEXT));
    JsonNode drawn = outcome.get("chart");
    answer
        .get("figures")
        .properties()
        .forEach(
            figure ->
                out.println(
                    escape(
                        "  "
                            + figure.getKey()
                            + ": "
                            + (figure.getValue().isString()
                                ? figure.getValue().asString()
                                : figure.getValue().toString()),
                        CELL)));
    if (drawn != null) {
      out.println("chart: " + escape(drawn.asString(), CELL));
    }
  }

  static ObjectNode outcomeJson(AgentOutcome outcome) {
    ObjectNode json = JsonNodeFactory.instance.objectNode().put("ok", outcome.ok());
    switch (outcome) {
      case AgentOutcome.Answered answered -> {
        json.set("answer", answered.answer());
        json.putNull("failure");
      }
      case AgentOutcome.Failed failed -> {
        json.putNull("answer");
        AgentLimit limit = failed.kind().limit();
        // Which limit ended the run, by the policy's name (maxTurns), null when none did.
        json.putObject("failure")
            .put("kind", failed.kind().wireName())
            .put("limit", limit == null ? null : limit.wireName())
            .put("message", failed.message());
      }
    }
    AgentTranscript transcript = outcome.transcript();
    json.put("runId", transcript.runId())
        .put("turns", transcript.turns().size())
        .put("toolCalls", transcript.toolCalls())
        .put("modelVisibleBytes", transcript.modelVisibleBytes());
    ArrayNode uncertain = json.putArray("uncertainCalls");
    for (AgentTranscript.UncertainCall call : transcript.uncertainCalls()) {
      uncertain
          .addObject()
          .put("toolCallId", call.toolCallId())
          .put("method", call.method())
          .put("callId", call.callId());
    }
    return json;
  }

  private ObjectNode transcriptJson(
      ModelConfig config, ObjectNode outcome, @Nullable AgentOutcome answered, JsonMapper mapper) {
    ObjectNode json =
        JsonNodeFactory.instance
            .objectNode()
            .put("question", question)
            .put("provider", config.provider().wireName)
            .put("model", config.model())
            .put("baseUrl", Redaction.shown(config.baseUrl()));
    json.setAll(outcome);
    if (answered == null) {
      json.putArray("turns");
      return json;
    }
    // In place of the outcome's count of turns: the turns themselves.
    ArrayNode turns = json.putArray("turns");
    for (AgentTurn turn : answered.transcript().turns()) {
      ObjectNode t =
          turns
              .addObject()
              .put("index", turn.index())
              .put("requestBytes", turn.requestBytes())
              .put("newBytes", turn.newBytes());
      ArrayNode exposed = t.putArray("exposedTools");
      turn.exposedTools().forEach(exposed::add);
      t.put("text", turn.text());
      ArrayNode calls = t.putArray("calls");
      for (AgentTurn.ToolCall call : turn.calls()) {
        ObjectNode c = calls.addObject().put("id", call.id()).put("name", call.name());
        JsonNode arguments = parsed(call.arguments(), mapper);
        if (arguments != null
            && call.name().equals(CodeMode.DEFAULT_TOOL_NAME)
            && arguments.path("code").isString()) {
          c.put("program", arguments.get("code").asString());
        } else if (arguments != null) {
          c.set("arguments", arguments);
        } else {
          c.put("arguments", call.arguments());
        }
        c.set("result", call.result());
        c.put("isError", call.isError()).put("millis", call.millis());
      }
    }
    return json;
  }

  /** The arguments as JSON, or null when the model sent something else. */
  private static @Nullable JsonNode parsed(String arguments, JsonMapper mapper) {
    try {
      JsonNode node = mapper.readTree(arguments);
      return node == null || node.isMissingNode() ? null : node;
    } catch (JacksonException e) {
      return null;
    }
  }
}
