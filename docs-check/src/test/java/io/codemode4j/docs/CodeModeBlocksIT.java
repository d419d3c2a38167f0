package io.codemode4j.docs;

import static org.assertj.core.api.Assertions.fail;

import io.codemode4j.bridge.CodeMode;
import io.codemode4j.bridge.Principal;
import io.codemode4j.bridge.RunContext;
import io.codemode4j.bridge.outcome.PassOutcome;
import io.codemode4j.sample.SampleData;
import io.codemode4j.warehouse.billing.BillingSample;
import io.codemode4j.warehouse.engine.DescribedWarehouse;
import io.codemode4j.warehouse.engine.DescribedWarehouses;
import io.codemode4j.warehouse.engine.EngineOpening;
import io.codemode4j.warehouse.pack.PackContext;
import io.codemode4j.warehouse.pack.ToolPacks;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.stream.Stream;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.Arguments;
import org.junit.jupiter.params.provider.MethodSource;

/**
 * The docs' {@code js} and {@code ts} blocks against the bundled sample, as {@code codemode run}
 * serves it: the billing description over the bundled parquet files, its toolkit ({@code
 * warehouse.*} and the billing pack) installed by {@link ToolPacks}, default limits. A {@code js}
 * block runs as a pass for a principal that reads every tenant and must end ok; each method line of
 * a {@code ts} block ({@code name(args): Type;}) must appear in the declarations this toolkit
 * generates, whitespace aside.
 */
class CodeModeBlocksIT {

  private static DescribedWarehouse warehouse;
  private static CodeMode codeMode;
  private static String declarations;

  @BeforeAll
  static void openTheBundledSample() throws Exception {
    Path cacheRoot = EngineOpening.defaultCacheRoot();
    warehouse =
        DescribedWarehouses.open(
            BillingSample.description(SampleData.bundledDirectory(cacheRoot)),
            EngineOpening.Credentials.NONE,
            cacheRoot);
    Path state = Files.createTempDirectory("docs-check-state");
    codeMode =
        ToolPacks.install(
                warehouse,
                new PackContext(new PackContext.State.Directory(state)),
                CodeMode.builder())
            .build();
    declarations = normalised(codeMode.declarations());
  }

  @AfterAll
  static void close() {
    if (codeMode != null) {
      codeMode.close();
    }
    if (warehouse != null) {
      warehouse.close();
    }
  }

  static Stream<Arguments> jsBlocks() {
    return DocsTree.checked("js");
  }

  static Stream<Arguments> tsBlocks() {
    return DocsTree.checked("ts");
  }

  @ParameterizedTest(allowZeroInvocations = true)
  @MethodSource("jsBlocks")
  void jsBlock_runsOkOnTheBundledSample(CodeBlock block) {
    PassOutcome outcome =
        codeMode.run(
            JsBlocks.program(block.text()),
            RunContext.of("docs-check-" + block.where(), Principal.unconfined("docs-check")));
    if (!outcome.ok()) {
      fail(
          block.where()
              + ": the program does not end ok on the bundled sample: "
              + outcome.egress().json());
    }
  }

  @ParameterizedTest(allowZeroInvocations = true)
  @MethodSource("tsBlocks")
  void tsBlock_methodsAreInTheGeneratedDeclarations(CodeBlock block) {
    List<String> missing =
        TypeScriptLines.methods(block.text()).stream()
            .filter(method -> !declarations.contains(normalised(method)))
            .toList();
    if (!missing.isEmpty()) {
      fail(
          block.where()
              + ": the bundled toolkit's declarations (CodeMode.declarations()) have no "
              + String.join("\n  ", missing)
              + "\n(copy them from `codemode describe NAMESPACE.METHOD`, which prints them)");
    }
  }

  private static String normalised(String text) {
    return TypeScriptLines.normalised(text);
  }
}
