package io.codemode4j.bridge.schema;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Assumptions;

/**
 * The real TypeScript compiler, {@code typescript@}{@value #VERSION} from the npm registry,
 * installed with {@code npm install --prefix <dir>} on first use (a later run reuses it) and run
 * with {@code node}. The only reason to skip is that {@code node} is absent; a failing install
 * fails the test. Public for the tests of other modules (this module's test jar).
 */
public final class TypeScriptCompiler {

  public static final String VERSION = "5.9.3";

  /** What one {@code tsc} run said. */
  public record Result(int exitCode, String output) {}

  private final Path tsc;

  private TypeScriptCompiler(Path tsc) {
    this.tsc = tsc;
  }

  /**
   * The compiler under {@code prefix}, installed there unless it already is; skips the test without
   * node.
   */
  public static TypeScriptCompiler install(Path prefix) throws IOException, InterruptedException {
    Assumptions.assumeTrue(
        nodeVersion() != null,
        "skipped: `node` is not on PATH, and the TypeScript compiler needs Node.js (install Node 18+ to run this test)");
    Path tsc = prefix.resolve("node_modules/typescript/bin/tsc");
    Path manifest = prefix.resolve("node_modules/typescript/package.json");
    if (!Files.exists(manifest)
        || !Files.readString(manifest).contains("\"version\": \"" + VERSION + "\"")) {
      Files.createDirectories(prefix);
      Result npm =
          run(
              prefix,
              300,
              List.of(
                  "npm",
                  "install",
                  "--prefix",
                  prefix.toAbsolutePath().toString(),
                  "--no-audit",
                  "--no-fund",
                  "--no-save",
                  "--loglevel=error",
                  "typescript@" + VERSION));
      assertThat(npm.exitCode())
          .as("npm install typescript@%s failed:%n%s", VERSION, npm.output())
          .isZero();
    }
    assertThat(tsc).as("tsc after npm install").exists();
    return new TypeScriptCompiler(tsc);
  }

  /** {@code tsc --noEmit --strict} over {@code files}, in {@code dir}. */
  public Result compile(Path dir, List<Path> files) throws IOException, InterruptedException {
    List<String> command =
        new ArrayList<>(
            List.of(
                "node",
                tsc.toAbsolutePath().toString(),
                "--noEmit",
                "--strict",
                "--target",
                "es2022",
                "--lib",
                "es2022",
                "--pretty",
                "false"));
    files.forEach(file -> command.add(dir.relativize(file).toString()));
    return run(dir, 120, command);
  }

  private static String nodeVersion() throws InterruptedException {
    try {
      Result version = run(Path.of("."), 30, List.of("node", "--version"));
      return version.exitCode() == 0 ? version.output().strip() : null;
    } catch (IOException e) {
      return null;
    }
  }

  private static Result run(Path dir, int timeoutSeconds, List<String> command)
      throws IOException, InterruptedException {
    Path log = Files.createTempFile("process", ".log");
    try {
      Process process =
          new ProcessBuilder(command)
              .directory(dir.toFile())
              .redirectErrorStream(true)
              .redirectOutput(log.toFile())
              .start();
      if (!process.waitFor(timeoutSeconds, TimeUnit.SECONDS)) {
        process.destroyForcibly();
        throw new AssertionError(
            String.join(" ", command) + " took longer than " + timeoutSeconds + "s");
      }
      return new Result(process.exitValue(), Files.readString(log, StandardCharsets.UTF_8));
    } finally {
      Files.deleteIfExists(log);
    }
  }
}
