package io.codemode4j.warehouse;

import static org.assertj.core.api.Assertions.assertThat;

import io.codemode4j.bridge.CodeExecutionLimits;
import io.codemode4j.bridge.CodeMode;
import io.codemode4j.bridge.Isolation;
import io.codemode4j.bridge.Principal;
import io.codemode4j.bridge.RunContext;
import io.codemode4j.bridge.approval.ApprovalDecision;
import io.codemode4j.bridge.outcome.CallRecord;
import io.codemode4j.bridge.outcome.CallStatus;
import io.codemode4j.bridge.outcome.PassFailure;
import io.codemode4j.bridge.outcome.PassOutcome;
import io.codemode4j.bridge.outcome.PassSuccess;
import io.codemode4j.bridge.plan.Plan;
import io.codemode4j.bridge.plan.PlanApplication;
import io.codemode4j.bridge.plan.Planning;
import io.codemode4j.warehouse.billing.BillingSample;
import io.codemode4j.warehouse.billing.FlagStore;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.attribute.PosixFilePermissions;
import java.util.List;
import java.util.Set;
import java.util.UUID;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import java.util.stream.Collectors;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;
import tools.jackson.databind.JsonNode;

/**
 * {@code billing.flagInvoice} and {@code billing.flags} over the bundled data and a real embedded
 * flag store, on both executors: tenants flag and see only their own invoices, flags survive the
 * store being opened again, and a failed {@code Promise.all} keeps the flags its completed calls
 * wrote, exactly as the ledger reports them.
 */
class FlagToolsIT {

  private static final Principal AMERICAS =
      Principal.ofTenant("americas-analyst", Set.of("americas"));

  private static Warehouse warehouse;
  private static Path state;

  @BeforeAll
  static void open() throws Exception {
    warehouse = BillingSample.open(TestWarehouse.sampleDir(), TestWarehouse.cacheRoot());
    state = Files.createTempDirectory("codemode-flags");
  }

  @AfterAll
  static void close() {
    warehouse.close();
  }

  /** A Code Mode whose person approves every flag: these tests are about the store. */
  private static CodeMode codeMode(String isolation, FlagStore store) throws Exception {
    return BillingSample.installTools(warehouse, store, CodeMode.builder())
        .isolation(Isolation.parse(isolation))
        .limits(CodeExecutionLimits.defaults().withMaxHostCallConcurrency(1))
        .approval(request -> ApprovalDecision.approve("reviewer", "the test approves its flags"))
        .build();
  }

  @Test
  void apply_samePlanThroughTwoHostsAtOnce_flagsEachOfTheThreeInvoicesOnce() throws Exception {
    Path shared = state.resolve("plan-hosts");
    byte[] key = "a host key of at least thirty-two bytes!".getBytes(StandardCharsets.UTF_8);
    try (CodeMode hostA =
            BillingSample.installTools(warehouse, FlagStore.embedded(shared), CodeMode.builder())
                .planKey(key)
                .build();
        CodeMode hostB =
            BillingSample.installTools(warehouse, FlagStore.embedded(shared), CodeMode.builder())
                .planKey(key)
                .build()) {
      RunContext run = RunContext.of("run-" + UUID.randomUUID(), Programs.EMEA);
      Planning planning =
          hostA.plan(
              """
              async () => {
                const ids = (await warehouse.query({sql: "SELECT invoice_id FROM invoices ORDER BY invoice_id LIMIT 3"}))
                  .rows.map(r => r.invoice_id);
                for (const invoiceId of ids) await billing.flagInvoice({invoiceId, reason: 'planned'});
                return ids;
              }""",
              run);
      assertThat(planning.pass().ok()).as(planning.pass().egress().json().toString()).isTrue();
      Plan plan = Plan.fromJson(planning.plan().toJson());
      ApprovalDecision.Approved approval = new ApprovalDecision.Approved("reviewer", "ok");
      CountDownLatch go = new CountDownLatch(1);
      ExecutorService both = Executors.newFixedThreadPool(2);
      List<PlanApplication> outcomes;
      try {
        Future<PlanApplication> viaA =
            both.submit(
                () -> {
                  go.await();
                  return hostA.apply(plan, approval, run);
                });
        Future<PlanApplication> viaB =
            both.submit(
                () -> {
                  go.await();
                  return hostB.apply(plan, approval, run);
                });
        go.countDown();
        outcomes = List.of(viaA.get(), viaB.get());
      } finally {
        both.shutdownNow();
      }

      assertThat(outcomes)
          .allSatisfy(o -> assertThat(o).isInstanceOf(PlanApplication.Applied.class));
      assertThat(flagged(hostA, Programs.EMEA))
          .containsExactlyInAnyOrderElementsOf(
              planning.plan().writes().stream()
                  .map(w -> w.arguments().get("invoiceId").asString() + " planned")
                  .toList());
      assertThat(hostB.apply(plan, approval, run))
          .isInstanceOf(PlanApplication.AlreadyApplied.class);
    }
  }

