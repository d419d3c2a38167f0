package io.codemode4j.bridge.audit;

import static org.assertj.core.api.Assertions.assertThat;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

class InternalFailureTest {

  @ParameterizedTest
  @ValueSource(
      strings = {
        "java.lang.NullPointerException",
        "Cannot invoke \"io.codemode4j.bridge.Thing.size()\" because \"x\" is null",
        "tools.jackson.databind.exc.MismatchedInputException: Cannot deserialize",
        "Cannot construct instance of `McpSchema$InitializeRequest`",
        "failed: NullPointerException",
        "StackOverflowError",
        "McpError: boom",
        "at [Source: REDACTED; line: 1, column: 2]",
        "\tat io.x.Y.z(Y.java:12)",
        "org.graalvm.polyglot.PolyglotException: x",
        "dev.langchain4j.exception.HttpException: 500"
      })
  void readsAsJava_javaText_isTrue(String text) {
    assertThat(InternalFailure.readsAsJava(text)).isTrue();
  }

  @ParameterizedTest
  @ValueSource(
      strings = {
        "the program threw TypeError: x is not a function",
        "RangeError: Maximum call stack size exceeded",
        "SyntaxError: Unexpected token",
        "Parser Error: syntax error at or near \"SELEC\"",
        "Binder Error: column \"x\" not found",
        "the program ran past its wall-clock limit of 5 s (maxWallTime)",
        "no table orders: use customers or invoices",
        "Error: load 10"
      })
  void readsAsJava_wordsAProgramOrDatabaseWrites_isFalse(String text) {
    assertThat(InternalFailure.readsAsJava(text)).isFalse();
  }

  @Test
  void report_aBug_isASentenceWithAReferenceAndNoJava() {
    String sentence =
        InternalFailure.report(
            " while shaping the egress",
            new NullPointerException("Cannot invoke \"io.codemode4j.X.y()\""));

    assertThat(sentence)
        .matches(
            "internal error in codemode4j while shaping the egress \\(a bug; the host's log has it"
                + " as [0-9a-f]{8}\\)");
    assertThat(InternalFailure.readsAsJava(sentence)).isFalse();
  }

  @Test
  void reference_eachCall_isANewOne() {
    assertThat(InternalFailure.reference()).isNotEqualTo(InternalFailure.reference());
  }
}
