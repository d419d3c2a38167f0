package io.codemode4j.warehouse;

import static org.assertj.core.api.Assertions.assertThat;

import io.codemode4j.bridge.CodeMode;
import io.codemode4j.bridge.schema.DescribeOptions;
import io.codemode4j.bridge.schema.TypeScriptCompiler;
import io.codemode4j.warehouse.billing.BillingSample;
import io.codemode4j.warehouse.billing.FlagStore;
import java.io.IOException;
import java.io.InputStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * Programs written the way a model writes them (rows passed on, multiplied, mapped, compared,
 * destructured) type-check under {@code tsc --strict} against what {@code codemode describe} prints
 * for the run toolkit, flags included; {@code declared-results.ts} holds mistakes against billing's
 * own results under {@code @ts-expect-error}, so the rows' loose typing did not loosen them.
 */
class ModelProgramsTscIT {

  /** One per ordinary program under {@code src/test/resources/model-programs/}. */
  private static final List<String> PROGRAMS =
      List.of(
          "unpaid-of-top-customers.ts",
          "revenue-by-region.ts",
          "overdue-flags.ts",
          "declared-results.ts");

  @TempDir static Path state;

  private static Warehouse warehouse;
  private static CodeMode codeMode;

  @BeforeAll
  static void open() throws WarehouseException {
    warehouse = BillingSample.open(TestWarehouse.sampleDir(), TestWarehouse.cacheRoot());
    codeMode =
        BillingSample.installTools(warehouse, FlagStore.embedded(state), CodeMode.builder())
            .build();
  }

  @AfterAll
  static void close() {
    codeMode.close();
    warehouse.close();
  }

  @Test
  void tsc_modelProgramsAgainstTheDescribedToolkit_compileStrict()
      throws IOException, InterruptedException {
    TypeScriptCompiler tsc = TypeScriptCompiler.install(Path.of("target", "tsc"));
    Path work = Files.createDirectories(Path.of("target", "tsc", "model-programs"));
    List<Path> files = new ArrayList<>();
    files.add(
        Files.writeString(
            work.resolve("toolkit.d.ts"),
            codeMode.describe(codeMode.methods(), new DescribeOptions(DescribeOptions.MAX_BYTES))));
    files.add(
        Files.writeString(
            work.resolve("sandbox-globals.d.ts"), resource("model-programs/sandbox-globals.d.ts")));
    for (String program : PROGRAMS) {
      files.add(Files.writeString(work.resolve(program), resource("model-programs/" + program)));
    }

    TypeScriptCompiler.Result result = tsc.compile(work, files);

    assertThat(result.output()).isEmpty();
    assertThat(result.exitCode()).isZero();
  }

  private static String resource(String name) throws IOException {
    try (InputStream in = ModelProgramsTscIT.class.getClassLoader().getResourceAsStream(name)) {
      assertThat(in).as("test resource " + name).isNotNull();
      return new String(in.readAllBytes(), StandardCharsets.UTF_8);
    }
  }
}
