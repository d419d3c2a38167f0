package io.codemode4j.cli;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.IOException;
import java.io.OutputStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import java.util.concurrent.TimeUnit;

/**
 * One run of the packaged CLI ({@link PackagedMcp#command}) as a user's shell runs it, for the
 * tests that serve a real warehouse: its environment stripped of every {@code CODEMODE_} and {@code
 * OPENAI_} variable the test's own process may hold, so that a credential or a description reaches
 * the command only where the test hands it over.
 */
final class PackagedCli {

  /** What a run printed, and how it ended. */
  record Outcome(int exitCode, String out, String err) {
    /** Both streams, for the message of a failed assertion. */
    String both() {
      return out + err;
    }
  }

  private PackagedCli() {}

  /**
   * Runs {@code codemode args} with the variables of {@code env}, {@code input}'s lines written to
   * its standard input (then closed); its output goes through files in {@code dir}, so neither
   * stream can fill a pipe and stall it.
   */
  static Outcome run(Path dir, Map<String, String> env, List<String> input, String... args)
      throws IOException, InterruptedException {
    Path out = Files.createTempFile(dir, "out", ".txt");
    Path err = Files.createTempFile(dir, "err", ".txt");
    ProcessBuilder builder =
        new ProcessBuilder(PackagedMcp.command(args))
            .redirectOutput(out.toFile())
            .redirectError(err.toFile());
    builder
        .environment()
        .keySet()
        .removeIf(name -> name.startsWith("CODEMODE_") || name.startsWith("OPENAI_"));
    builder.environment().putAll(env);
    Process process = builder.start();
    try (OutputStream stdin = process.getOutputStream()) {
      for (String line : input) {
        stdin.write((line + "\n").getBytes(StandardCharsets.UTF_8));
      }
    } catch (IOException e) {
      // The command ended before reading its input (a usage error): its output says why.
    }
    assertThat(process.waitFor(180, TimeUnit.SECONDS)).as(String.join(" ", args)).isTrue();
    return new Outcome(
        process.exitValue(),
        Files.readString(out, StandardCharsets.UTF_8),
        Files.readString(err, StandardCharsets.UTF_8));
  }
}
