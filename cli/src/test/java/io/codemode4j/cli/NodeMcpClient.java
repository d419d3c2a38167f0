package io.codemode4j.cli;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import java.util.List;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Assumptions;
import tools.jackson.databind.JsonNode;
import tools.jackson.databind.json.JsonMapper;

/**
 * The official MCP TypeScript client ({@code @modelcontextprotocol/sdk} from the npm registry, the
 * version and its dependencies fixed by {@code src/test/node/package-lock.json}) and the scripts of
 * {@code src/test/node} that drive it, installed once under {@code target/node-e2e}: what an MCP
 * host built on that SDK sees. Each script prints one JSON summary for the test to assert on.
 */
final class NodeMcpClient {

  private static final JsonMapper JSON = JsonMapper.builder().build();
  private static final Path SOURCES = Path.of("src", "test", "node");
  static final Path WORK = Path.of("target", "node-e2e");

  private static boolean installed;

  private NodeMcpClient() {}

  /**
   * Copies the scripts and installs the SDK; skips the calling test (an assumption) only where
   * {@code node} or {@code npm} is absent, while a failing install (no registry) fails it.
   */
  static synchronized void install() throws Exception {
    if (!installed) {
      npmCi(SOURCES, WORK);
      installed = true;
    } else {
      copy(SOURCES, WORK);
    }
  }

  /**
   * Copies the files of {@code sources} to {@code work} and installs what its lock file fixes there
   * ({@code npm ci}); skips the calling test only where {@code node} or {@code npm} is absent.
   */
  static void npmCi(Path sources, Path work) throws Exception {
    Assumptions.assumeTrue(
        runs("node", "--version") && runs("npm", "--version"),
        "node and npm are not on PATH: the MCP client tests need Node.js 18 or later to install"
            + " and run the MCP TypeScript SDK (install Node.js to run them)");
    copy(sources, work);
    Path log = work.resolve("npm-ci.log");
    Process npm =
        new ProcessBuilder("npm", "ci", "--no-audit", "--no-fund")
            .directory(work.toFile())
            .redirectErrorStream(true)
            .redirectOutput(log.toFile())
            .start();
    npm.getOutputStream().close();
    assertThat(npm.waitFor(5, TimeUnit.MINUTES)).as("npm ci finished").isTrue();
    assertThat(npm.exitValue()).as(Files.readString(log)).isZero();
  }

  private static void copy(Path sources, Path work) throws IOException {
    Files.createDirectories(work);
    try (var files = Files.list(sources)) {
      for (Path file : files.toList()) {
        Files.copy(file, work.resolve(file.getFileName()), StandardCopyOption.REPLACE_EXISTING);
      }
    }
  }

  /** Runs {@code command} (node and a script of the work directory) and reads its summary. */
  static JsonNode run(List<String> command) throws Exception {
    Path stderr = Files.createTempFile(WORK, "stderr", ".txt");
    Process node =
        new ProcessBuilder(command).directory(WORK.toFile()).redirectError(stderr.toFile()).start();
    node.getOutputStream().close();
    String out = new String(node.getInputStream().readAllBytes(), StandardCharsets.UTF_8);
    assertThat(node.waitFor(5, TimeUnit.MINUTES)).isTrue();
    assertThat(node.exitValue()).as(out + Files.readString(stderr)).isZero();
    return JSON.readTree(out);
  }

  private static boolean runs(String... command) throws InterruptedException {
    try {
      Process process =
          new ProcessBuilder(command)
              .redirectErrorStream(true)
              .redirectOutput(ProcessBuilder.Redirect.DISCARD)
              .start();
      return process.waitFor(60, TimeUnit.SECONDS) && process.exitValue() == 0;
    } catch (IOException e) {
      return false;
    }
  }
}
