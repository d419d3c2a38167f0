package io.codemode4j.bridge.schema;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;

/**
 * The golden declaration files compile with the real TypeScript compiler under {@code --strict},
 * together with usage files that call every declared method with correct types, and whose wrong
 * calls (each under {@code @ts-expect-error}) must fail to compile.
 */
class DeclarationsTscIT {

  private static TypeScriptCompiler tsc;
  private static Path work;

  @BeforeAll
  static void install() throws IOException, InterruptedException {
    tsc = TypeScriptCompiler.install(Path.of("target", "tsc"));
    work = Files.createDirectories(Path.of("target", "tsc", "work"));
    for (String name : DeclarationCases.NAMES) {
      for (String file : List.of(name + ".d.ts", name + ".usage.ts")) {
        Files.writeString(
            work.resolve(file), TypeScriptDeclarationsTest.golden("declarations/" + file));
      }
    }
  }

  @Test
  void tsc_goldenDeclarationsAndTheirUsage_compileStrict()
      throws IOException, InterruptedException {
    List<Path> files = new ArrayList<>();
    for (String name : DeclarationCases.NAMES) {
      files.add(work.resolve(name + ".d.ts"));
      files.add(work.resolve(name + ".usage.ts"));
    }

    TypeScriptCompiler.Result result = tsc.compile(work, files);

    assertThat(result.output()).isEmpty();
    assertThat(result.exitCode()).isZero();
  }

  @Test
  void tsc_wrongArgumentType_failsToCompile() throws IOException, InterruptedException {
    Path wrong =
        Files.writeString(
            work.resolve("wrong.ts"),
            "async () => shapes.create({ name: 1, owner: { id: \"u1\" } });\nexport {};\n");

    TypeScriptCompiler.Result result =
        tsc.compile(work, List.of(work.resolve("objects.d.ts"), wrong));

    assertThat(result.exitCode()).isNotZero();
    assertThat(result.output())
        .contains(
            "wrong.ts(1,", "error TS2322", "Type 'number' is not assignable to type 'string'");
  }

  @Test
  void tsc_expectedErrorThatDoesNotHappen_failsToCompile()
      throws IOException, InterruptedException {
    Path correct =
        Files.writeString(
            work.resolve("unfounded.ts"),
            "// @ts-expect-error\nasync () => shapes.create({ name: \"circle\", owner: { id: \"u1\" } });\nexport {};\n");

    TypeScriptCompiler.Result result =
        tsc.compile(work, List.of(work.resolve("objects.d.ts"), correct));

    assertThat(result.exitCode()).isNotZero();
    assertThat(result.output())
        .contains("unfounded.ts(1,", "error TS2578", "Unused '@ts-expect-error' directive");
  }
}
