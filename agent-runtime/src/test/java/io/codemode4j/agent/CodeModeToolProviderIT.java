package io.codemode4j.agent;

import static io.codemode4j.agent.ScriptedChatModel.call;
import static io.codemode4j.agent.ScriptedChatModel.code;
import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.langchain4j.agent.tool.ToolSpecification;
import dev.langchain4j.data.message.AiMessage;
import dev.langchain4j.data.message.ChatMessage;
import dev.langchain4j.data.message.ToolExecutionResultMessage;
import dev.langchain4j.memory.chat.MessageWindowChatMemory;
import dev.langchain4j.model.chat.request.ChatRequest;
import dev.langchain4j.service.AiServices;
import dev.langchain4j.service.MemoryId;
import dev.langchain4j.service.UserMessage;
import io.codemode4j.agent.internal.LangChainTools;
import io.codemode4j.bridge.CodeMode;
import io.codemode4j.bridge.Principal;
import io.codemode4j.bridge.discovery.ToolDiscovery;
import io.codemode4j.warehouse.Warehouse;
import io.codemode4j.warehouse.billing.BillingSample;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.function.Function;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import tools.jackson.databind.JsonNode;
import tools.jackson.databind.json.JsonMapper;

/**
 * {@link CodeModeToolProvider} inside a real LangChain4j {@code AiServices} loop, the model
 * scripted: the specs it gives, results the model reads (errors included), the principal per chat
 * memory and the budget one invocation's passes share.
 */
class CodeModeToolProviderIT {

  static final JsonMapper JSON = JsonMapper.builder().build();
  static final String REGIONS =
      "async () => (await warehouse.query({sql: \"SELECT DISTINCT region FROM invoice_summary"
          + " ORDER BY region\"})).rows.map(r => r.region)";

  static Warehouse warehouse;
  static CodeMode codeMode;

  interface Analyst {
    String ask(String question);
  }

  interface PerUser {
    String ask(@MemoryId String user, @UserMessage String question);
  }

  @BeforeAll
  static void open() throws Exception {
    warehouse =
        BillingSample.open(
            Path.of(System.getProperty("codemode.sampleDir", "../sample-data/parquet")),
            Path.of(System.getProperty("codemode.cacheDir", "target/codemode-cache")));
    codeMode = BillingSample.installTools(warehouse, CodeMode.builder()).build();
  }

  @AfterAll
  static void close() {
    codeMode.close();
    warehouse.close();
  }

  /** The last tool result of the request, as the model read it. */
  static String lastToolResult(ChatRequest request) {
    String last = null;
    for (ChatMessage m : request.messages()) {
      if (m instanceof ToolExecutionResultMessage r) {
        last = r.text();
      }
    }
    return last;
  }

  /** A reply that echoes the last tool result, so the test reads what the model read. */
  static Function<ChatRequest, AiMessage> echoToolResult() {
    return request -> AiMessage.from(lastToolResult(request));
  }

  @Test
  void provideTools_givesRunJavascriptAndDiscoveryAsTheirSpecs() {
    ToolDiscovery discovery = ToolDiscovery.of(List.of(codeMode));
    ScriptedChatModel model = new ScriptedChatModel(ScriptedChatModel.text("hello"));
    Analyst analyst =
        AiServices.builder(Analyst.class)
            .chatModel(model)
            .toolProvider(
                CodeModeToolProvider.builder(codeMode)
                    .discovery(discovery)
                    .principal(Principal.unconfined("ana"))
                    .build())
            .build();

    assertThat(analyst.ask("hi")).isEqualTo("hello");
    List<ToolSpecification> given = model.requests.get(0).toolSpecifications();
    assertThat(given)
        .containsExactly(
            LangChainTools.specification(codeMode.tool()),
            LangChainTools.specification(discovery.tool()));
  }

