package io.codemode4j.agent;

import static io.codemode4j.agent.OpenAiWireServer.always;
import static org.assertj.core.api.Assertions.assertThat;

import dev.langchain4j.data.message.UserMessage;
import dev.langchain4j.model.chat.ChatModel;
import dev.langchain4j.model.chat.request.ChatRequest;
import dev.langchain4j.model.openai.OpenAiChatModel;
import io.codemode4j.agent.OpenAiWireServer.Received;
import io.codemode4j.agent.OpenAiWireServer.Reply;
import io.codemode4j.agent.internal.LangChainTools;
import io.codemode4j.bridge.CodeMode;
import io.codemode4j.bridge.Principal;
import io.codemode4j.bridge.RunContext;
import io.codemode4j.bridge.discovery.ToolDiscovery;
import io.codemode4j.bridge.outcome.PassSuccess;
import io.codemode4j.bridge.tool.ToolSpec;
import io.codemode4j.warehouse.Warehouse;
import io.codemode4j.warehouse.billing.BillingSample;
import java.nio.file.Path;
import java.util.List;
import java.util.function.Function;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;
import tools.jackson.databind.JsonNode;
import tools.jackson.databind.node.ObjectNode;

/**
 * The agent over LangChain4j's real OpenAI client against a local server speaking the
 * chat-completions wire format: the request the client builds (tools with our schemas verbatim, the
 * key, HTTP/1.1 without an h2c upgrade), the tool-call round trip, and no retry of a failed
 * request. Two tests run the client as LangChain4j configures it by default, to show what {@link
 * ModelProviders} changes and that these assertions can fail.
 */
class OpenAiWireIT {

  static Warehouse warehouse;
  static CodeMode codeMode;
  static ToolDiscovery discovery;
  static JsonNode totals;

  @BeforeAll
  static void open() throws Exception {
    warehouse =
        BillingSample.open(
            Path.of(System.getProperty("codemode.sampleDir", "../sample-data/parquet")),
            Path.of(System.getProperty("codemode.cacheDir", "target/codemode-cache")));
    codeMode = BillingSample.installTools(warehouse, CodeMode.builder()).build();
    discovery = ToolDiscovery.of(List.of(codeMode));
    totals =
        ((PassSuccess)
                codeMode.run(
                    AgentIT.REGION_TOTALS, RunContext.of("setup", Principal.unconfined("setup"))))
            .result();
  }

  @AfterAll
  static void close() {
    codeMode.close();
    warehouse.close();
  }

  static Agent agent(OpenAiWireServer server) {
    return Agent.builder("analyst")
        .instructions("Answer revenue questions about the billing warehouse.")
        .outputSchema(AgentIT.ANSWER_SCHEMA)
        .codeMode(codeMode)
        .discovery(discovery)
        .model(ModelProviders.openAi(server.baseUrl(), "test-key", "scripted"))
        .build();
  }

  /** What a model writes after reading the region totals in the tool message. */
  static Function<Received, Reply> answerFromToolMessage() {
    return request -> {
      JsonNode top = request.lastToolResult().get("result").get(0);
      return Reply.text(
          "{\"region\": \""
              + top.get("region").asString()
              + "\", \"revenue\": \""
              + top.get("total").asString()
              + "\"}");
    };
  }

  static JsonNode function(Received request, String name) {
    for (JsonNode tool : request.body().get("tools")) {
      if (tool.path("function").path("name").asString("").equals(name)) {
        return tool.get("function");
      }
    }
    throw new AssertionError("no tool " + name + " in " + request.body().get("tools"));
  }

  static JsonNode withoutAdditionalProperties(JsonNode schema) {
    ObjectNode copy = (ObjectNode) schema.deepCopy();
    copy.remove("additionalProperties");
    return copy;
  }

