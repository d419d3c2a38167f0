package io.codemode4j.cli;

import static io.codemode4j.agent.OpenAiWireServer.always;
import static org.assertj.core.api.Assertions.assertThat;

import io.codemode4j.agent.OpenAiWireServer;
import io.codemode4j.agent.OpenAiWireServer.Received;
import io.codemode4j.agent.OpenAiWireServer.Reply;
import java.io.PrintWriter;
import java.io.StringWriter;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.function.Function;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;
import picocli.CommandLine;
import tools.jackson.databind.JsonNode;
import tools.jackson.databind.json.JsonMapper;
import tools.jackson.databind.node.JsonNodeFactory;
import tools.jackson.databind.node.ObjectNode;

/**
 * {@code codemode ask} against a local server speaking OpenAI's chat-completions wire format,
 * through LangChain4j's real client, over the bundled data: the printed answer, {@code --json}, the
 * transcript file, a failing model, and the usage error without a model.
 */
class AskCommandIT {

  static final JsonMapper JSON = JsonMapper.builder().build();
  static final String PROGRAM =
      "async () => (await warehouse.query({sql: \"SELECT region, SUM(revenue) AS total FROM"
          + " invoice_summary GROUP BY region ORDER BY total DESC\"})).rows";
  static final String ARGUMENTS =
      "{\"code\":" + JsonNodeFactory.instance.stringNode(PROGRAM).toString() + "}";

  @TempDir Path dir;

  private record Outcome(int exitCode, String out, String err) {}

  /** The question over the bundled data, asked of the scripted model at {@code baseUrl}. */
  private static List<String> question(String baseUrl, String... options) {
    List<String> args =
        new ArrayList<>(
            List.of(
                "Which region had the highest revenue?",
                "--base-url",
                baseUrl,
                "--model",
                "scripted",
                "--data",
                System.getProperty("codemode.sampleDir")));
    args.addAll(List.of(options));
    return args;
  }

  private static Outcome codemode(OpenAiWireServer server, String... options) {
    List<String> args = new ArrayList<>(List.of("ask"));
    args.addAll(question(server.baseUrl(), options));
    StringWriter out = new StringWriter();
    StringWriter err = new StringWriter();
    int code =
        CodemodeCli.run(
            new PrintWriter(out, true), new PrintWriter(err, true), args.toArray(String[]::new));
    return new Outcome(code, out.toString(), err.toString());
  }

  /** A model that runs the program, then answers from the rows the tool message carries. */
  private static OpenAiWireServer analyst() throws Exception {
    Function<Received, Reply> answer =
        request -> {
          JsonNode top = request.lastToolResult().get("result").get(0);
          return Reply.text(
              "{\"answer\": \""
                  + top.get("region").asString()
                  + " had the highest revenue.\", \"figures\": {\"revenue\": \""
                  + top.get("total").asString()
                  + "\"}}");
        };
    return OpenAiWireServer.start(
        always(Reply.toolCall("call_1", "run_javascript", ARGUMENTS)), answer);
  }

  /** A model whose program flags an invoice, then answers with what the flag call came to. */
  private static OpenAiWireServer flagger() throws Exception {
    String program =
        """
        async () => {
          const id = (await warehouse.query({sql: "SELECT min(invoice_id) AS id FROM invoices"})).rows[0].id;
          try { await billing.flagInvoice({invoiceId: id, reason: 'ask'}); return 'flagged' }
          catch (e) { return e.kind }
        }""";
    String arguments = "{\"code\":" + JsonNodeFactory.instance.stringNode(program).toString() + "}";
    return OpenAiWireServer.start(
        always(Reply.toolCall("call_1", "run_javascript", arguments)),
        request ->
            Reply.text(
                "{\"answer\": \"the flag was "
                    + request.lastToolResult().get("result").asString()
                    + "\", \"figures\": {}}"));
  }

  @ParameterizedTest(name = "--approve {0}")
  @CsvSource({"none, the flag was denied", "all, the flag was flagged"})
  void ask_approveMode_decidesTheAgentsWrites(String mode, String answer) throws Exception {
    try (OpenAiWireServer server = flagger()) {

      Outcome result =
          codemode(server, "--approve", mode, "--state", dir.resolve("state-" + mode).toString());

      assertThat(result.exitCode()).as(result.err()).isZero();
      assertThat(result.out().lines().findFirst()).contains(answer);
    }
  }

