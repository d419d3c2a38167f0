package io.codemode4j.cli;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.IOException;
import java.io.PrintWriter;
import java.io.StringWriter;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardWatchEventKinds;
import java.nio.file.WatchKey;
import java.nio.file.WatchService;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import tools.jackson.databind.JsonNode;
import tools.jackson.databind.json.JsonMapper;

/**
 * {@code codemode run --audit FILE} and the CLI's OpenTelemetry setup on the bundled data: the
 * audit file matches the pass's calls and keeps earlier lines, a process killed mid-pass leaves
 * only complete lines, and the console exporter prints the span tree when {@code
 * OTEL_TRACES_EXPORTER} asks for it.
 */
class RunObservabilityIT {

  private static final JsonMapper JSON = JsonMapper.builder().build();

  @TempDir Path dir;

  private record Outcome(int exitCode, String out, String err) {}

  private Path program(String source) throws IOException {
    Path file = dir.resolve("program-" + System.nanoTime() + ".js");
    Files.writeString(file, source);
    return file;
  }

  private static Outcome inProcess(String... args) {
    StringWriter out = new StringWriter();
    StringWriter err = new StringWriter();
    List<String> all = new ArrayList<>(List.of(args));
    all.addAll(List.of("--data", System.getProperty("codemode.sampleDir")));
    int code =
        CodemodeCli.run(
            new PrintWriter(out, true), new PrintWriter(err, true), all.toArray(String[]::new));
    return new Outcome(code, out.toString(), err.toString());
  }

  /** The packaged CLI in a process of its own, with {@code env} added to this one's. */
  private static ProcessBuilder packaged(Map<String, String> env, String... args) {
    List<String> command = new ArrayList<>(PackagedMcp.command(args));
    command.addAll(List.of("--data", System.getProperty("codemode.sampleDir")));
    ProcessBuilder builder = new ProcessBuilder(command);
    builder.environment().keySet().removeIf(name -> name.startsWith("OTEL_"));
    builder.environment().putAll(env);
    return builder;
  }

  private static List<JsonNode> lines(Path file) throws IOException {
    return Files.readAllLines(file, StandardCharsets.UTF_8).stream().map(JSON::readTree).toList();
  }

  @Test
  void run_audit_appendsOneLinePerCallOfTheJsonOutputAndOnePerPass() throws IOException {
    Path audit = dir.resolve("audit.jsonl");
    Path program =
        program(
            """
            async () => {
              await warehouse.tables({});
              try { await warehouse.query({sql: 'DELETE FROM invoices'}); } catch (e) {}
              return (await billing.customers({})).length;
            }""");

    Outcome first = inProcess("run", program.toString(), "--json", "--audit", audit.toString());
    Outcome second =
        inProcess(
            "run",
            program.toString(),
            "--audit",
            audit.toString(),
            "--audit-arguments",
            "--tenant",
            "emea");

    assertThat(first.exitCode()).as(first.err()).isZero();
    assertThat(second.exitCode()).as(second.err()).isZero();
    JsonNode calls = JSON.readTree(first.out()).path("calls");
    List<JsonNode> lines = lines(audit);
    assertThat(lines).hasSize(2 * (calls.size() + 1));
    List<JsonNode> firstPass = lines.subList(0, calls.size() + 1);
    for (int i = 0; i < calls.size(); i++) {
      JsonNode line = firstPass.get(i);
      assertThat(line.path("record").asString()).isEqualTo("call");
      assertThat(line.path("method").asString()).isEqualTo(calls.get(i).path("method").asString());
      assertThat(line.path("status").asString()).isEqualTo(calls.get(i).path("status").asString());
      assertThat(line.path("principal").asString()).isEqualTo("cli");
      assertThat(line.has("arguments")).isFalse();
    }
    assertThat(firstPass.get(1).path("failureKind").asString()).isEqualTo("refused");
    assertThat(firstPass.getLast().path("record").asString()).isEqualTo("pass");
    assertThat(firstPass.getLast().path("outcome").asString()).isEqualTo("ok");
    JsonNode secondQuery = lines.get(calls.size() + 2);
    assertThat(secondQuery.path("tenant").toString()).isEqualTo("[\"emea\"]");
    assertThat(secondQuery.path("arguments").path("sql").asString())
        .isEqualTo("DELETE FROM invoices");
  }

  @Test
  void run_auditOfAProcessKilledMidPass_holdsOnlyCompleteLinesAndNoPassLine()
      throws IOException, InterruptedException {
    Path audit = dir.resolve("killed.jsonl");
    // Past its budget every call is refused at once: a line every few microseconds, so the kill
    // lands among writes.
    Path program =
        program("async () => { for (;;) { try { await warehouse.tables({}); } catch (e) {} } }");
    Process process =
        packaged(
                Map.of(),
                "run",
                program.toString(),
                "--timeout",
                "60s",
                "--audit",
                audit.toString())
            .redirectOutput(ProcessBuilder.Redirect.DISCARD)
            .redirectError(ProcessBuilder.Redirect.DISCARD)
            .start();
    // Waits on the directory's file events (each write of the audit file is one) until the file
    // has 200 KB, or the process died; the check once a second only notices a dead process.
    try (WatchService writes = dir.getFileSystem().newWatchService()) {
      dir.register(
          writes, StandardWatchEventKinds.ENTRY_CREATE, StandardWatchEventKinds.ENTRY_MODIFY);
      long deadline = System.nanoTime() + Duration.ofSeconds(60).toNanos();
      while ((!Files.exists(audit) || Files.size(audit) < 200_000)
          && System.nanoTime() < deadline
          && process.isAlive()) {
        WatchKey written = writes.poll(1, TimeUnit.SECONDS);
        if (written != null) {
          written.pollEvents();
          written.reset();
        }
      }
    } finally {
      process.destroyForcibly();
      assertThat(process.waitFor(30, TimeUnit.SECONDS)).isTrue();
    }

    String text = Files.readString(audit, StandardCharsets.UTF_8);
    assertThat(text).endsWith("\n");
    List<JsonNode> lines = lines(audit);
    assertThat(lines).hasSizeGreaterThan(100);
    assertThat(lines)
        .allSatisfy(line -> assertThat(line.path("record").asString()).isEqualTo("call"));
    assertThat(lines).extracting(line -> line.path("callId").asString()).doesNotHaveDuplicates();
  }

  @Test
  void run_otelTracesExporterConsole_printsThePassSpanAndOneSpanPerCall()
      throws IOException, InterruptedException {
    Path program = program("async () => { await warehouse.tables({}); return 1; }");
    Process process =
        packaged(Map.of("OTEL_TRACES_EXPORTER", "console"), "run", program.toString())
            .redirectOutput(ProcessBuilder.Redirect.DISCARD)
            .start();
    process.getOutputStream().close();
    String err = new String(process.getErrorStream().readAllBytes(), StandardCharsets.UTF_8);

    assertThat(process.waitFor()).as(err).isZero();
    assertThat(err)
        .contains("'execute_tool warehouse.tables'")
        .contains("'execute_tool run_javascript'")
        .contains("gen_ai.operation.name=execute_tool");
  }
}
