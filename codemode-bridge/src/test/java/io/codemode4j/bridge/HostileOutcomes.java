package io.codemode4j.bridge;

import static org.assertj.core.api.Assertions.assertThat;

import io.codemode4j.bridge.outcome.FailureKind;
import io.codemode4j.bridge.outcome.PassFailure;
import io.codemode4j.bridge.outcome.PassOutcome;
import io.codemode4j.bridge.outcome.PassSuccess;
import java.util.List;
import java.util.Locale;
import java.util.stream.Collectors;

/** Checks a pass outcome against a corpus program's expectation. */
final class HostileOutcomes {

  private HostileOutcomes() {}

  /** Names no failure message of a pass may hold: the host's libraries are not the program's. */
  private static final List<String> HOST_NAMES =
      List.of("jackson", "StreamReadConstraints", "org.graalvm", "com.oracle", "java.lang.");

  static void assertExpected(HostileProgram program, PassOutcome outcome) {
    if (program.calls() != null) {
      assertThat(
              outcome.calls().isEmpty()
                  ? "none"
                  : outcome.calls().stream()
                      .map(c -> c.status().wireName())
                      .collect(Collectors.joining(",")))
          .as(program.name() + ": the ledger")
          .isEqualTo(program.calls());
    }
    if (outcome instanceof PassFailure failed) {
      assertThat(failed.message().toLowerCase(Locale.ROOT))
          .as(program.name() + ": " + failed.message())
          .doesNotContain(HOST_NAMES.stream().map(n -> n.toLowerCase(Locale.ROOT)).toList());
    }
    String[] expect = program.expect().split(" ");
    if (expect[0].equals("ok")) {
      assertThat(outcome).as(program.name()).isInstanceOf(PassSuccess.class);
      if (program.result() != null) {
        assertThat(((PassSuccess) outcome).result().toString())
            .as(program.name())
            .isEqualTo(program.result());
      }
      return;
    }
    assertThat(outcome).as(program.name()).isInstanceOf(PassFailure.class);
    PassFailure failure = (PassFailure) outcome;
    // A resource bomb meets whichever budget runs out first; on a loaded machine that can be its
    // wall time,
    // which is as final an ending. The limits themselves have dedicated tests with room to spare.
    if (expect[0].equals("limit") && failure.kind() == FailureKind.TIMEOUT) {
      return;
    }
    assertThat(failure.kind().wireName())
        .as(program.name() + ": " + failure.message())
        .isEqualTo(expect[0]);
    if (expect.length > 1) {
      // A loop that allocates garbage as it spins may exhaust its allocation budget before its CPU
      // time.
      assertThat(failure.limit())
          .as(program.name() + ": " + failure.message())
          .isNotNull()
          .satisfies(limit -> assertThat(expect[1].split("\\|")).contains(limit.wireName()));
    }
    if (program.message() != null) {
      assertThat(failure.message()).as(program.name()).contains(program.message());
    }
    assertThat(outcome.egress().bytes())
        .as(program.name())
        .isLessThanOrEqualTo(CodeMode.DEFAULT_MAX_EGRESS_BYTES);
  }
}
