package io.codemode4j.cli;

import static org.assertj.core.api.Assertions.assertThat;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;
import org.junit.jupiter.params.provider.EnumSource;
import tools.jackson.databind.JsonNode;
import tools.jackson.databind.json.JsonMapper;

/**
 * Plan mode through MCP: {@code codemode mcp --plans} over stdio with the official MCP TypeScript
 * client ({@code src/test/node/mcp-plan.mjs}). {@code plan_javascript} records a program's three
 * flags without writing them; {@code apply_plan} asks the client's user once, by elicitation, for
 * all three. The flag store and the audit, read after the server ended by other processes, say what
 * was written and who decided, not only the tools' answers.
 */
class McpPlanIT {

  private static final JsonMapper JSON = JsonMapper.builder().build();

  private static final String LIST =
      "async () => (await billing.flags({})).map(f => f.invoiceId).sort()";

  private static final String DECIDER = "MCP client 'codemode-plan-client' (elicitation)";

  @TempDir Path dir;

  @BeforeAll
  static void installTheSdk() throws Exception {
    NodeMcpClient.install();
  }

  /**
   * Plans with the client in {@code mode}, then applies {@code applies} times the plan {@code
   * planId} ("planned": the one planned), against {@code codemode mcp --plans} over stdio with
   * {@code options}.
   */
  private JsonNode serve(String mode, int applies, String planId, String... options)
      throws Exception {
    return serve(McpApprovalIT.Transport.STDIO, mode, applies, planId, options);
  }

