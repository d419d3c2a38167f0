package io.codemode4j.cli;

import static org.assertj.core.api.Assertions.assertThat;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;
import org.junit.jupiter.params.provider.EnumSource;
import tools.jackson.databind.JsonNode;
import tools.jackson.databind.json.JsonMapper;

/**
 * {@code codemode mcp --approve ask} (the default) with the official MCP TypeScript client
 * answering elicitation ({@code src/test/node/mcp-approval.mjs}), over stdio and over Streamable
 * HTTP with {@code --sessions}: a program flags three invoices, each flag asked of the client's
 * user. The flag store and the audit, read after the server ended, say what was written and who
 * decided, not only the program's answer.
 */
class McpApprovalIT {

  /** How the client reaches the server, and whom the server acts for. */
  enum Transport {
    /** The client starts {@code codemode mcp --tenant emea}. */
    STDIO("mcp", "tenant emea"),
    /** {@code codemode mcp --transport http --sessions}, reached with the emea token. */
    HTTP_SESSIONS("emea-analyst", "tenant emea");

    final String principal;
    final String tenant;

    Transport(String principal, String tenant) {
      this.principal = principal;
      this.tenant = tenant;
    }
  }

  private static final JsonMapper JSON = JsonMapper.builder().build();

  private static final String LIST =
      "async () => (await billing.flags({})).map(f => f.invoiceId).sort()";

  @TempDir Path dir;

  @BeforeAll
  static void installTheSdk() throws Exception {
    NodeMcpClient.install();
  }

  /** Runs the client in {@code mode} against {@code codemode mcp} with {@code options}. */
  private JsonNode serve(Transport transport, String mode, String... options) throws Exception {
    List<String> mcp =
        new ArrayList<>(
            List.of(
                "--state",
                dir.resolve("state").toAbsolutePath().toString(),
                "--audit",
                audit().toString()));
    mcp.addAll(List.of(options));
    List<String> command = new ArrayList<>(List.of("node", "mcp-approval.mjs", mode));
    if (transport == Transport.STDIO) {
      List<String> stdio = new ArrayList<>(List.of("mcp", "--tenant", "emea"));
      stdio.addAll(mcp);
      command.addAll(PackagedMcp.command(stdio.toArray(String[]::new)));
      return summary(NodeMcpClient.run(command));
    }
    mcp.add("--sessions");
    try (PackagedMcp.HttpServer server = PackagedMcp.startHttp(dir, mcp.toArray(String[]::new))) {
      command.addAll(List.of(server.endpoint().toString(), PackagedMcp.EMEA_TOKEN));
      JsonNode summary = summary(NodeMcpClient.run(command));
      assertThat(summary.path("session").asString()).as(summary.toString()).isNotBlank();
      // SIGTERM, so the audit is closed as the server ends.
      server.process().destroy();
      assertThat(server.process().waitFor(2, TimeUnit.MINUTES))
          .as(server.err().toString())
          .isTrue();
      return summary;
    }
  }

  private static JsonNode summary(JsonNode summary) {
    assertThat(summary.has("error")).as(summary.toString()).isFalse();
    return summary;
  }

  private Path audit() {
    return dir.resolve("audit.jsonl").toAbsolutePath();
  }

  /** The invoices the flag store holds, read by another process. */
  private List<String> flagged() throws Exception {
    Path file = Files.writeString(dir.resolve("list.js"), LIST);
    PackagedCli.Outcome outcome =
        PackagedCli.run(
            dir,
            Map.of(),
            List.of(),
            "run",
            "--json",
            "--state",
            dir.resolve("state").toString(),
            "--approve",
            "none",
            file.toString());
    JsonNode egress = JSON.readTree(outcome.out());
    assertThat(egress.path("ok").asBoolean()).as(outcome.both()).isTrue();
    return egress.get("result").valueStream().map(JsonNode::asString).toList();
  }

  /** The audit's lines of billing.flagInvoice calls, in the order they ended. */
  private List<JsonNode> flagCalls() throws Exception {
    return Files.readAllLines(audit()).stream()
        .map(JSON::readTree)
        .filter(line -> line.path("record").asString().equals("call"))
        .filter(line -> line.path("method").asString().equals("billing.flagInvoice"))
        .toList();
  }

  private static List<JsonNode> outcomes(JsonNode summary) {
    JsonNode structured = summary.path("structured");
    assertThat(structured.path("ok").asBoolean()).as(summary.toString()).isTrue();
    List<JsonNode> outcomes = structured.path("result").valueStream().toList();
    assertThat(outcomes).as(summary.toString()).hasSize(3);
    return outcomes;
  }

