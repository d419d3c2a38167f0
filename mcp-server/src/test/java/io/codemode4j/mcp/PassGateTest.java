package io.codemode4j.mcp;

import static org.assertj.core.api.Assertions.assertThat;

import io.codemode4j.bridge.Principal;
import io.codemode4j.mcp.internal.PassGate;
import org.junit.jupiter.api.Test;

class PassGateTest {

  static final Principal ANA = Principal.unconfined("ana");

  @Test
  void tryAcquire_overTheGrantsLimit_isRefusedNamingIt() {
    PassGate gate = new PassGate(64);
    Grant two = new Grant(ANA, null, 2);

    assertThat(gate.tryAcquire(two)).isNotNull();
    assertThat(gate.tryAcquire(two)).isNotNull();
    assertThat(gate.tryAcquire(two)).isNull();
    assertThat(gate.busyMessage(two))
        .startsWith("too many programs at once: ana already runs 2, its limit");
    assertThat(gate.running()).isEqualTo(2);
  }

  @Test
  void tryAcquire_samePrincipalWithTwoGrants_eachHoldsToItsOwnLimit() {
    PassGate gate = new PassGate(64);
    Grant stdio = new Grant(ANA, null, 1);
    Grant http = new Grant(ANA, null, 3);

    assertThat(gate.tryAcquire(stdio)).isNotNull();
    assertThat(gate.tryAcquire(stdio)).isNull();
    assertThat(gate.tryAcquire(http)).isNotNull();
    assertThat(gate.tryAcquire(http)).isNotNull();
    assertThat(gate.tryAcquire(http)).isNotNull();
    assertThat(gate.tryAcquire(http)).isNull();
    assertThat(gate.busyMessage(http)).contains("already runs 3, its limit");
  }

  @Test
  void release_givesThePlaceBackOnce() {
    PassGate gate = new PassGate(1);
    Grant one = new Grant(ANA, null, 5);
    PassGate.Permit permit = gate.tryAcquire(one);

    assertThat(gate.tryAcquire(new Grant(Principal.unconfined("bo"), null, 5))).isNull();
    assertThat(gate.busyMessage(new Grant(Principal.unconfined("bo"), null, 5)))
        .startsWith("the server is at its limit of 1 program at once");
    permit.release();
    permit.release();

    assertThat(gate.running()).isZero();
    assertThat(gate.tryAcquire(one)).isNotNull();
    assertThat(gate.tryAcquire(one)).isNull();
  }
}
