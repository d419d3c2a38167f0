package io.codemode4j.bridge;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.codemode4j.bridge.schema.CodeModeDescriptionException;
import io.codemode4j.bridge.schema.DescribeOptions;
import io.codemode4j.bridge.tool.ExecutionClass;
import io.codemode4j.bridge.tool.Tool;
import io.codemode4j.bridge.tool.ToolSpec;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.Collections;
import java.util.List;
import java.util.stream.IntStream;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;
import org.junit.jupiter.params.provider.ValueSource;

/**
 * {@code CodeMode#describe}: exact paths over the fixed allowlist, complete declarations within a
 * byte cap.
 */
class CodeModeDescribeTest {

  private static final TestTools TOOLS = new TestTools();
  private static CodeMode codeMode;

  @BeforeAll
  static void build() {
    Tool euro =
        new Tool(
            new ToolSpec(
                "price",
                "Prices in € (euro).",
                TestTools.json("{\"type\":\"object\"}"),
                TestTools.json("{\"type\":\"string\"}"),
                ExecutionClass.READONLY),
            (args, ctx) -> TestTools.JSON.stringNode("1 €"));
    CodeMode.Builder builder = TOOLS.codeMode().method("shop", "price", euro);
    Tool filler =
        new Tool(
            new ToolSpec(
                "filler",
                "Returns its value unchanged. One of sixty-four methods that fill "
                    + "the allowlist, so that describing all of them is more than the default cap of 16 KiB.",
                TOOLS.echo().spec().parameters(),
                TOOLS.echo().spec().success(),
                ExecutionClass.READONLY),
            TOOLS.echo().handler());
    IntStream.range(0, 64).forEach(i -> builder.method("many", "m" + i, filler));
    codeMode =
        builder
            .visibility(run -> Visibility.only(List.of("t.echo")))
            .includeDeclarations(false)
            .build();
  }

  @AfterAll
  static void close() {
    codeMode.close();
  }

  @Test
  void describe_onePath_isThatMethodsCompleteDeclaration() {
    String text = codeMode.describe(List.of("t.echo"), DescribeOptions.defaults());

    assertThat(text)
        .startsWith("declare const t: {\n")
        .endsWith("};\n")
        .contains("echo(args: {")
        .doesNotContain("fail(", "many");
  }

  @Test
  void describe_severalPaths_groupsThemByNamespaceInDeclarationOrder() {
    String text =
        codeMode.describe(List.of("shop.price", "t.big", "t.echo"), DescribeOptions.defaults());

    assertThat(text)
        .isEqualTo(
            codeMode.describe(List.of("t.echo", "t.big"), DescribeOptions.defaults())
                + "\n"
                + codeMode.describe(List.of("shop.price"), DescribeOptions.defaults()));
    assertThat(text.indexOf("echo(")).isLessThan(text.indexOf("big("));
    assertThat(text).containsOnlyOnce("declare const t: {");
  }

  @Test
  void describe_hostApi_ignoresVisibilityAndTheModelFacingDescription() {
    assertThat(codeMode.describe(List.of("t.fail"), DescribeOptions.defaults()))
        .contains("fail(args: {");
    assertThat(codeMode.tool().description()).doesNotContain("declare const");
    assertThat(codeMode.declarations())
        .contains("declare const t: {", "declare const shop: {", "m63(args: {");
  }

  @Test
  void describe_sixtyFourPaths_areAllowedUpToTheMaximumCap() {
    List<String> paths = IntStream.range(0, 64).mapToObj(i -> "many.m" + i).toList();

    String text = codeMode.describe(paths, new DescribeOptions(DescribeOptions.MAX_BYTES));

    assertThat(text).contains("m0(args: {", "m63(args: {");
    assertThat(bytes(text)).isGreaterThan(DescribeOptions.DEFAULT_MAX_BYTES);
    assertThatThrownBy(() -> codeMode.describe(paths, DescribeOptions.defaults()))
        .isInstanceOfSatisfying(
            CodeModeDescriptionException.class,
            e -> {
              assertThat(e.kind()).isEqualTo(CodeModeDescriptionException.Kind.TOO_LARGE);
              assertThat(e.getMessage())
                  .isEqualTo(
                      "the declarations of 64 methods are "
                          + bytes(text)
                          + " bytes of UTF-8, over maxBytes 16384: ask for fewer methods or raise maxBytes (at most 262144)");
            });
  }

