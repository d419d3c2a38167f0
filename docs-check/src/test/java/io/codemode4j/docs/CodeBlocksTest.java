package io.codemode4j.docs;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.fail;

import java.util.List;
import java.util.stream.Stream;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.Arguments;
import org.junit.jupiter.params.provider.MethodSource;

/**
 * The docs' code blocks that need neither Code Mode nor a compiler: every block names a checked
 * language (or is skipped with a reason), and the {@code json}, {@code yaml}, {@code xml}, {@code
 * properties}, {@code sh}/{@code bash} and {@code text} blocks pass their checks. Each test is
 * named by its block's {@code file:line}.
 */
class CodeBlocksTest {

  private static SpringProperties springProperties;

  @BeforeAll
  static void readBoundProperties() {
    springProperties = new SpringProperties(JavaBlocks.classPath());
  }

  static Stream<Arguments> everyBlock() {
    return DocsTree.blocks().map(DocsTree::named);
  }

  static Stream<Arguments> jsonBlocks() {
    return DocsTree.checked("json");
  }

  static Stream<Arguments> yamlBlocks() {
    return DocsTree.checked("yaml");
  }

  static Stream<Arguments> xmlBlocks() {
    return DocsTree.checked("xml");
  }

  static Stream<Arguments> propertiesBlocks() {
    return DocsTree.checked("properties");
  }

  static Stream<Arguments> shellBlocks() {
    return DocsTree.checked("sh", "bash");
  }

  static Stream<Arguments> textBlocks() {
    return DocsTree.checked("text");
  }

  @ParameterizedTest(allowZeroInvocations = true)
  @MethodSource("everyBlock")
  void block_namesACheckedLanguageOrASkipReason(CodeBlock block) {
    failIf(block, BlockChecks.language(block));
  }

  @Test
  void skips_areListedWithTheirReasons() {
    List<CodeBlock> skipped = DocsTree.blocks().filter(block -> block.skip() != null).toList();
    StringBuilder summary =
        new StringBuilder("docs-check: " + skipped.size() + " block(s) skipped");
    for (CodeBlock block : skipped) {
      summary
          .append("\n  ")
          .append(block.where())
          .append(" ```")
          .append(block.language())
          .append(": ")
          .append(block.skip().reason().isBlank() ? "(NO REASON)" : block.skip().reason());
    }
    System.out.println(summary);
    assertThat(skipped)
        .as("skips without a reason")
        .noneMatch(block -> block.skip().reason().isBlank());
  }

  @Test
  void docsCheckComments_areSkipsJustBeforeAFence() {
    assertThat(DocsTree.pages().stream().flatMap(page -> page.strayComments().stream()))
        .as("docs-check comments that exempt no block")
        .isEmpty();
  }

  @ParameterizedTest(allowZeroInvocations = true)
  @MethodSource("jsonBlocks")
  void jsonBlock_parses(CodeBlock block) {
    failIf(block, BlockChecks.json(block));
  }

  @ParameterizedTest(allowZeroInvocations = true)
  @MethodSource("yamlBlocks")
  void yamlBlock_isAWarehouseDescriptionOrBindsToTheStarter(CodeBlock block) {
    failIf(block, BlockChecks.yaml(block, DocsTree.root(), springProperties));
  }

  @ParameterizedTest(allowZeroInvocations = true)
  @MethodSource("xmlBlocks")
  void xmlBlock_isWellFormed(CodeBlock block) {
    failIf(block, BlockChecks.xml(block));
  }

  @ParameterizedTest(allowZeroInvocations = true)
  @MethodSource("propertiesBlocks")
  void propertiesBlock_bindsOnlyPropertiesOfTheStarter(CodeBlock block) {
    List<String> unbound = BlockChecks.properties(block, springProperties);
    if (!unbound.isEmpty()) {
      fail(
          block.where()
              + ": the starter binds no "
              + String.join(", ", unbound)
              + " (its @ConfigurationProperties records: "
              + springProperties.records()
              + ")");
    }
  }

  @ParameterizedTest(allowZeroInvocations = true)
  @MethodSource("shellBlocks")
  void shellBlock_commandsParse(CodeBlock block) {
    failIfAny(ShellBlocks.problems(block, DocsTree.root()));
  }

  @ParameterizedTest(allowZeroInvocations = true)
  @MethodSource("textBlocks")
  void textBlock_helpIsTheClisAndCommandsParse(CodeBlock block) {
    failIfAny(TextBlocks.problems(block, DocsTree.root()));
  }

  /** Fails with every problem, one per line, each already naming its {@code file:line}. */
  static void failIfAny(List<String> problems) {
    if (!problems.isEmpty()) {
      fail(String.join("\n", problems));
    }
  }

  static void failIf(CodeBlock block, String problem) {
    if (problem != null) {
      fail(block.where() + ": " + problem);
    }
  }
}
