package io.codemode4j.cli;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.PrintWriter;
import java.io.StringWriter;
import java.nio.file.Files;
import java.nio.file.Path;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

/**
 * The usage errors of {@code codemode mcp}, which it reports before it opens anything: exit 2 and
 * one {@code error:} line saying what is wrong and how to fix it.
 */
class McpCommandTest {

  @TempDir Path dir;

  @ParameterizedTest(name = "{0}")
  @CsvSource(
      delimiter = '|',
      value = {
        "--transport http | codemode mcp --transport http needs --tokens FILE",
        "--transport http --tenant emea --tokens t.json | --tenant applies to --transport stdio"
            + " only",
        "--transport sse | --transport must be stdio or http, was 'sse'",
        "--port 9000 | --port applies to --transport http only",
        "--tokens t.json | --tokens applies to --transport http only",
        "--isolation vm | --isolation must be in-process or process, was 'vm'",
        "--max-concurrent-passes 0 | --max-concurrent-passes must be 1..4096, was 0",
        "--transport http --tokens t.json --port 70000 | --port must be 0..65535, was 70000",
        "--timeout forever | Invalid value for option '--timeout'",
        "--tenant , | invalid --tenant ','",
        "--transport http --tokens /no/such/tokens.json | no tokens file /no/such/tokens.json",
        "--allow-origin https://app.example | --allow-origin applies to --transport http only",
        "--sessions | --sessions applies to --transport http only",
        "--all-tenants --tenant emea | --all-tenants and --tenant contradict each other",
        "--transport http --tokens t.json --all-tenants | --all-tenants applies to --transport"
            + " stdio only",
        "--transport http --tokens t.json --allow-origin https://app.example/ | --allow-origin:"
            + " an allowed origin is a scheme, a host and an optional port",
        "--transport http --tokens t.json --allow-origin app.example | --allow-origin: an allowed"
            + " origin is a scheme",
        "--transport http --tokens t.json --allow-origin https://app.example/path?x |"
            + " --allow-origin: an allowed origin",
        "--plans --approve none | --plans needs --approve ask: only the client's user approves a"
            + " plan",
        "--plans --plan-ttl 25h | --plan-ttl must be at most 1d, was 25h"
      })
  void mcp_invalidCommandLine_exitsTwoSayingWhatIsWrong(String commandLine, String message) {
    StringWriter out = new StringWriter();
    StringWriter err = new StringWriter();
    String[] args = ("mcp " + commandLine.strip()).split(" ");

    int code = CodemodeCli.run(new PrintWriter(out, true), new PrintWriter(err, true), args);

    assertThat(code).isEqualTo(CodemodeCli.EXIT_USAGE);
    assertThat(err.toString()).contains(message);
    assertThat(out.toString()).isEmpty();
  }

  @Test
  void mcp_tokensFileWithAShortHash_exitsTwoNamingTheEntryAndField() throws Exception {
    Path tokens = dir.resolve("tokens.json");
    Files.writeString(tokens, "{\"tokens\": [{\"sha256\": \"abc\", \"principal\": \"ana\"}]}");
    StringWriter err = new StringWriter();

    int code =
        CodemodeCli.run(
            new PrintWriter(new StringWriter(), true),
            new PrintWriter(err, true),
            "mcp",
            "--transport",
            "http",
            "--tokens",
            tokens.toString());

    assertThat(code).isEqualTo(CodemodeCli.EXIT_USAGE);
    assertThat(err.toString()).startsWith("error: --tokens: ").contains("tokens[0]", "sha256");
  }

  @Test
  void newToken_printsAStrongTokenAndItsHash() {
    StringWriter out = new StringWriter();

    int code =
        CodemodeCli.run(
            new PrintWriter(out, true),
            new PrintWriter(new StringWriter(), true),
            "mcp",
            "new-token");

    assertThat(code).isZero();
    String[] lines = out.toString().strip().split("\\R");
    assertThat(lines).hasSize(2);
    assertThat(lines[0]).matches("[A-Za-z0-9_-]{43}");
    assertThat(io.codemode4j.mcp.Tokens.weakness(lines[0])).isNull();
    assertThat(lines[1]).isEqualTo(io.codemode4j.mcp.Tokens.hash(lines[0]));
  }
}
