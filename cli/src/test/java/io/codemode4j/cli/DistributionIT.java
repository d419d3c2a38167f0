package io.codemode4j.cli;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.TimeUnit;
import java.util.stream.Stream;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import tools.jackson.databind.JsonNode;
import tools.jackson.databind.json.JsonMapper;

/**
 * The distribution archive ({@code target/codemode4j-VERSION-distribution.tar.gz}) as someone
 * without a checkout uses it: unpacked into an empty directory and run by its own launcher on a
 * Java runtime that has no compiler (a jlink image of this JDK's java.se, made here), with a fresh
 * home and cache. It answers the main example, a query and an MCP call over stdio.
 */
class DistributionIT {

  static final JsonMapper JSON = JsonMapper.builder().build();
  static final Path TARGET = Path.of("target").toAbsolutePath();

  @TempDir static Path dir;
  static Path home;
  static Path runtime;

  @BeforeAll
  static void unpack() throws Exception {
    Path archive;
    try (Stream<Path> files = Files.list(TARGET)) {
      archive =
          files
              .filter(p -> p.getFileName().toString().endsWith("-distribution.tar.gz"))
              .findFirst()
              .orElseThrow(() -> new AssertionError("no distribution archive in " + TARGET));
    }
    run(dir, List.of("tar", "xzf", archive.toString()), Map.of(), 120);
    try (Stream<Path> unpacked = Files.list(dir)) {
      home = unpacked.filter(Files::isDirectory).findFirst().orElseThrow();
    }
    runtime = TARGET.resolve("distribution-jre");
    if (!Files.isExecutable(runtime.resolve("bin/java"))) {
      Path jlink = Path.of(System.getProperty("java.home"), "bin", "jlink");
      run(
          TARGET,
          List.of(
              jlink.toString(),
              "--add-modules",
              "java.se,jdk.unsupported,jdk.management,jdk.zipfs",
              "--no-header-files",
              "--no-man-pages",
              "--output",
              runtime.toString()),
          Map.of(),
          300);
    }
    assertThat(runtime.resolve("bin/javac")).doesNotExist();
  }

  record Result(int exit, String out, String err) {}

  static Result run(Path cwd, List<String> command, Map<String, String> env, int seconds)
      throws IOException, InterruptedException {
    return run(cwd, command, env, seconds, "");
  }

  static Result run(Path cwd, List<String> command, Map<String, String> env, int seconds, String in)
      throws IOException, InterruptedException {
    Path out = Files.createTempFile(dir, "out", ".txt");
    Path err = Files.createTempFile(dir, "err", ".txt");
    ProcessBuilder builder =
        new ProcessBuilder(command)
            .directory(cwd.toFile())
            .redirectOutput(out.toFile())
            .redirectError(err.toFile());
    builder.environment().putAll(env);
    Process process = builder.start();
    try (var stdin = process.getOutputStream()) {
      stdin.write(in.getBytes(StandardCharsets.UTF_8));
    }
    if (!process.waitFor(seconds, TimeUnit.SECONDS)) {
      process.destroyForcibly();
      throw new AssertionError(command + " did not end within " + seconds + " s");
    }
    return new Result(process.exitValue(), Files.readString(out), Files.readString(err));
  }

  /** The unpacked launcher with {@code args}, on the compiler-less runtime only. */
  static Result codemode(String in, String... args) throws Exception {
    List<String> command = new ArrayList<>(List.of(home.resolve("codemode").toString()));
    command.addAll(List.of(args));
    Map<String, String> env = new HashMap<>();
    env.put("JAVA_HOME", runtime.toString());
    env.put("PATH", runtime.resolve("bin") + ":/usr/bin:/bin");
    env.put("HOME", dir.resolve("home").toString());
    env.put("CODEMODE_CACHE_DIR", dir.resolve("cache").toString());
    env.remove("CODEMODE_JAVA_OPTS");
    return run(dir, command, env, 180, in);
  }

  @Test
  void run_mainExample_answersAsThePackagedCliDoes() throws Exception {
    Result fromArchive = codemode("", "run", home.resolve("examples/top-region.js").toString());
    Result packaged =
        run(
            Path.of("."),
            PackagedMcp.command("run", Path.of("..", "examples", "top-region.js").toString()),
            Map.of(),
            180);

    assertThat(fromArchive.exit()).as(fromArchive.err()).isZero();
    assertThat(packaged.exit()).as(packaged.err()).isZero();
    JsonNode answer = JSON.readTree(fromArchive.out());
    assertThat(answer.path("region").asString()).isIn("americas", "emea", "apac");
    assertThat(answer).isEqualTo(JSON.readTree(packaged.out()));
  }

  @Test
  void query_countOfInvoices_isTheBundledFiftyThousand() throws Exception {
    Result result = codemode("", "query", "SELECT count(*) AS n FROM invoices", "--format", "json");

    assertThat(result.exit()).as(result.err()).isZero();
    assertThat(result.out()).contains("50000");
  }

  @Test
  void mcp_stdioCallOfRunJavascript_answersThenExitsZeroOnEndOfInput() throws Exception {
    String requests =
        """
        {"jsonrpc":"2.0","id":1,"method":"initialize","params":{"protocolVersion":"2025-06-18","capabilities":{},"clientInfo":{"name":"distribution-it","version":"1"}}}
        {"jsonrpc":"2.0","method":"notifications/initialized"}
        {"jsonrpc":"2.0","id":2,"method":"tools/call","params":{"name":"run_javascript","arguments":{"code":"async () => (await warehouse.query({sql: 'SELECT count(*) AS n FROM customers'})).rows[0].n"}}}
        """;

    Result result = codemode(requests, "mcp", "--all-tenants");

    assertThat(result.exit()).as(result.err()).isZero();
    List<JsonNode> replies = result.out().lines().map(JSON::readTree).toList();
    assertThat(replies).extracting(r -> r.path("id").asInt()).containsExactly(1, 2);
    JsonNode call = replies.get(1).path("result");
    assertThat(call.path("isError").asBoolean()).isFalse();
    assertThat(call.toString()).contains("500");
  }
}
