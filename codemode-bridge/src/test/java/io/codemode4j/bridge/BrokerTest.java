package io.codemode4j.bridge;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.Map;
import org.junit.jupiter.api.Test;

/** The broker refuses what the allowlist does not hold, whatever route the call came by. */
class BrokerTest {

  @Test
  void admit_methodOutsideTheAllowlist_isRefusedAndRecorded() {
    TestTools tools = new TestTools();
    Tool echo = tools.echo();
    Broker broker = new Broker(Map.of("t.echo", new Broker.Binding("t.echo", echo,
        JsonSchemas.compile("p", echo.spec().parameters()), JsonSchemas.compile("s", echo.spec().success()))));
    PassLedger ledger = new PassLedger("pass-x");
    Broker.Session session = broker.open("pass-x", TestTools.run(), CodeExecutionLimits.defaults(), ledger);

    Broker.Admission admission = session.admit("payroll.read", "{}");

    assertThat(admission).isInstanceOfSatisfying(Broker.Rejected.class, rejected -> {
      assertThat(rejected.failure().kind()).isEqualTo(ToolFailure.Kind.REFUSED);
      assertThat(rejected.failure().getMessage()).isEqualTo("payroll.read is not an allowlisted method (allowed: t.echo)");
    });
    assertThat(ledger.close()).singleElement().satisfies(call -> {
      assertThat(call.status()).isEqualTo(CallStatus.FAILED);
      assertThat(call.failureKind()).contains("refused");
    });
    assertThat(tools.started.get()).isZero();
  }
}
