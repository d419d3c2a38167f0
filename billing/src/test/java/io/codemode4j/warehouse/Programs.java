package io.codemode4j.warehouse;

import static org.assertj.core.api.Assertions.assertThat;

import io.codemode4j.bridge.CodeExecutionLimits;
import io.codemode4j.bridge.CodeMode;
import io.codemode4j.bridge.Principal;
import io.codemode4j.bridge.RunContext;
import io.codemode4j.bridge.outcome.PassFailure;
import io.codemode4j.bridge.outcome.PassOutcome;
import io.codemode4j.bridge.outcome.PassSuccess;
import io.codemode4j.warehouse.billing.BillingSample;
import java.util.Set;
import java.util.UUID;
import tools.jackson.databind.JsonNode;
import tools.jackson.databind.json.JsonMapper;

/** Runs programs through Code Mode for the tests and unwraps their outcomes. */
final class Programs {

  static final JsonMapper JSON = JsonMapper.builder().build();
  static final Principal UNCONFINED = Principal.unconfined("analyst");
  static final Principal EMEA = Principal.ofTenant("emea-analyst", Set.of("emea"));

  private Programs() {}

  /**
   * The toolkit in Code Mode, with room for whole customer lists and invoice histories as results.
   */
  static CodeMode codeMode(Warehouse warehouse) throws WarehouseException {
    return BillingSample.installTools(warehouse, CodeMode.builder())
        .limits(CodeExecutionLimits.defaults().withMaxResultBytes(4 * 1024 * 1024))
        .build();
  }

  static RunContext run(Principal principal) {
    return RunContext.of("run-" + UUID.randomUUID(), principal);
  }

  /**
   * The value {@code code} returned; fails the test with the whole outcome when the pass failed.
   */
  static JsonNode result(CodeMode codeMode, String code, Principal principal) {
    PassOutcome outcome = codeMode.run(code, run(principal));
    assertThat(outcome).as("outcome of %s", code).isInstanceOf(PassSuccess.class);
    return ((PassSuccess) outcome).result();
  }

  /** The failure envelope {@code {kind, tool, message}} that calling {@code call} rejected with. */
  static JsonNode rejection(CodeMode codeMode, String call, Principal principal) {
    JsonNode caught =
        result(
            codeMode,
            "async () => { try { await " + call + "; return null; } catch (e) { return e; } }",
            principal);
    assertThat(caught.isObject()).as("%s should reject, returned %s", call, caught).isTrue();
    return caught;
  }

  static PassFailure failure(PassOutcome outcome) {
    assertThat(outcome).isInstanceOf(PassFailure.class);
    return (PassFailure) outcome;
  }

  /** A JavaScript string literal of {@code text}. */
  static String js(String text) {
    return JSON.getNodeFactory().stringNode(text).toString();
  }
}