  @Test
  void ask_overOpenAiWire_printsTheAnswerAndWritesEveryTurn() throws Exception {
    Path transcript = dir.resolve("transcript.json");
    try (OpenAiWireServer server = analyst()) {

      Outcome result = codemode(server, "--transcript", transcript.toString());

      assertThat(result.exitCode()).as(result.err()).isZero();
      JsonNode rows = server.received().get(1).lastToolResult().get("result");
      String region = rows.get(0).get("region").asString();
      String revenue = rows.get(0).get("total").asString();
      assertThat(result.out().lines().toList())
          .containsExactly(region + " had the highest revenue.", "  revenue: " + revenue);

      JsonNode json = JSON.readTree(Files.readString(transcript, StandardCharsets.UTF_8));
      assertThat(json.get("question").asString())
          .isEqualTo("Which region had the highest revenue?");
      assertThat(json.get("provider").asString()).isEqualTo("openai");
      assertThat(json.get("model").asString()).isEqualTo("scripted");
      assertThat(json.get("ok").asBoolean()).isTrue();
      assertThat(json.at("/answer/figures/revenue").asString()).isEqualTo(revenue);
      JsonNode turns = json.get("turns");
      assertThat(turns).hasSize(2);

      JsonNode first = turns.get(0);
      assertThat(first.get("exposedTools").toString())
          .isEqualTo("[\"run_javascript\",\"discover_tools\"]");
      assertThat(first.get("newBytes").asLong())
          .isEqualTo(first.get("requestBytes").asLong())
          .isGreaterThan(1000);
      assertThat(first.get("text").isNull()).isTrue();
      JsonNode call = first.get("calls").get(0);
      assertThat(call.get("id").asString()).isEqualTo("call_1");
      assertThat(call.get("name").asString()).isEqualTo("run_javascript");
      assertThat(call.get("program").asString()).isEqualTo(PROGRAM);
      assertThat(call.get("isError").asBoolean()).isFalse();
      assertThat(call.get("result")).isEqualTo(server.received().get(1).lastToolResult());
      JsonNode ledger = call.get("result").get("calls");
      assertThat(ledger).hasSize(1);
      assertThat(ledger.get(0).get("method").asString()).isEqualTo("warehouse.query");
      assertThat(ledger.get(0).get("status").asString()).isEqualTo("succeeded");

      JsonNode second = turns.get(1);
      assertThat(second.get("newBytes").asLong())
          .isEqualTo(call.get("result").toString().getBytes(StandardCharsets.UTF_8).length);
      // The whole request: the first one, the model's own call, and the result it read.
      assertThat(second.get("requestBytes").asLong())
          .isEqualTo(
              first.get("requestBytes").asLong()
                  + ("run_javascript" + ARGUMENTS).getBytes(StandardCharsets.UTF_8).length
                  + second.get("newBytes").asLong());
      assertThat(second.get("text").asString()).contains(revenue);
      assertThat(second.get("calls")).isEmpty();
      assertThat(json.get("modelVisibleBytes").asLong())
          .isEqualTo(first.get("newBytes").asLong() + second.get("newBytes").asLong());
    }
  }

  @Test
  void ask_json_printsTheOutcome() throws Exception {
    try (OpenAiWireServer server = analyst()) {

      Outcome result = codemode(server, "--json");

      assertThat(result.exitCode()).as(result.err()).isZero();
      JsonNode json = JSON.readTree(result.out());
      assertThat(json.propertyNames())
          .containsExactly(
              "ok",
              "answer",
              "failure",
              "runId",
              "turns",
              "toolCalls",
              "modelVisibleBytes",
              "uncertainCalls");
      assertThat(json.get("ok").asBoolean()).isTrue();
      assertThat(json.at("/answer/answer").asString()).endsWith(" had the highest revenue.");
      assertThat(json.get("failure").isNull()).isTrue();
      assertThat(json.get("turns").asInt()).isEqualTo(2);
      assertThat(json.get("toolCalls").asInt()).isEqualTo(1);
      assertThat(json.get("uncertainCalls")).isEmpty();
    }
  }

