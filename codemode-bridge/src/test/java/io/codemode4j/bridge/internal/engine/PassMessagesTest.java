package io.codemode4j.bridge.internal.engine;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.codemode4j.bridge.CodeExecutionLimits;
import io.codemode4j.bridge.outcome.FailureKind;
import io.codemode4j.bridge.outcome.Limit;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;
import org.junit.jupiter.params.provider.ValueSource;
import tools.jackson.databind.JsonNode;
import tools.jackson.databind.json.JsonMapper;

class PassMessagesTest {

  private static final JsonMapper JSON = JsonMapper.builder().build();

  private static final String NAMESPACES =
      "{\"warehouse\":[\"query\",\"tables\"],\"billing\":[\"customers\",\"invoices\",\"flags\"]}";

  private static final String DISCOVERY =
      " (discover_tools finds a method by what it does and returns its declaration)";

  @ParameterizedTest(name = "{1}")
  @CsvSource(
      delimiter = '|',
      quoteCharacter = '`',
      textBlock =
          """
      (intermediate value).querry     | async () => warehouse.querry({sql: 'x'})        | : warehouse has no method querry (did you mean query?); its methods are query, tables
      (intermediate value).nope       | async () => billing.nope()                      | : billing has no method nope; its methods are customers, invoices, flags
      (intermediate value).Invoices   | async () => billing?.Invoices({customer: 'A'})  | : billing has no method Invoices (did you mean invoices?); its methods are customers, invoices, flags
      (intermediate value)["flag"]    | async () => billing [ 'flag' ]({invoiceId: 'I'}) | : billing has no method flag (did you mean flags?); its methods are customers, invoices, flags
      (intermediate value).query      | async () => [warehouse.query({sql: 'x'}), billing.query()] | : billing has no method query; its methods are customers, invoices, flags
      billing.nope                    | async () => { const billing = {}; return billing.nope(); } | : billing has no method nope; its methods are customers, invoices, flags
      """)
  void thrown_callOfAMethodTheNamespaceLacks_namesItsMethodsAndDiscovery(
      String receiverAndMethod, String source, String hint) {
    String error = "TypeError: " + receiverAndMethod + " is not a function";

    assertThat(PassMessages.thrown(error, null, NAMESPACES, source))
        .isEqualTo(
            new PassStop(
                FailureKind.THROWN, null, "the program threw " + error + hint + DISCOVERY));
  }

  @Test
  void thrown_nameUsedAsANamespaceThatIsAbsent_namesTheNamespacesAndDiscovery() {
    String error = "ReferenceError: biling is not defined";

    assertThat(
            PassMessages.thrown(
                    error, null, NAMESPACES, "async () => biling.invoices({customer: 'A'})")
                .message())
        .isEqualTo(
            "the program threw "
                + error
                + ": there is no namespace biling (did you mean billing?); the namespaces are "
                + "warehouse, billing"
                + DISCOVERY);
  }

  @ParameterizedTest(name = "{0}")
  @CsvSource(
      delimiter = '|',
      textBlock =
          """
      TypeError: warehouse.query is not a function | async () => warehouse.query()
      TypeError: (intermediate value).nope is not a function | async () => [warehouse.nope(), billing.nope()]
      TypeError: (intermediate value).querry is not a function | async () => { const w = warehouse; return w.querry(); }
      TypeError: (intermediate value).querry is not a function | async () => mywarehouse.querry()
      TypeError: rows.mapp is not a function       | async () => rows.mapp()
      TypeError: a.b.c is not a function           | async () => a.b.c()
      TypeError: warehouse.querry is not iterable  | async () => [...warehouse.querry]
      ReferenceError: reslt is not defined         | async () => reslt
      ReferenceError: reslt is not defined         | async () => x.reslt.y
      ReferenceError: warehouse is not defined     | async () => warehouse.query({sql: 'x'})
      """)
  void thrown_errorThatIsNoMissingMethodOrNamespace_isABareThrow(String error, String source) {
    assertThat(PassMessages.thrown(error, null, NAMESPACES, source).message())
        .isEqualTo("the program threw " + error);
  }

  @Test
  void returnedNothing_saysSoAndToReturnTheAnswer() {
    assertThat(PassMessages.returnedNothing())
        .isEqualTo(
            new PassStop(
                FailureKind.NOT_JSON,
                null,
                "the program returned nothing (undefined): return the answer, e.g. "
                    + "async () => { const r = await ...; return r.rows; }, or return null when "
                    + "there is none (an arrow function with a { block } body returns only what a "
                    + "return statement gives)"));
  }

  @Test
  void thrown_uncaughtToolFailureEnvelope_namesTheToolAndKind() {
    JsonNode envelope =
        JSON.readTree("{\"kind\":\"timeout\",\"tool\":\"billing.invoices\",\"message\":\"slow\"}");

    assertThat(PassMessages.thrown("Error: ignored", envelope, NAMESPACES, ""))
        .isEqualTo(
            new PassStop(
                FailureKind.THROWN, null, "uncaught failure of billing.invoices (timeout): slow"));
  }

  @ParameterizedTest
  @ValueSource(
      strings = {
        "{\"kind\":\"timeout\",\"tool\":\"t\"}",
        "{\"kind\":1,\"tool\":\"t\",\"message\":\"m\"}",
        "[\"kind\",\"tool\",\"message\"]",
        "\"text\""
      })
  void thrown_valueThatIsNotAnEnvelope_isABareThrow(String thrown) {
    assertThat(
            PassMessages.thrown("TypeError: bad", JSON.readTree(thrown), NAMESPACES, "").message())
        .isEqualTo("the program threw TypeError: bad");
  }

  @Test
  void thrown_noValue_isABareThrow() {
    assertThat(PassMessages.thrown("boom", null, NAMESPACES, "").message())
        .isEqualTo("the program threw boom");
  }

  @Test
  void limitMessages_nameTheLimitAndTheSettingToChange() {
    CodeExecutionLimits limits =
        CodeExecutionLimits.defaults()
            .withMaxAllocatedBytes(32L << 20)
            .withMaxLogBytes(100)
            .withMaxResultBytes(50);

    assertThat(PassMessages.memory(limits))
        .extracting(PassStop::limit, PassStop::message)
        .containsExactly(
            Limit.MEMORY,
            "the program allocated more than 32 MiB (maxAllocatedBytes): work on less data at once");
    assertThat(PassMessages.logBytes(limits).message())
        .contains("more than 100 bytes (maxLogBytes)");
    assertThat(PassMessages.resultTooLarge(70, false, limits).message())
        .startsWith("the result is 70 bytes of JSON, over the limit of 50 bytes (maxResultBytes)");
    assertThat(PassMessages.resultTooLarge(70, true, limits).message())
        .startsWith("the result is at least 70 bytes of JSON, over the limit of 50 bytes");
  }

  @Test
  void passStop_limitWithAnotherKind_isRefused() {
    assertThatThrownBy(() -> new PassStop(FailureKind.TIMEOUT, Limit.CPU, "m"))
        .isInstanceOf(IllegalArgumentException.class);
  }
}
