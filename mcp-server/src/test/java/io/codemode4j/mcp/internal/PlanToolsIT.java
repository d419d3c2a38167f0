package io.codemode4j.mcp.internal;

import static org.assertj.core.api.Assertions.assertThat;

import io.codemode4j.bridge.CodeMode;
import io.codemode4j.bridge.Principal;
import io.codemode4j.bridge.approval.ApprovalDecision;
import io.codemode4j.mcp.Grant;
import io.codemode4j.mcp.ResultLinks;
import io.codemode4j.warehouse.Warehouse;
import io.codemode4j.warehouse.billing.BillingSample;
import io.codemode4j.warehouse.billing.FlagStore;
import io.modelcontextprotocol.spec.McpSchema;
import io.opentelemetry.api.OpenTelemetry;
import java.nio.file.Path;
import java.time.Clock;
import java.time.Duration;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.atomic.AtomicInteger;
import org.jspecify.annotations.Nullable;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import tools.jackson.databind.JsonNode;
import tools.jackson.databind.json.JsonMapper;

/**
 * {@code plan_javascript} and {@code apply_plan} below the transport, where two principals and two
 * sessions can share one server: a plan is applied only by the session (or over HTTP the principal)
 * that made it, and only for its principal; two applies at once write once. The flag store, read
 * directly, is the truth.
 */
class PlanToolsIT {

  private static final String FLAG_THREE =
      """
      async () => {
        const ids = (await warehouse.query({sql: "SELECT invoice_id FROM invoices ORDER BY invoice_id LIMIT 3"}))
          .rows.map(r => r.invoice_id);
        const out = [];
        for (const invoiceId of ids) {
          out.push(await billing.flagInvoice({invoiceId, reason: 'planned in the server'}));
        }
        return out;
      }
      """;

  @TempDir Path dir;

  Warehouse warehouse;
  FlagStore flags;
  CodeMode codeMode;
  McpFeatures features;

  @BeforeEach
  void open() throws Exception {
    warehouse =
        BillingSample.open(
            Path.of(System.getProperty("codemode.sampleDir", "../sample-data/parquet")),
            Path.of(System.getProperty("codemode.cacheDir", "target/codemode-cache")));
    flags = FlagStore.embedded(dir.resolve("flags"));
    codeMode = BillingSample.installTools(warehouse, flags, CodeMode.builder()).build();
    features =
        new McpFeatures(
            codeMode,
            null,
            "the billing warehouse",
            List.of(),
            List.of(),
            new PassGate(4),
            new ProgressRoutes(),
            new McpTelemetry(OpenTelemetry.noop()),
            JsonMapper.builder().build(),
            true,
            true,
            ResultLinks.DEFAULTS,
            true,
            Clock.systemUTC());
  }

  @AfterEach
  void close() throws Exception {
    features.close();
    codeMode.close();
    warehouse.close();
  }

  private static Grant grant(String id, String region) {
    return Grant.of(Principal.ofTenant(id, Set.of(region)));
  }

  private JsonNode call(
      Grant grant,
      @Nullable String sessionId,
      String tool,
      Map<String, Object> arguments,
      PlanApproval approval) {
    McpFeatures.ToolFeature feature =
        features.tools(grant).stream().filter(t -> t.name().equals(tool)).findFirst().orElseThrow();
    McpSchema.CallToolResult result =
        feature
            .handler()
            .apply(
                new McpFeatures.CallInfo(
                    new McpSchema.CallToolRequest(tool, arguments),
                    sessionId,
                    grant,
                    CallNotifier.NONE,
                    request -> {
                      throw new AssertionError("a planned write asks no one");
                    },
                    approval))
            .block(Duration.ofSeconds(120));
    return (JsonNode) result.structuredContent();
  }

  private String plan(Grant grant, @Nullable String sessionId) {
    JsonNode planned =
        call(grant, sessionId, PlanTools.PLAN, Map.of("code", FLAG_THREE), neverAsked());
    assertThat(planned.path("ok").asBoolean()).as(planned.toString()).isTrue();
    return planned.at("/plan/planId").asString();
  }