  @Test
  void ask_modelAnswers500_exitsOneWithModelError() throws Exception {
    try (OpenAiWireServer server =
        OpenAiWireServer.start(always(Reply.error(500, "the scripted server is down")))) {

      Outcome result = codemode(server);

      assertThat(result.exitCode()).isEqualTo(1);
      assertThat(result.out()).isEmpty();
      assertThat(result.err())
          .startsWith("error: model_error: the model failed: ")
          .contains("the scripted server is down");
      assertThat(server.received()).hasSize(1);
    }
  }

  @Test
  void ask_modelNeverAnswers_exitsOneNamingTheLimitThatEndedTheRun() throws Exception {
    // One server per run: a scripted server answers one request per step of its script.
    try (OpenAiWireServer server =
            OpenAiWireServer.start(always(Reply.toolCall("call_1", "run_javascript", ARGUMENTS)));
        OpenAiWireServer again =
            OpenAiWireServer.start(always(Reply.toolCall("call_1", "run_javascript", ARGUMENTS)))) {

      Outcome asJson = codemode(server, "--max-turns", "1", "--json");
      Outcome printed = codemode(again, "--max-turns", "1");

      assertThat(asJson.exitCode()).isEqualTo(1);
      JsonNode failure = JSON.readTree(asJson.out()).get("failure");
      assertThat(failure.propertyNames()).containsExactly("kind", "limit", "message");
      assertThat(failure.get("kind").asString()).isEqualTo("max_turns");
      assertThat(failure.get("limit").asString()).isEqualTo("maxTurns");
      assertThat(failure.get("message").asString())
          .contains(" reached maxTurns (1) without an answer; done so far: 1 turn, 1 tool call");
      assertThat(printed.exitCode()).isEqualTo(1);
      assertThat(printed.err()).startsWith("error: max_turns: run ");
    }
  }

  /** {@code codemode ask} with {@code env} as its environment. */
  private Outcome ask(Map<String, String> env, String baseUrl, String... options) {
    List<String> args = question(baseUrl, options);
    StringWriter out = new StringWriter();
    StringWriter err = new StringWriter();
    CommandLine cli = new CommandLine(new AskCommand(env));
    cli.setOut(new PrintWriter(out, true));
    cli.setErr(new PrintWriter(err, true));
    cli.setParameterExceptionHandler(CodemodeCli::usageError);
    int code = cli.execute(args.toArray(String[]::new));
    return new Outcome(code, out.toString(), err.toString());
  }

  static final String KEY = "sk-test-9f8e7d6c5b4a39281706f5e4d3c2b1a0";

  @Test
  void ask_serverEchoesTheApiKey_isRedactedInStderrJsonAndTranscript() throws Exception {
    Function<Received, Reply> echo =
        request ->
            Reply.error(
                401,
                "Incorrect API key provided: "
                    + request.header("Authorization").substring("Bearer ".length()));
    try (OpenAiWireServer server = OpenAiWireServer.start(echo, echo)) {
      Path human = dir.resolve("human.json");
      Path machine = dir.resolve("machine.json");

      Outcome printed =
          ask(Map.of("OPENAI_API_KEY", KEY), server.baseUrl(), "--transcript", human.toString());
      Outcome asJson =
          ask(
              Map.of("OPENAI_API_KEY", KEY),
              server.baseUrl(),
              "--json",
              "--transcript",
              machine.toString());

      assertThat(server.received()).hasSize(2);
      assertThat(server.received().get(0).header("Authorization")).isEqualTo("Bearer " + KEY);
      assertThat(printed.exitCode()).isEqualTo(1);
      assertThat(printed.err())
          .contains("the model server answered 401: ")
          .contains("Incorrect API key provided: [redacted]")
          .doesNotContain(KEY);
      assertThat(asJson.exitCode()).isEqualTo(1);
      JsonNode json = JSON.readTree(asJson.out());
      assertThat(json.get("failure").get("kind").asString()).isEqualTo("model_error");
      assertThat(json.get("failure").get("limit").isNull()).isTrue();
      assertThat(json.get("failure").get("message").asString())
          .contains("[redacted]")
          .doesNotContain(KEY);
      assertThat(Files.readString(human)).contains("[redacted]").doesNotContain(KEY);
      assertThat(Files.readString(machine)).contains("[redacted]").doesNotContain(KEY);
    }
  }

