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
        "--transport http --tokens /no/such/tokens.json | no tokens file /no/such/tokens.json"
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
}