  @Test
  void ask_toolCallThenAnswer_isAnsweredFromTheProgramsResult() throws Exception {
    String program = ScriptedChatModel.code(AgentIT.REGION_TOTALS);
    try (OpenAiWireServer server =
        OpenAiWireServer.start(
            always(Reply.toolCall("call_1", "run_javascript", program)), answerFromToolMessage())) {

      AgentOutcome outcome =
          agent(server).ask("Which region had the highest revenue?", Principal.unconfined("ana"));

      assertThat(outcome).isInstanceOf(AgentOutcome.Answered.class);
      JsonNode answer = ((AgentOutcome.Answered) outcome).answer();
      assertThat(answer.get("region").asString()).isEqualTo(totals.get(0).get("region").asString());
      assertThat(answer.get("revenue").asString()).isEqualTo(totals.get(0).get("total").asString());

      List<Received> received = server.received();
      assertThat(received).hasSize(2);
      for (Received request : received) {
        assertThat(request.method()).isEqualTo("POST");
        assertThat(request.path()).isEqualTo(OpenAiWireServer.COMPLETIONS_PATH);
        assertThat(request.protocol()).isEqualTo("HTTP/1.1");
        assertThat(request.header("Upgrade")).isNull();
        assertThat(request.header("HTTP2-Settings")).isNull();
        assertThat(request.header("Authorization")).isEqualTo("Bearer test-key");
        assertThat(request.body().get("model").asString()).isEqualTo("scripted");
      }

      Received first = received.get(0);
      assertThat(first.body().get("tools").findValuesAsString("name"))
          .containsExactly("run_javascript", "discover_tools");
      // Measured: LangChain4j's OpenAI client renders the top level of a non-strict tool's
      // parameters itself (type, properties, required, $defs) and writes additionalProperties only
      // for strict tools; below it sends each property's raw schema verbatim. The handlers check
      // the arguments against the whole schema, so an extra key is still refused, in the result.
      JsonNode runJavascript = function(first, "run_javascript");
      assertThat(runJavascript.get("parameters"))
          .isEqualTo(withoutAdditionalProperties(codeMode.tool().parameters()));
      assertThat(runJavascript.get("parameters").has("additionalProperties")).isFalse();
      assertThat(codeMode.tool().parameters().get("additionalProperties").asBoolean()).isFalse();
      assertThat(runJavascript.get("parameters").get("required").toString())
          .isEqualTo("[\"code\"]");
      assertThat(runJavascript.get("description").asString())
          .isEqualTo(codeMode.tool().description());
      assertThat(runJavascript.has("strict")).isFalse();
      JsonNode discoverTools = function(first, "discover_tools");
      assertThat(discoverTools.get("parameters"))
          .isEqualTo(withoutAdditionalProperties(discovery.tool().parameters()));
      assertThat(discoverTools.get("parameters").at("/properties/limit/maximum").asInt())
          .isEqualTo(ToolDiscovery.MAX_LIMIT);
      assertThat(discoverTools.get("parameters").at("/properties/query/pattern").asString())
          .isEqualTo("\\S");
      assertThat(discoverTools.get("parameters").get("required").toString())
          .isEqualTo("[\"query\"]");
      assertThat(first.messages("system").get(0).get("content").asString())
          .contains("Answer revenue questions");
      assertThat(first.messages("user").get(0).get("content").asString())
          .isEqualTo("{\"question\":\"Which region had the highest revenue?\"}");

      Received second = received.get(1);
      JsonNode call = second.messages("assistant").get(0).get("tool_calls").get(0);
      assertThat(call.get("id").asString()).isEqualTo("call_1");
      assertThat(call.at("/function/name").asString()).isEqualTo("run_javascript");
      assertThat(call.at("/function/arguments").asString()).isEqualTo(program);
      JsonNode toolMessage = second.messages("tool").get(0);
      assertThat(toolMessage.get("tool_call_id").asString()).isEqualTo("call_1");
      AgentTurn.ToolCall ran = outcome.transcript().turns().get(0).calls().get(0);
      assertThat(toolMessage.get("content").asString()).isEqualTo(ran.result().toString());
      assertThat(ran.result().get("ok").asBoolean()).isTrue();
      assertThat(ran.result().get("calls").get(0).get("method").asString())
          .isEqualTo("warehouse.query");
    }
  }