  @Test
  void ask_passwordInTheBaseUrl_appearsNowhere() throws Exception {
    try (OpenAiWireServer server =
        OpenAiWireServer.start(always(Reply.error(500, "the scripted server is down")))) {
      String withPassword =
          server.baseUrl().replace("http://", "http://analyst:p%40ss-w0rd-secret@");
      Path file = dir.resolve("transcript.json");

      Outcome result = ask(Map.of(), withPassword, "--json", "--transcript", file.toString());

      String everything = result.out() + result.err() + Files.readString(file);
      assertThat(everything)
          .doesNotContain("p%40ss-w0rd-secret")
          .doesNotContain("p@ss-w0rd-secret");
      assertThat(JSON.readTree(Files.readString(file)).get("baseUrl").asString())
          .isEqualTo(server.baseUrl().replace("http://", "http://[redacted]@"));
      assertThat(JSON.readTree(result.out()).get("ok").asBoolean()).isFalse();
    }
  }

  @Test
  void ask_modelServerAnswersEmptyOrRedirect_saysTheStatus() throws Exception {
    try (OpenAiWireServer empty = OpenAiWireServer.start(always(Reply.empty(502)));
        OpenAiWireServer moved =
            OpenAiWireServer.start(always(Reply.redirect(307, "https://elsewhere.example/v1")))) {

      Outcome fromEmpty = codemode(empty, "--json");
      Outcome fromMoved = codemode(moved, "--json");

      assertThat(JSON.readTree(fromEmpty.out()).get("failure").get("message").asString())
          .startsWith("the model failed: the model server answered 502 with an empty body; ");
      assertThat(JSON.readTree(fromMoved.out()).get("failure").get("message").asString())
          .startsWith(
              "the model failed: the model server answered 307, a redirect to"
                  + " https://elsewhere.example/v1, which is not followed: give the base URL it"
                  + " redirects to");
    }
  }

  @Test
  void ask_toolCallWithoutAName_isAnsweredToTheModelAndTheRunGoesOn() throws Exception {
    Function<Received, Reply> nameless =
        request -> {
          ObjectNode reply = (ObjectNode) Reply.toolCall("call_1", "x", "{}").body();
          ((ObjectNode)
                  reply
                      .get("choices")
                      .get(0)
                      .get("message")
                      .get("tool_calls")
                      .get(0)
                      .get("function"))
              .putNull("name")
              .putNull("arguments");
          return new Reply(200, reply);
        };
    Function<Received, Reply> answer =
        request ->
            Reply.text(
                "{\"answer\": \""
                    + request.lastToolResult().get("error").get("message").asString()
                    + "\", \"figures\": {}}");
    try (OpenAiWireServer server = OpenAiWireServer.start(nameless, answer)) {

      Outcome result = codemode(server, "--json");

      assertThat(result.exitCode()).isEqualTo(0);
      assertThat(JSON.readTree(result.out()).get("answer").get("answer").asString())
          .startsWith("the tool call names no tool: call one of run_javascript");
    }
  }

  @Test
  void ask_noModelConfigured_exitsTwoSayingWhatToSet() {
    StringWriter out = new StringWriter();
    StringWriter err = new StringWriter();
    CommandLine cli = new CommandLine(new AskCommand(Map.of()));
    cli.setOut(new PrintWriter(out, true));
    cli.setErr(new PrintWriter(err, true));
    cli.setParameterExceptionHandler(CodemodeCli::usageError);

    int code = cli.execute("Which region had the highest revenue?");

    assertThat(code).isEqualTo(2);
    assertThat(out.toString()).isEmpty();
    assertThat(err.toString())
        .isEqualTo(
            "error: no model configured for provider openai: pass --model NAME or set OPENAI_MODEL"
                + " (with OPENAI_API_KEY for api.openai.com, or --base-url / OPENAI_BASE_URL for"
                + " another OpenAI-compatible server)"
                + System.lineSeparator()
                + "try 'ask --help'"
                + System.lineSeparator());
  }
}