  @ParameterizedTest
  @EnumSource(Transport.class)
  void mcp_clientApproves_asksForEachFlagWithItsArgumentsAndWritesAllThree(Transport transport)
      throws Exception {
    JsonNode summary = serve(transport, "approve");

    List<JsonNode> outcomes = outcomes(summary);
    assertThat(outcomes)
        .allSatisfy(o -> assertThat(o.path("outcome").asString()).isEqualTo("flagged"));
    List<String> ids = outcomes.stream().map(o -> o.path("invoiceId").asString()).toList();
    JsonNode elicitations = summary.path("elicitations");
    assertThat(elicitations.size()).isEqualTo(3);
    for (int i = 0; i < 3; i++) {
      assertThat(elicitations.get(i).path("message").asString())
          .contains(
              "billing.flagInvoice (tool billing_flag_invoice) for "
                  + transport.principal
                  + " ("
                  + transport.tenant
                  + ")")
          .contains("\"invoiceId\":\"" + ids.get(i) + "\"")
          .contains("\"reason\":\"approval over MCP\"")
          .endsWith("Approve this call? (Unanswered after 15s, it is not run.)");
      assertThat(elicitations.get(i).at("/requestedSchema/properties/approve/type").asString())
          .isEqualTo("boolean");
    }
    assertThat(flagged()).containsExactlyInAnyOrderElementsOf(ids);
    assertThat(flagCalls())
        .hasSize(3)
        .allSatisfy(
            call -> {
              assertThat(call.at("/approval/outcome").asString()).isEqualTo("approved");
              assertThat(call.at("/approval/decider").asString())
                  .isEqualTo("MCP client 'codemode-approval-client' (elicitation)");
              assertThat(call.path("status").asString()).isEqualTo("succeeded");
            });
  }

  @ParameterizedTest(name = "{0} {1}")
  @CsvSource({
    "STDIO, decline, declined by the client's user",
    "STDIO, cancel, cancelled by the client's user",
    "HTTP_SESSIONS, decline, declined by the client's user"
  })
  void mcp_clientRefuses_programSeesDeniedAndNothingIsWritten(
      Transport transport, String mode, String reason) throws Exception {
    JsonNode summary = serve(transport, mode);

    assertThat(outcomes(summary))
        .allSatisfy(
            o -> {
              assertThat(o.path("outcome").asString()).isEqualTo("denied");
              assertThat(o.path("message").asString())
                  .contains("denied by MCP client 'codemode-approval-client'")
                  .contains(reason);
            });
    assertThat(summary.path("elicitations").size()).isEqualTo(3);
    assertThat(flagged()).isEmpty();
    assertThat(flagCalls())
        .hasSize(3)
        .allSatisfy(
            call -> {
              assertThat(call.at("/approval/outcome").asString()).isEqualTo("denied");
              assertThat(call.at("/approval/decider").asString())
                  .isEqualTo("MCP client 'codemode-approval-client' (elicitation)");
            });
  }

  @ParameterizedTest
  @EnumSource(Transport.class)
  void mcp_clientNeverAnswers_eachFlagTimesOutNamingMaxApprovalWaitAndNothingIsWritten(
      Transport transport) throws Exception {
    JsonNode summary = serve(transport, "silent", "--approval-wait", "2s");

    assertThat(outcomes(summary))
        .allSatisfy(
            o -> {
              assertThat(o.path("outcome").asString()).isEqualTo("timeout");
              assertThat(o.path("message").asString()).contains("within 2s (maxApprovalWait)");
            });
    assertThat(summary.path("elicitations").size()).isEqualTo(3);
    assertThat(flagged()).isEmpty();
    assertThat(flagCalls())
        .hasSize(3)
        .allSatisfy(
            call -> assertThat(call.at("/approval/outcome").asString()).isEqualTo("timed_out"));
  }

  @ParameterizedTest
  @EnumSource(Transport.class)
  void mcp_clientWithoutElicitation_failsClosedDeniedAndNothingIsWritten(Transport transport)
      throws Exception {
    JsonNode summary = serve(transport, "incapable");

    assertThat(outcomes(summary))
        .allSatisfy(
            o -> {
              assertThat(o.path("outcome").asString()).isEqualTo("denied");
              assertThat(o.path("message").asString())
                  .contains("billing.flagInvoice needs a person's approval")
                  .contains("did not declare the elicitation capability");
            });
    assertThat(summary.path("elicitations").size()).isZero();
    assertThat(flagged()).isEmpty();
    assertThat(flagCalls())
        .hasSize(3)
        .allSatisfy(
            call -> {
              assertThat(call.at("/approval/outcome").asString()).isEqualTo("denied");
              assertThat(call.at("/approval/decider").asString()).isEqualTo("codemode4j");
            });
  }

  @ParameterizedTest(name = "{0}")
  @CsvSource({"none, denied, 0", "all, flagged, 3"})
  void mcp_approveModeOnTheCommandLine_isNotAskedOfTheClient(
      String mode, String expected, int written) throws Exception {
    JsonNode summary = serve(Transport.STDIO, "approve", "--approve", mode);

    assertThat(outcomes(summary))
        .allSatisfy(o -> assertThat(o.path("outcome").asString()).isEqualTo(expected));
    assertThat(summary.path("elicitations").size()).isZero();
    assertThat(flagged()).hasSize(written);
  }
}
