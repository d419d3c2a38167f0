package io.codemode4j.bridge.internal.broker;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.tuple;

import io.codemode4j.bridge.CodeExecutionLimits;
import io.codemode4j.bridge.RunContext;
import io.codemode4j.bridge.TestTools;
import io.codemode4j.bridge.Visibility;
import io.codemode4j.bridge.outcome.CallRecord;
import io.codemode4j.bridge.outcome.CallStatus;
import io.codemode4j.bridge.tool.Tool;
import io.codemode4j.bridge.tool.ToolFailure;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;

/** The broker refuses what the allowlist does not hold, whatever route the call came by. */
class BrokerTest {

  @Test
  void admit_methodOutsideTheAllowlist_isRefusedAndRecorded() {
    TestTools tools = new TestTools();
    Tool echo = tools.echo();
    Broker broker =
        new Broker(
            Map.of(
                "t.echo",
                new Broker.Binding(
                    "t.echo",
                    echo,
                    SchemaValidator.compile("p", echo.spec().parameters()),
                    SchemaValidator.compile("s", echo.spec().success()))));
    PassLedger ledger = new PassLedger("pass-x");
    Broker.Session session =
        broker.open("pass-x", TestTools.run(), CodeExecutionLimits.defaults(), ledger);

    Broker.Admission admission = session.admit("payroll.read", "{}");

    assertThat(admission)
        .isInstanceOfSatisfying(
            Broker.Rejected.class,
            rejected -> {
              assertThat(rejected.failure().kind()).isEqualTo(ToolFailure.Kind.REFUSED);
              assertThat(rejected.failure().getMessage())
                  .isEqualTo("payroll.read is not an allowlisted method (allowed: t.echo)");
            });
    assertThat(ledger.close())
        .singleElement()
        .satisfies(
            call -> {
              assertThat(call.status()).isEqualTo(CallStatus.FAILED);
              assertThat(call.failureKind()).isEqualTo("refused");
            });
    assertThat(tools.started.get()).isZero();
  }

  @Test
  void admit_methodHiddenFromTheRun_isRefusedExactlyLikeAnUnknownOne() {
    TestTools tools = new TestTools();
    Broker broker =
        new Broker(
            Map.of(
                "t.echo",
                binding("t.echo", tools.echo()),
                "t.fail",
                binding("t.fail", tools.fail())));
    PassLedger ledger = new PassLedger("pass-y");
    RunContext run = TestTools.run().withGrants(Visibility.only(List.of("t.echo")));
    Broker.Session session = broker.open("pass-y", run, CodeExecutionLimits.defaults(), ledger);

    Broker.Admission hidden = session.admit("t.fail", "{\"kind\":\"failed\"}");
    Broker.Admission unknown = session.admit("t.nope", "{}");
    Broker.Admission visible = session.admit("t.echo", "{\"value\":1}");

    assertThat(hidden)
        .isInstanceOfSatisfying(
            Broker.Rejected.class,
            rejected -> {
              assertThat(rejected.failure().kind()).isEqualTo(ToolFailure.Kind.REFUSED);
              assertThat(rejected.failure().getMessage())
                  .isEqualTo("t.fail is not an allowlisted method (allowed: t.echo)");
            });
    assertThat(unknown)
        .isInstanceOfSatisfying(
            Broker.Rejected.class,
            rejected ->
                assertThat(rejected.failure().getMessage())
                    .isEqualTo("t.nope is not an allowlisted method (allowed: t.echo)"));
    assertThat(visible).isInstanceOf(Broker.Admitted.class);
    assertThat(ledger.close())
        .extracting(CallRecord::method, CallRecord::tool)
        .containsExactly(tuple("t.fail", ""), tuple("t.nope", ""), tuple("t.echo", "echo"));
    assertThat(tools.started.get()).isZero();
  }

  private static Broker.Binding binding(String path, Tool tool) {
    return new Broker.Binding(
        path,
        tool,
        SchemaValidator.compile("p", tool.spec().parameters()),
        SchemaValidator.compile("s", tool.spec().success()));
  }
}