  @ParameterizedTest
  @ValueSource(strings = {"in-process", "process"})
  void flagInvoice_deniedOrWithoutAnApprovalChannel_rejectsDeniedAndWritesNothing(String isolation)
      throws Exception {
    FlagStore store = FlagStore.embedded(state.resolve(isolation + "-unapproved"));
    try (CodeMode codeMode =
        BillingSample.installTools(warehouse, store, CodeMode.builder())
            .isolation(Isolation.parse(isolation))
            .build()) {
      String emea = invoiceOf(codeMode, "emea");
      String flagging =
          "async () => { try { await billing.flagInvoice({invoiceId: '"
              + emea
              + "', reason: 'x'}); return 'written' } catch (e) { return e.kind + ': ' + e.message } }";

      JsonNode withoutChannel = Programs.result(codeMode, flagging, Programs.EMEA);
      PassOutcome deniedPass =
          codeMode.run(
              flagging,
              RunContext.of("run-" + UUID.randomUUID(), Programs.EMEA)
                  .withApproval(request -> ApprovalDecision.deny("reviewer", "not today")));

      assertThat(withoutChannel.asString())
          .startsWith(
              "denied: billing.flagInvoice needs a person's approval and this run has no approval"
                  + " channel");
      assertThat(deniedPass).isInstanceOf(PassSuccess.class);
      assertThat(((PassSuccess) deniedPass).result().asString())
          .isEqualTo(
              "denied: billing.flagInvoice was denied by reviewer: not today (the call did not"
                  + " run)");
      assertThat(store.list(null, null)).isEmpty();
    }
  }

  private static String invoiceOf(CodeMode codeMode, String region) {
    return Programs.result(
            codeMode,
            "async () => (await warehouse.query({sql: \"SELECT min(invoice_id) AS id FROM invoices WHERE region = '"
                + region
                + "'\"})).rows[0].id",
            Programs.UNCONFINED)
        .asString();
  }

  @ParameterizedTest
  @ValueSource(strings = {"in-process", "process"})
  void flagInvoice_ownForeignAndUnknownInvoices_flagsOnlyTheOwnAndRefusesTheOthersAlike(
      String isolation) throws Exception {
    FlagStore store = FlagStore.embedded(state.resolve(isolation + "-tenants"));
    try (CodeMode codeMode = codeMode(isolation, store)) {
      String emea = invoiceOf(codeMode, "emea");
      String americas = invoiceOf(codeMode, "americas");

      JsonNode flag =
          Programs.result(
              codeMode,
              "async () => billing.flagInvoice({invoiceId: '" + emea + "', reason: 'disputed'})",
              Programs.EMEA);
      JsonNode foreign =
          Programs.rejection(
              codeMode,
              "billing.flagInvoice({invoiceId: '" + americas + "', reason: 'x'})",
              Programs.EMEA);
      JsonNode unknown =
          Programs.rejection(
              codeMode,
              "billing.flagInvoice({invoiceId: 'INV-9999999', reason: 'x'})",
              Programs.EMEA);
      Programs.result(
          codeMode,
          "async () => billing.flagInvoice({invoiceId: '" + americas + "', reason: 'late'})",
          AMERICAS);

      assertThat(flag.get("invoiceId").asString()).isEqualTo(emea);
      assertThat(foreign.get("kind").asString()).isEqualTo("refused");
      assertThat(foreign.get("message").asString())
          .isEqualTo(unknown.get("message").asString().replace("INV-9999999", americas));
      assertThat(flagged(codeMode, Programs.EMEA)).containsExactly(emea + " disputed");
      assertThat(flagged(codeMode, AMERICAS)).containsExactly(americas + " late");
      assertThat(flagged(codeMode, Programs.UNCONFINED))
          .containsExactlyInAnyOrder(emea + " disputed", americas + " late");
    }
    // The flags are their owner's alone, whatever the umask.
    Path dir = state.resolve(isolation + "-tenants");
    assertThat(PosixFilePermissions.toString(Files.getPosixFilePermissions(dir)))
        .isEqualTo("rwx------");
    assertThat(
            PosixFilePermissions.toString(
                Files.getPosixFilePermissions(dir.resolve("flags.duckdb"))))
        .isEqualTo("rw-------");
    // The same directory opened again (a restart) holds the same flags.
    try (CodeMode again =
        codeMode(isolation, FlagStore.embedded(state.resolve(isolation + "-tenants")))) {
      assertThat(flagged(again, Programs.UNCONFINED)).hasSize(2);
    }
  }

