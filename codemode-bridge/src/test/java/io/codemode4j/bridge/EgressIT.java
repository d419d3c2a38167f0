package io.codemode4j.bridge;

import static org.assertj.core.api.Assertions.assertThat;

import io.codemode4j.bridge.internal.Utf8;
import io.codemode4j.bridge.outcome.Egress;
import io.codemode4j.bridge.outcome.PassOutcome;
import io.codemode4j.bridge.outcome.PassSuccess;
import org.junit.jupiter.api.Test;
import tools.jackson.databind.node.ObjectNode;

/** What the model sees: redaction first, then the byte budget, with call evidence kept first. */
class EgressIT {

  @Test
  void egress_tightBudget_keepsCallsAndCountsTheOnesThatDoNotFit() {
    TestTools tools = new TestTools();
    try (CodeMode codeMode = tools.codeMode().maxEgressBytes(600).build()) {
      PassOutcome outcome =
          codeMode.run(
              """
          async () => {
            for (let i = 0; i < 40; i++) console.log('progress line number ' + i);
            await Promise.all(Array.from({length: 20}, (_, i) => t.echo({value: i})));
            return 'x'.repeat(2000);
          }""",
              TestTools.run());

      assertThat(outcome.ok()).isTrue();
      Egress egress = outcome.egress();
      ObjectNode json = egress.json();
      assertThat(egress.bytes()).isLessThanOrEqualTo(600).isEqualTo(Utf8.length(json.toString()));
      int shown = json.get("calls").size();
      assertThat(shown).isPositive().isLessThan(20);
      assertThat(json.get("omittedCalls").asInt())
          .isEqualTo(20 - shown)
          .isEqualTo(egress.omittedCalls());
      assertThat(json.get("result").asString())
          .startsWith("[result omitted: 2002 bytes of JSON exceed");
      assertThat(egress.omittedParts()).contains("result", "logs");
      assertThat(outcome.calls()).hasSize(20);
      assertThat(outcome.logs()).hasSize(40);
      assertThat(((PassSuccess) outcome).result().asString()).hasSize(2000);
    }
  }

  @Test
  void egress_roomyBudget_showsEverything() {
    TestTools tools = new TestTools();
    try (CodeMode codeMode = tools.codeMode().build()) {
      PassOutcome outcome =
          codeMode.run(
              "async () => { console.warn('w'); return (await t.echo({value: 7})).value; }",
              TestTools.run());
      assertThat(outcome.egress().json().toString())
          .isEqualTo(
              "{\"ok\":true,\"result\":7,\"logs\":[\"[warn] w\"],"
                  + "\"calls\":[{\"method\":\"t.echo\",\"status\":\"succeeded\",\"durationMs\":"
                  + outcome.calls().get(0).duration().toMillis()
                  + "}],\"omittedCalls\":0,\"error\":null}");
      assertThat(outcome.egress().omittedParts()).isEmpty();
    }
  }

  @Test
  void egress_redactor_runsOnResultLogsAndThrownValueBeforeTheBudget() {
    TestTools tools = new TestTools();
    EgressRedactor mask =
        value ->
            value.isString()
                ? TestTools.JSON.stringNode(
                    value.asString().replaceAll("\\d{4}-\\d{4}", "####-####"))
                : TestTools.json(value.toString().replaceAll("\\d{4}-\\d{4}", "####-####"));
    try (CodeMode codeMode = tools.codeMode().redactEgress(mask).build()) {
      PassOutcome ok =
          codeMode.run(
              "async () => { console.log('card 1234-5678'); return {card: '9999-0000'}; }",
              TestTools.run());
      assertThat(ok.egress().json().toString())
          .contains("####-####")
          .doesNotContain("1234-5678", "9999-0000");
      assertThat(((PassSuccess) ok).result().get("card").asString()).isEqualTo("9999-0000");

      PassOutcome thrown =
          codeMode.run("async () => { throw {card: '1111-2222'}; }", TestTools.run());
      assertThat(thrown.egress().json().get("error").get("thrown").toString())
          .isEqualTo("{\"card\":\"####-####\"}");
    }
  }

  @Test
  void egress_failingRedactor_showsNothingTheProgramProduced() {
    TestTools tools = new TestTools();
    try (CodeMode codeMode =
        tools
            .codeMode()
            .redactEgress(
                value -> {
                  throw new IllegalStateException("redactor bug");
                })
            .build()) {
      PassOutcome outcome =
          codeMode.run("async () => { console.log('secret'); return 'secret'; }", TestTools.run());
      assertThat(outcome.ok()).isTrue();
      ObjectNode json = outcome.egress().json();
      assertThat(json.toString()).doesNotContain("secret");
      assertThat(json.get("ok").asBoolean()).isFalse();
      assertThat(json.get("error").get("kind").asString()).isEqualTo("internal");
    }
  }

  @Test
  void egress_failure_carriesKindLimitAndMessage() {
    TestTools tools = new TestTools();
    try (CodeMode codeMode =
        tools.codeMode().limits(CodeExecutionLimits.defaults().withMaxLogBytes(50)).build()) {
      PassOutcome outcome =
          codeMode.run("async () => { for (;;) console.log('0123456789'); }", TestTools.run());
      ObjectNode error = (ObjectNode) outcome.egress().json().get("error");
      assertThat(error.get("kind").asString()).isEqualTo("limit");
      assertThat(error.get("limit").asString()).isEqualTo("maxLogBytes");
      assertThat(error.get("message").asString()).contains("maxLogBytes");
    }
  }
}