  @Test
  void ask_serverAnswers500Once_failsModelErrorAfterExactlyOneRequest() throws Exception {
    // Were the client to retry, its second request would get a valid answer and the run succeed.
    try (OpenAiWireServer server =
        OpenAiWireServer.start(
            always(Reply.error(500, "the scripted server is overloaded")),
            always(Reply.text("{\"region\": \"emea\", \"revenue\": \"1\"}")))) {

      AgentOutcome outcome = agent(server).ask("q", Principal.unconfined("ana"));

      assertThat(outcome).isInstanceOf(AgentOutcome.Failed.class);
      AgentOutcome.Failed failed = (AgentOutcome.Failed) outcome;
      assertThat(failed.kind()).isEqualTo(AgentFailureKind.MODEL_ERROR);
      assertThat(failed.message())
          .startsWith("the model failed: ")
          .contains("the scripted server is overloaded")
          .endsWith("done so far: 0 turns, 0 tool calls, 0 inner calls");
      assertThat(failed.transcript().turns()).hasSize(1);
      assertThat(server.received()).hasSize(1);
    }
  }

  @ParameterizedTest(name = "{0} to {1}")
  @CsvSource(
      delimiter = '|',
      value = {
        "307 | https://elsewhere.example/v1 | https://elsewhere.example/v1",
        "301 | https://user:s3cret@elsewhere.example:8443/v1?key=s3cret#x"
            + " | https://elsewhere.example:8443/v1",
        "302 | /v2/chat/completions | /v2/chat/completions",
      })
  void ask_serverRedirects_failsNamingWhereItPointedAfterOneRequest(
      int status, String location, String named) throws Exception {
    // Were the redirect followed, the server would be asked again, here or elsewhere.
    try (OpenAiWireServer server =
        OpenAiWireServer.start(
            always(Reply.redirect(status, location)),
            always(Reply.text("{\"region\": \"emea\", \"revenue\": \"1\"}")))) {

      AgentOutcome outcome = agent(server).ask("q", Principal.unconfined("ana"));

      AgentOutcome.Failed failed = (AgentOutcome.Failed) outcome;
      assertThat(failed.kind()).isEqualTo(AgentFailureKind.MODEL_ERROR);
      assertThat(failed.message())
          .startsWith(
              "the model failed: the model server answered "
                  + status
                  + ", a redirect to "
                  + named
                  + ", which is not followed: give the base URL it redirects to")
          .doesNotContain("s3cret");
      assertThat(server.received()).hasSize(1);
    }
  }

  @Test
  void langChainDefaults_offerAnH2cUpgradeAndRetryA500() throws Exception {
    // LangChain4j's own defaults, which ModelProviders replaces: the JDK client offers an h2c
    // upgrade on plain HTTP, and a 500 is retried (the second request here is answered).
    try (OpenAiWireServer server =
        OpenAiWireServer.start(
            always(Reply.error(500, "the scripted server is overloaded")),
            always(Reply.text("hello")))) {
      ChatModel defaults =
          OpenAiChatModel.builder()
              .baseUrl(server.baseUrl())
              .apiKey("test-key")
              .modelName("scripted")
              .build();

      String text = defaults.chat(List.of(UserMessage.from("hi"))).aiMessage().text();

      assertThat(text).isEqualTo("hello");
      assertThat(server.received()).hasSize(2);
      assertThat(server.received().get(0).header("Upgrade")).isEqualTo("h2c");
    }
  }

  @Test
  void parameters_documentKeysAreStripped_restSentVerbatim() throws Exception {
    ObjectNode parameters = (ObjectNode) codeMode.tool().parameters().deepCopy();
    parameters.put("$schema", "https://json-schema.org/draft/2020-12/schema");
    ToolSpec spec =
        new ToolSpec(
            "run_javascript",
            codeMode.tool().description(),
            parameters,
            codeMode.tool().success(),
            codeMode.tool().executionClass());
    try (OpenAiWireServer server = OpenAiWireServer.start(always(Reply.text("ok")))) {
      ChatModel model = ModelProviders.openAi(server.baseUrl(), "test-key", "scripted");

      model.chat(
          ChatRequest.builder()
              .messages(UserMessage.from("hi"))
              .toolSpecifications(LangChainTools.specification(spec))
              .build());

      JsonNode sent = function(server.received().get(0), "run_javascript").get("parameters");
      assertThat(sent.has("$schema")).isFalse();
      assertThat(sent).isEqualTo(withoutAdditionalProperties(codeMode.tool().parameters()));
    }
  }
}