  private static List<String> flagged(CodeMode codeMode, Principal principal) {
    JsonNode flags =
        Programs.result(
            codeMode,
            "async () => (await billing.flags({})).map(f => f.invoiceId + ' ' + f.reason)",
            principal);
    return flags.valueStream().map(JsonNode::asString).toList();
  }

  @ParameterizedTest
  @ValueSource(strings = {"in-process", "process"})
  void flagInvoice_promiseAllThatRejects_keepsExactlyTheFlagsTheLedgerReportsWritten(
      String isolation) throws Exception {
    FlagStore store = FlagStore.embedded(state.resolve(isolation + "-partial"));
    try (CodeMode codeMode = codeMode(isolation, store)) {
      List<String> ids =
          Programs.result(
                  codeMode,
                  "async () => (await warehouse.query({sql: \"SELECT invoice_id FROM invoices WHERE region = 'emea' ORDER BY invoice_id LIMIT 4\"})).rows.map(r => r.invoice_id)",
                  Programs.UNCONFINED)
              .valueStream()
              .map(JsonNode::asString)
              .toList();
      String flagging =
          "async () => Promise.all(["
              + "billing.flagInvoice({invoiceId: '"
              + ids.get(0)
              + "', reason: 'one'}), "
              + "billing.flagInvoice({invoiceId: 'INV-9999999', reason: 'unknown'}), "
              + ids.subList(1, 4).stream()
                  .map(id -> "billing.flagInvoice({invoiceId: '" + id + "', reason: 'more'})")
                  .collect(Collectors.joining(", "))
              + "])";

      PassOutcome outcome =
          codeMode.run(flagging, RunContext.of("run-" + UUID.randomUUID(), Programs.EMEA));

      assertThat(outcome).isInstanceOf(PassFailure.class);
      List<CallRecord> calls = outcome.calls();
      assertThat(calls.get(0).status()).isEqualTo(CallStatus.SUCCEEDED);
      assertThat(calls.get(1).status()).isEqualTo(CallStatus.FAILED);
      assertThat(calls.get(1).failureKind()).isEqualTo("refused");
      List<String> written =
          Programs.result(
                  codeMode,
                  "async () => (await billing.flags({})).map(f => f.callId)",
                  Programs.EMEA)
              .valueStream()
              .map(JsonNode::asString)
              .toList();
      for (CallRecord call : calls) {
        switch (call.status()) {
          case SUCCEEDED -> assertThat(written).as(call.callId()).contains(call.callId());
          case FAILED, NOT_STARTED ->
              assertThat(written).as(call.callId()).doesNotContain(call.callId());
          case UNCERTAIN -> {
            // Written or not: billing.flags is how a caller finds out, as here.
          }
        }
      }
      if (isolation.equals("in-process")) {
        // In process the rejection reaches the program before the next queued call is admitted, so
        // the not-started case is exercised; a worker on a loaded machine may see every call start
        // first (seen in CI at load 5), which the ledger then reports, and the loop above checks.
        assertThat(calls.stream().filter(c -> c.status() == CallStatus.NOT_STARTED)).isNotEmpty();
      }
    }
  }
}