  /** As {@link #serve(String, int, String, String...)}, over {@code transport}. */
  private JsonNode serve(
      McpApprovalIT.Transport transport, String mode, int applies, String planId, String... options)
      throws Exception {
    List<String> command =
        new ArrayList<>(List.of("node", "mcp-plan.mjs", mode, String.valueOf(applies), planId));
    List<String> mcp =
        new ArrayList<>(
            List.of(
                "--plans",
                "--state",
                dir.resolve("state").toAbsolutePath().toString(),
                "--audit",
                audit().toString()));
    mcp.addAll(List.of(options));
    JsonNode summary;
    if (transport == McpApprovalIT.Transport.STDIO) {
      List<String> stdio = new ArrayList<>(List.of("mcp", "--tenant", "emea"));
      stdio.addAll(mcp);
      command.addAll(PackagedMcp.command(stdio.toArray(String[]::new)));
      summary = NodeMcpClient.run(command);
    } else {
      mcp.add("--sessions");
      try (PackagedMcp.HttpServer server = PackagedMcp.startHttp(dir, mcp.toArray(String[]::new))) {
        command.addAll(List.of(server.endpoint().toString(), PackagedMcp.EMEA_TOKEN));
        summary = NodeMcpClient.run(command);
        // SIGTERM, so the audit is closed as the server ends.
        server.process().destroy();
        assertThat(server.process().waitFor(2, TimeUnit.MINUTES))
            .as(server.err().toString())
            .isTrue();
      }
    }
    assertThat(summary.has("error")).as(summary.toString()).isFalse();
    assertThat(summary.path("tools").valueStream().map(JsonNode::asString).toList())
        .contains("plan_javascript", "apply_plan");
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

  /** The audit's lines of billing.flagInvoice calls that ran (not those planned). */
  private List<JsonNode> flagWrites() throws Exception {
    return Files.readAllLines(audit()).stream()
        .map(JSON::readTree)
        .filter(line -> line.path("record").asString().equals("call"))
        .filter(line -> line.path("method").asString().equals("billing.flagInvoice"))
        .filter(line -> !line.path("status").asString().equals("planned"))
        .toList();
  }

  /** The plan plan_javascript returned: its three writes, none run. */
  private static JsonNode plan(JsonNode summary) {
    JsonNode planned = summary.path("plan");
    assertThat(planned.path("isError").asBoolean()).as(summary.toString()).isFalse();
    JsonNode structured = planned.path("structured");
    assertThat(structured.path("result").valueStream().map(r -> r.path("planned").asBoolean()))
        .as(summary.toString())
        .containsExactly(true, true, true);
    JsonNode plan = structured.path("plan");
    assertThat(plan.path("planId").asString()).startsWith("plan-");
    assertThat(plan.path("writes").size()).isEqualTo(3);
    assertThat(plan.path("reads").size()).isEqualTo(1);
    String read = plan.at("/reads/0/callId").asString();
    assertThat(plan.path("writes").valueStream())
        .allSatisfy(
            w -> {
              assertThat(w.path("method").asString()).isEqualTo("billing.flagInvoice");
              assertThat(w.at("/arguments/reason").asString()).isEqualTo("plan over MCP");
              assertThat(w.path("dependsOn").valueStream().map(JsonNode::asString))
                  .containsExactly(read);
            });
    return plan;
  }

  private static List<String> invoices(JsonNode plan) {
    return plan.path("writes")
        .valueStream()
        .map(w -> w.at("/arguments/invoiceId").asString())
        .toList();
  }

  @ParameterizedTest
  @EnumSource(McpApprovalIT.Transport.class)
  void applyPlan_userApprovesOnce_writesTheThreeFlagsOnceAndTheSecondApplyAsksNothing(
      McpApprovalIT.Transport transport) throws Exception {
    JsonNode summary = serve(transport, "approve", 2, "planned");

    JsonNode plan = plan(summary);
    List<String> ids = invoices(plan);
    JsonNode first = summary.at("/applies/0");
    assertThat(first.path("isError").asBoolean()).as(summary.toString()).isFalse();
    assertThat(first.at("/structured/outcome").asString()).isEqualTo("applied");
    assertThat(first.at("/structured/decider").asString()).isEqualTo(DECIDER);
    assertThat(first.at("/structured/calls").valueStream().map(c -> c.path("status").asString()))
        .containsExactly("succeeded", "succeeded", "succeeded");
    JsonNode second = summary.at("/applies/1");
    assertThat(second.at("/structured/outcome").asString()).isEqualTo("already_applied");
    assertThat(second.at("/structured/message").asString()).contains("nothing was written again");
    JsonNode elicitations = summary.path("elicitations");
    assertThat(elicitations.size()).isEqualTo(1);
    String message = elicitations.at("/0/message").asString();
    assertThat(message)
        .contains(
            "A program planned 3 writes for " + transport.principal + " (" + transport.tenant + ")")
        .contains(plan.path("planId").asString())
        .contains("Approve all 3?");
    for (String id : ids) {
      assertThat(message).contains("\"invoiceId\":\"" + id + "\"");
    }
    assertThat(elicitations.at("/0/requestedSchema/properties/approve/type").asString())
        .isEqualTo("boolean");
    assertThat(flagged()).containsExactlyInAnyOrderElementsOf(ids).hasSize(3);
    assertThat(flagWrites())
        .hasSize(3)
        .allSatisfy(
            call -> {
              assertThat(call.path("status").asString()).isEqualTo("succeeded");
              assertThat(call.at("/approval/outcome").asString()).isEqualTo("approved");
              assertThat(call.at("/approval/decider").asString()).isEqualTo(DECIDER);
            });
  }

  @ParameterizedTest(name = "{0}")
  @CsvSource({"decline, declined by the client's user", "cancel, cancelled by the client's user"})
  void applyPlan_userRefuses_isDeniedAndNothingIsWritten(String mode, String reason)
      throws Exception {
    JsonNode summary = serve(mode, 1, "planned");

    plan(summary);
    JsonNode applied = summary.at("/applies/0");
    assertThat(applied.path("isError").asBoolean()).isTrue();
    assertThat(applied.at("/structured/outcome").asString()).isEqualTo("denied");
    assertThat(applied.at("/structured/message").asString())
        .contains(reason)
        .contains("nothing was written");
    assertThat(applied.at("/structured/decider").asString()).isEqualTo(DECIDER);
    assertThat(summary.path("elicitations").size()).isEqualTo(1);
    assertThat(flagged()).isEmpty();
    assertThat(flagWrites()).isEmpty();
  }

  @Test
  void applyPlan_userNeverAnswers_isDeniedNamingMaxApprovalWaitAndNothingIsWritten()
      throws Exception {
    JsonNode summary = serve("silent", 1, "planned", "--approval-wait", "2s");

    plan(summary);
    assertThat(summary.at("/applies/0/structured/outcome").asString()).isEqualTo("denied");
    assertThat(summary.at("/applies/0/structured/message").asString())
        .contains("no answer within 2s (maxApprovalWait)");
    assertThat(summary.path("elicitations").size()).isEqualTo(1);
    assertThat(flagged()).isEmpty();
    assertThat(flagWrites()).isEmpty();
  }

  @Test
  void applyPlan_clientWithoutElicitation_failsClosedWithoutAskingAndNothingIsWritten()
      throws Exception {
    JsonNode summary = serve("incapable", 1, "planned");

    plan(summary);
    assertThat(summary.at("/applies/0/structured/outcome").asString()).isEqualTo("denied");
    assertThat(summary.at("/applies/0/structured/message").asString())
        .contains("needs a person's approval")
        .contains("did not declare the elicitation capability");
    assertThat(summary.at("/applies/0/structured/decider").asString()).isEqualTo("codemode4j");
    assertThat(summary.path("elicitations").size()).isZero();
    assertThat(flagged()).isEmpty();
  }

  @Test
  void applyPlan_expiredPlan_isRefusedBeforeAskingAndNothingIsWritten() throws Exception {
    JsonNode summary = serve("approve", 1, "planned", "--plan-ttl", "1ms");

    plan(summary);
    assertThat(summary.at("/applies/0/structured/outcome").asString()).isEqualTo("refused");
    assertThat(summary.at("/applies/0/structured/reason").asString()).isEqualTo("expired");
    assertThat(summary.at("/applies/0/structured/message").asString()).contains(" expired at ");
    assertThat(summary.path("elicitations").size()).isZero();
    assertThat(flagged()).isEmpty();
  }

  @Test
  void applyPlan_planIdThisSessionNeverMade_isUnknownBeforeAskingAndNothingIsWritten()
      throws Exception {
    JsonNode summary = serve("approve", 1, "plan-made-elsewhere");

    plan(summary);
    assertThat(summary.at("/applies/0/structured/outcome").asString()).isEqualTo("unknown");
    assertThat(summary.at("/applies/0/structured/message").asString())
        .contains("no plan plan-made-elsewhere was made in this session");
    assertThat(summary.path("elicitations").size()).isZero();
    assertThat(flagged()).isEmpty();
  }
}