  private static PlanApproval neverAsked() {
    return (plan, wait) -> {
      throw new AssertionError("no one is asked about plan " + plan.planId());
    };
  }

  private static PlanApproval approving(AtomicInteger asked) {
    return (plan, wait) -> {
      asked.incrementAndGet();
      return ApprovalDecision.approve("the test's user", "approved in the test");
    };
  }

  private List<FlagStore.Flag> written() throws Exception {
    return flags.list(null, null);
  }

  @Test
  void applyPlan_anotherPrincipalOrSession_isUnknownThereAndOnlyTheMakerAppliesIt()
      throws Exception {
    Grant ana = grant("ana", "emea");
    String planId = plan(ana, "session-1");
    AtomicInteger asked = new AtomicInteger();

    JsonNode byBob =
        call(
            grant("bob", "emea"),
            "session-3",
            PlanTools.APPLY,
            Map.of("planId", planId),
            approving(asked));
    JsonNode byAnotherSession =
        call(ana, "session-2", PlanTools.APPLY, Map.of("planId", planId), approving(asked));

    assertThat(byBob.path("outcome").asString()).isEqualTo("unknown");
    assertThat(byAnotherSession.path("outcome").asString()).isEqualTo("unknown");
    assertThat(asked).hasValue(0);
    assertThat(written()).isEmpty();

    JsonNode byAna =
        call(ana, "session-1", PlanTools.APPLY, Map.of("planId", planId), approving(asked));

    assertThat(byAna.path("outcome").asString()).as(byAna.toString()).isEqualTo("applied");
    assertThat(asked).hasValue(1);
    assertThat(written()).hasSize(3);
  }

  @Test
  void applyPlan_samePrincipalIdOtherTenant_isRefusedAsAnotherPrincipalsBeforeAsking()
      throws Exception {
    // Over HTTP a plan is kept for the token's principal id; the plan itself names the tenant.
    String planId = plan(grant("ana", "emea"), null);

    JsonNode applied =
        call(grant("ana", "apac"), null, PlanTools.APPLY, Map.of("planId", planId), neverAsked());

    assertThat(applied.path("outcome").asString()).isEqualTo("refused");
    assertThat(applied.path("reason").asString()).isEqualTo("other_principal");
    assertThat(written()).isEmpty();
  }

  @Test
  void applyPlan_twiceAtOnce_asksOnceAndWritesOnce() throws Exception {
    Grant ana = grant("ana", "emea");
    String planId = plan(ana, null);
    CountDownLatch asking = new CountDownLatch(1);
    CountDownLatch answer = new CountDownLatch(1);
    PlanApproval slowUser =
        (plan, wait) -> {
          asking.countDown();
          answer.await();
          return ApprovalDecision.approve("the test's user", "approved in the test");
        };

    CompletableFuture<JsonNode> first =
        CompletableFuture.supplyAsync(
            () -> call(ana, null, PlanTools.APPLY, Map.of("planId", planId), slowUser));
    asking.await();
    JsonNode second = call(ana, null, PlanTools.APPLY, Map.of("planId", planId), neverAsked());
    answer.countDown();

    assertThat(second.path("outcome").asString()).isEqualTo("already_applied");
    assertThat(first.get().path("outcome").asString()).isEqualTo("applied");
    assertThat(written()).hasSize(3);
  }

  @Test
  void applyPlan_denied_writesNothingAndThePlanMayBeAppliedAgain() throws Exception {
    Grant ana = grant("ana", "emea");
    String planId = plan(ana, null);

    JsonNode denied =
        call(
            ana,
            null,
            PlanTools.APPLY,
            Map.of("planId", planId),
            (plan, wait) -> ApprovalDecision.deny("the test's user", "not today"));

    assertThat(denied.path("outcome").asString()).isEqualTo("denied");
    assertThat(denied.path("message").asString()).contains("not today");
    assertThat(written()).isEmpty();

    AtomicInteger asked = new AtomicInteger();
    JsonNode applied = call(ana, null, PlanTools.APPLY, Map.of("planId", planId), approving(asked));

    assertThat(applied.path("outcome").asString()).isEqualTo("applied");
    assertThat(written()).hasSize(3);
  }
}