  @Test
  void execute_program_returnsTheEgressTheModelReads() {
    ScriptedChatModel model =
        new ScriptedChatModel(call("c1", "run_javascript", code(REGIONS)), echoToolResult());
    Analyst analyst =
        AiServices.builder(Analyst.class)
            .chatModel(model)
            .toolProvider(
                CodeModeToolProvider.builder(codeMode)
                    .principal(Principal.unconfined("ana"))
                    .build())
            .build();

    JsonNode egress = JSON.readTree(analyst.ask("Which regions are there?"));

    assertThat(egress.get("ok").asBoolean()).isTrue();
    assertThat(egress.get("result").size()).isGreaterThan(1);
    assertThat(egress.get("calls").get(0).get("method").asString()).isEqualTo("warehouse.query");
  }

  @Test
  void execute_argumentsNotJson_modelReadsAnInvalidArgumentsError() {
    ScriptedChatModel model =
        new ScriptedChatModel(call("c1", "run_javascript", "async () => 1"), echoToolResult());
    Analyst analyst =
        AiServices.builder(Analyst.class)
            .chatModel(model)
            .toolProvider(
                CodeModeToolProvider.builder(codeMode)
                    .principal(Principal.unconfined("ana"))
                    .build())
            .build();

    JsonNode error = JSON.readTree(analyst.ask("q")).get("error");

    assertThat(error.get("kind").asString()).isEqualTo("invalid_arguments");
    assertThat(error.get("message").asString())
        .isEqualTo("the arguments of run_javascript are not JSON: send one JSON object");
  }

  @Test
  void execute_principalByMemoryId_eachUserSeesOnlyTheirRegions() {
    ScriptedChatModel model =
        new ScriptedChatModel(
            call("c1", "run_javascript", code(REGIONS)),
            echoToolResult(),
            call("c2", "run_javascript", code(REGIONS)),
            echoToolResult());
    Map<String, Principal> users =
        Map.of(
            "ana", Principal.ofTenant("ana", Set.of("emea")),
            "bo", Principal.ofTenant("bo", Set.of("apac")));
    PerUser analyst =
        AiServices.builder(PerUser.class)
            .chatModel(model)
            .chatMemoryProvider(id -> MessageWindowChatMemory.withMaxMessages(20))
            .toolProvider(
                CodeModeToolProvider.builder(codeMode).principal(id -> users.get(id)).build())
            .build();

    JsonNode ana = JSON.readTree(analyst.ask("ana", "Which regions?"));
    JsonNode bo = JSON.readTree(analyst.ask("bo", "Which regions?"));

    assertThat(ana.get("result").toString()).isEqualTo("[\"emea\"]");
    assertThat(bo.get("result").toString()).isEqualTo("[\"apac\"]");
  }

  @Test
  void execute_maxInnerCalls_isSharedByThePassesOfOneInvocation() {
    String tables = "async () => { await warehouse.tables(); return 'ran'; }";
    ScriptedChatModel model =
        new ScriptedChatModel(
            call("c1", "run_javascript", code(tables)),
            call("c2", "run_javascript", code(tables)),
            echoToolResult());
    Analyst analyst =
        AiServices.builder(Analyst.class)
            .chatModel(model)
            .toolProvider(
                CodeModeToolProvider.builder(codeMode)
                    .principal(Principal.unconfined("ana"))
                    .maxInnerCalls(1)
                    .build())
            .build();

    JsonNode second = JSON.readTree(analyst.ask("q"));

    assertThat(lastToolResult(model.requests.get(1))).contains("\"result\":\"ran\"");
    assertThat(second.get("ok").asBoolean()).isFalse();
    assertThat(second.at("/error/kind").asString()).isEqualTo("thrown");
    assertThat(second.at("/error/thrown/kind").asString()).isEqualTo("budget");
  }

  @Test
  void build_withoutPrincipal_saysWhatToCall() {
    assertThatThrownBy(() -> CodeModeToolProvider.builder(codeMode).build())
        .isInstanceOf(IllegalStateException.class)
        .hasMessage("a CodeModeToolProvider needs a principal: call principal(...) on its builder");
  }
}
