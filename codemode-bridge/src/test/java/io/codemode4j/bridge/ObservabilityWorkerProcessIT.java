package io.codemode4j.bridge;

import static org.assertj.core.api.Assertions.assertThat;

import io.codemode4j.bridge.outcome.CallStatus;
import io.codemode4j.bridge.outcome.FailureKind;
import io.codemode4j.bridge.outcome.PassFailure;
import io.codemode4j.bridge.outcome.PassOutcome;
import org.junit.jupiter.api.Test;

class ObservabilityWorkerProcessIT extends ObservabilityContract {
  ObservabilityWorkerProcessIT() {
    super(new Isolation.Process(1, 256));
  }

  @Test
  void run_workerKilledWithACallInFlight_auditLinesAndSpansMatchTheLedger() throws Exception {
    RunContext run = run();
    Thread killer =
        Thread.ofVirtual()
            .start(
                () -> {
                  try {
                    // The block runs and the echo waits behind it (maxHostCallConcurrency 1).
                    tools.awaitStarted(1);
                    tools.awaitAdmitted(2);
                    // This class's workers: the java child processes its CodeMode started.
                    ProcessHandle.current()
                        .children()
                        .filter(p -> !earlierChildren.contains(p.pid()))
                        .filter(p -> p.info().command().orElse("").endsWith("java"))
                        .forEach(ProcessHandle::destroyForcibly);
                  } catch (InterruptedException e) {
                    Thread.currentThread().interrupt();
                  }
                });

    PassOutcome pass =
        codeMode.run("async () => Promise.all([t.block({}), t.echo({value: 1})])", run);
    killer.join();

    assertThat(pass).isInstanceOf(PassFailure.class);
    assertThat(((PassFailure) pass).kind()).isEqualTo(FailureKind.INTERNAL);
    assertThat(TestTools.statuses(pass))
        .containsExactly(CallStatus.UNCERTAIN, CallStatus.NOT_STARTED);
    assertAuditAndSpansMatchTheLedger(pass, run);
  }
}
