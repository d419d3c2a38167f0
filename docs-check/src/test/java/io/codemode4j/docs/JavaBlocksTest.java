package io.codemode4j.docs;

import static org.assertj.core.api.Assertions.fail;

import java.util.List;
import java.util.stream.Stream;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.Arguments;
import org.junit.jupiter.params.provider.MethodSource;

/** Every {@code java} block of the docs compiles against every module (see {@link JavaBlocks}). */
class JavaBlocksTest {

  private static JavaBlocks compiler;

  @BeforeAll
  static void openCompiler() {
    compiler = new JavaBlocks();
  }

  @AfterAll
  static void closeCompiler() throws Exception {
    compiler.close();
  }

  static Stream<Arguments> javaBlocks() {
    return DocsTree.checked("java");
  }

  @ParameterizedTest(allowZeroInvocations = true)
  @MethodSource("javaBlocks")
  void javaBlock_compiles(CodeBlock block) {
    List<String> errors = compiler.errors(block);
    if (!errors.isEmpty()) {
      fail(String.join("\n", errors));
    }
  }
}