  @Test
  void describe_capOfExactlyTheUtf8Size_isEnoughAndOneByteLessIsNot() {
    String text = codeMode.describe(List.of("shop.price"), DescribeOptions.defaults());
    int size = bytes(text);
    assertThat(size).isGreaterThan(text.length());

    assertThat(codeMode.describe(List.of("shop.price"), new DescribeOptions(size))).isEqualTo(text);
    assertThatThrownBy(
            () -> codeMode.describe(List.of("shop.price"), new DescribeOptions(size - 1)))
        .isInstanceOfSatisfying(
            CodeModeDescriptionException.class,
            e -> {
              assertThat(e.kind()).isEqualTo(CodeModeDescriptionException.Kind.TOO_LARGE);
              assertThat(e.getMessage())
                  .startsWith(
                      "the declarations of 1 method are "
                          + size
                          + " bytes of UTF-8, over "
                          + "maxBytes "
                          + (size - 1));
            });
  }

  @ParameterizedTest(name = "{0} -> {1}")
  @CsvSource(
      delimiter = '|',
      quoteCharacter = '"',
      textBlock =
          """
      t                 | INVALID_PATH   | 't' is not a method path: write namespace.method, e.g. t.echo
      t.echo.value      | INVALID_PATH   | 't.echo.value' is not a method path
      t.                | INVALID_PATH   | 't.' is not a method path
      " t.echo"         | INVALID_PATH   | ' t.echo' is not a method path
      t.delete          | INVALID_PATH   | 't.delete' is not a method path
      t.nope            | UNKNOWN_PATH   | 't.nope' is not an allowlisted method (allowed: t.echo, t.fail, t.block, t.big, shop.price, many.m0,
      billing.invoices  | UNKNOWN_PATH   | 'billing.invoices' is not an allowlisted method
      t.echo,t.echo     | DUPLICATE_PATH | 't.echo' is asked for twice: name each method once
      t.big,t.nope,t.   | UNKNOWN_PATH   | 't.nope' is not an allowlisted method
      """)
  void describe_badPath_failsNamingIt(
      String paths, CodeModeDescriptionException.Kind kind, String message) {
    List<String> list = List.of(paths.split(",", -1));

    assertThatThrownBy(() -> codeMode.describe(list, DescribeOptions.defaults()))
        .isInstanceOfSatisfying(
            CodeModeDescriptionException.class,
            e -> {
              assertThat(e.kind()).isEqualTo(kind);
              assertThat(e.getMessage()).startsWith(message);
            });
  }

  @ParameterizedTest
  @ValueSource(ints = {0, 65})
  void describe_noneOrTooManyPaths_failsWithTheCount(int count) {
    List<String> paths =
        new ArrayList<>(IntStream.range(0, count).mapToObj(i -> "many.m" + (i % 64)).toList());

    assertThatThrownBy(() -> codeMode.describe(paths, DescribeOptions.defaults()))
        .isInstanceOfSatisfying(
            CodeModeDescriptionException.class,
            e -> {
              assertThat(e.kind()).isEqualTo(CodeModeDescriptionException.Kind.PATH_COUNT);
              assertThat(e.getMessage())
                  .startsWith("describe takes 1 to 64 method paths, got " + count);
            });
  }

  @Test
  void describe_nullPath_isAnInvalidPath() {
    assertThatThrownBy(
            () -> codeMode.describe(Collections.singletonList(null), DescribeOptions.defaults()))
        .isInstanceOfSatisfying(
            CodeModeDescriptionException.class,
            e -> assertThat(e.kind()).isEqualTo(CodeModeDescriptionException.Kind.INVALID_PATH));
  }

  @ParameterizedTest
  @ValueSource(ints = {0, -1, DescribeOptions.MAX_BYTES + 1})
  void describeOptions_capOutOfRange_isRefused(int maxBytes) {
    assertThatThrownBy(() -> new DescribeOptions(maxBytes))
        .isInstanceOf(IllegalArgumentException.class)
        .hasMessage("maxBytes must be 1..262144 (256 KiB), was " + maxBytes);
  }

  @Test
  void describeOptions_defaults_capAt16KiB() {
    assertThat(DescribeOptions.defaults().maxBytes()).isEqualTo(16 * 1024);
    assertThat(new DescribeOptions(256 * 1024).maxBytes()).isEqualTo(DescribeOptions.MAX_BYTES);
  }

  private static int bytes(String text) {
    return text.getBytes(StandardCharsets.UTF_8).length;
  }
}
