package io.codemode4j.bridge.internal.engine;

import static org.assertj.core.api.Assertions.assertThatCode;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

class ProgramShapeTest {

  @ParameterizedTest
  @ValueSource(
      strings = {
        "async () => 1",
        "async () => { return 1; }",
        "async function () { return 1; }",
        "async function named() { return 2; }",
        "  async () => 1  // trailing comment",
        "/* leading comment */ async () => 1",
        "(async () => 1)",
        "async (x = 1) => x",
        "async () => { const r = await Promise.all([]); return r; }\n"
      })
  void check_oneAsyncFunctionExpression_isAccepted(String source) {
    assertThatCode(() -> ProgramShape.check(source, 64 * 1024)).doesNotThrowAnyException();
  }

  @ParameterizedTest
  @ValueSource(
      strings = {
        "1",
        "() => 1",
        "function () { return 1; }",
        "async function* () { yield 1; }",
        "async () => 1; loop()",
        "loop(), async () => 1",
        "async () => 1) + (loop()",
        "async () => 1)//",
        "async () => 1) /*",
        "(async () => 1)()",
        "import x from 'y'",
        "export default async () => 1",
        "async () => {",
        "await fetch('x')",
        "#!/bin/sh\nasync () => 1",
        "class A {}",
        "async () => 1\n;(async () => 2)"
      })
  void check_anythingElse_isRefusedAsInvalidProgram(String source) {
    assertThatThrownBy(() -> ProgramShape.check(source, 64 * 1024))
        .isInstanceOf(ProgramShape.InvalidProgram.class)
        .hasMessageMatching("(?s).*(async function expression|syntax error|#!).*");
  }

  @ParameterizedTest
  @ValueSource(strings = {"", "   ", "\n"})
  void check_emptySource_saysWhatToSend(String source) {
    assertThatThrownBy(() -> ProgramShape.check(source, 100))
        .isInstanceOf(ProgramShape.InvalidProgram.class)
        .hasMessageContaining("the program is empty");
  }

  @org.junit.jupiter.api.Test
  void check_overTheSourceLimit_namesTheLimit() {
    String source = "async () => '" + "é".repeat(60) + "'";
    assertThatThrownBy(() -> ProgramShape.check(source, 100))
        .isInstanceOf(ProgramShape.InvalidProgram.class)
        .hasMessageContaining("over the limit of 100 bytes (maxSourceBytes)");
  }
}
