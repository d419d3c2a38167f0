package io.codemode4j.agent;

import static io.codemode4j.agent.OpenAiWireServer.always;
import static org.assertj.core.api.Assertions.assertThat;

import io.codemode4j.agent.OpenAiWireServer.Received;
import io.codemode4j.agent.OpenAiWireServer.Reply;
import io.codemode4j.bridge.CodeMode;
import io.codemode4j.bridge.Principal;
import io.codemode4j.bridge.RunContext;
import io.codemode4j.bridge.outcome.PassSuccess;
import io.codemode4j.warehouse.Warehouse;
import io.codemode4j.warehouse.billing.BillingSample;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Set;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;
import tools.jackson.databind.JsonNode;

/**
 * The Java snippets of docs/agent.md are {@link ReadmeExamples}' code, and they run: against a
 * local server speaking OpenAI's wire format, through LangChain4j's real client, over the bundled
 * warehouse, for a tenant of EMEA.
 */
class ReadmeExamplesIT {

  static final String PROGRAM =
      "async () => (await warehouse.query({sql: \"SELECT region, SUM(revenue) AS total FROM"
          + " invoice_summary GROUP BY region ORDER BY total DESC\"})).rows";

  static Warehouse warehouse;
  static CodeMode codeMode;
  static JsonNode emeaTotals;

  @BeforeAll
  static void open() throws Exception {
    warehouse =
        BillingSample.open(
            Path.of(System.getProperty("codemode.sampleDir", "../sample-data/parquet")),
            Path.of(System.getProperty("codemode.cacheDir", "target/codemode-cache")));
    codeMode = BillingSample.installTools(warehouse, CodeMode.builder()).build();
    emeaTotals =
        ((PassSuccess)
                codeMode.run(
                    PROGRAM, RunContext.of("setup", Principal.ofTenant("setup", Set.of("emea")))))
            .result();
  }

  @AfterAll
  static void close() {
    codeMode.close();
    warehouse.close();
  }

  /**
   * The lines between {@code // readme:NAME} and {@code // end readme:NAME}, as indented in the
   * file: docs/agent.md holds them in a method of the same depth, so that its block compiles as is.
   */
  static String snippet(String name) throws Exception {
    List<String> lines =
        Files.readAllLines(
            Path.of("src/test/java/io/codemode4j/agent/ReadmeExamples.java"),
            StandardCharsets.UTF_8);
    int start = -1;
    int end = -1;
    for (int i = 0; i < lines.size(); i++) {
      if (lines.get(i).strip().equals("// readme:" + name)) {
        start = i + 1;
      } else if (lines.get(i).strip().equals("// end readme:" + name)) {
        end = i;
      }
    }
    assertThat(start).as("start of snippet " + name).isPositive();
    assertThat(end).as("end of snippet " + name).isGreaterThan(start);
    return String.join("\n", lines.subList(start, end)) + "\n";
  }

  @ParameterizedTest
  @ValueSource(strings = {"agent", "aiservices"})
  void agentPage_snippet_isTheExampleCodeVerbatim(String name) throws Exception {
    String page = Files.readString(Path.of("../docs/agent.md"), StandardCharsets.UTF_8);

    assertThat(page).contains("\n" + snippet(name));
  }

  /** The first request gets the program; the second reads its result and answers. */
  static OpenAiWireServer server(Reply answer) throws Exception {
    return OpenAiWireServer.start(
        always(Reply.toolCall("call_1", "run_javascript", ScriptedChatModel.code(PROGRAM))),
        always(answer));
  }

  static JsonNode programResult(Received request) {
    return request.lastToolResult().get("result");
  }

  @Test
  void agentSnippet_overOpenAiWire_answersFromTheTenantsRows() throws Exception {
    String total = emeaTotals.get(0).get("total").asString();
    try (OpenAiWireServer server =
        server(
            Reply.text(
                "{\"answer\": \"emea, the only region you may see\", \"figures\": {\"emea\": \""
                    + total
                    + "\"}}"))) {

      AgentOutcome outcome = ReadmeExamples.agent(server.baseUrl(), "test-key", codeMode);

      assertThat(outcome).isInstanceOf(AgentOutcome.Answered.class);
      assertThat(((AgentOutcome.Answered) outcome).answer().at("/figures/emea").asString())
          .isEqualTo(total);
      assertThat(server.received()).hasSize(2);
      assertThat(server.received().get(0).body().get("model").asString()).isEqualTo("gpt-4.1-mini");
      assertThat(programResult(server.received().get(1))).isEqualTo(emeaTotals);
      assertThat(emeaTotals.findValuesAsString("region")).containsOnly("emea");
    }
  }

  @Test
  void aiServicesSnippet_overOpenAiWire_runsTheProgramForTheTenantAndAnswers() throws Exception {
    String total = emeaTotals.get(0).get("total").asString();
    try (OpenAiWireServer server = server(Reply.text("EMEA, with " + total))) {

      String answer = ReadmeExamples.aiServices(server.baseUrl(), "test-key", codeMode);

      assertThat(answer).isEqualTo("EMEA, with " + total);
      List<Received> received = server.received();
      assertThat(received).hasSize(2);
      assertThat(received.get(0).body().get("tools").findValuesAsString("name"))
          .containsExactly("run_javascript", "discover_tools");
      assertThat(received.get(0).header("Upgrade")).isNull();
      JsonNode toolMessage = received.get(1).messages("tool").get(0);
      assertThat(toolMessage.get("tool_call_id").asString()).isEqualTo("call_1");
      JsonNode egress = received.get(1).lastToolResult();
      assertThat(egress.get("ok").asBoolean()).isTrue();
      assertThat(egress.get("result")).isEqualTo(emeaTotals);
      assertThat(egress.get("calls").get(0).get("status").asString()).isEqualTo("succeeded");
    }
  }
}
