package io.codemode4j.cli;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.IOException;
import java.io.PrintWriter;
import java.io.StringWriter;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import tools.jackson.databind.JsonNode;
import tools.jackson.databind.json.JsonMapper;

/**
 * Issue 12, class 6: text a program or the data controls reaches the terminal with its control and
 * disguising characters escaped in human mode, and exactly (JSON-escaped) with {@code --json}.
 */
class TerminalEscapeIT {

  private static final JsonMapper JSON = JsonMapper.builder().build();

  /** The JavaScript escapes of a title write (OSC 0), a clipboard write (OSC 52) and a clear. */
  private static final String HOSTILE_JS =
      "\\u001b]0;pwned\\u0007\\u001b]52;c;Zm9v\\u0007\\u001b[2J\\rok \\u009b2J \\u202e \\u200b";

  /** The same text as the program's strings hold it. */
  private static final String HOSTILE =
      "\u001b]0;pwned\u0007\u001b]52;c;Zm9v\u0007\u001b[2J\rok \u009b2J \u202e \u200b";

  @TempDir Path dir;

  private record Outcome(int exitCode, String out, String err) {}

  private static Outcome codemode(String... args) {
    StringWriter out = new StringWriter();
    StringWriter err = new StringWriter();
    List<String> all = new ArrayList<>(List.of(args));
    all.addAll(List.of("--data", System.getProperty("codemode.sampleDir")));
    int code =
        CodemodeCli.run(
            new PrintWriter(out, true), new PrintWriter(err, true), all.toArray(String[]::new));
    return new Outcome(code, out.toString(), err.toString());
  }

  private Outcome run(String program, String... options) throws IOException {
    Path file = dir.resolve("program.js");
    Files.writeString(file, program);
    List<String> args = new ArrayList<>(List.of("run", file.toString()));
    args.addAll(List.of(options));
    return codemode(args.toArray(String[]::new));
  }

  /** No character a terminal obeys or that disguises text, but the layout's tab and line feed. */
  private static void assertPrintable(String stream) {
    assertThat(stream.chars())
        .noneMatch(c -> c < 0x20 && c != '\n' && c != '\t')
        .noneMatch(c -> c >= 0x7f && c <= 0x9f)
        .noneMatch(c -> c == 0x202e || c == 0x200b);
  }

  @Test
  void run_hostileLogsAndResult_areEscapedOnBothStreams() throws IOException {
    Outcome result =
        run(
            "async () => { console.log(\""
                + HOSTILE_JS
                + "\"); console.warn(\"line\\nerror: forged\"); return {s: \""
                + HOSTILE_JS
                + "\"}; }");

    assertThat(result.exitCode()).isZero();
    assertPrintable(result.out());
    assertPrintable(result.err());
    assertThat(result.err().lines().toList())
        .containsExactly(
            "\\u001B]0;pwned\\u0007\\u001B]52;c;Zm9v\\u0007\\u001B[2J\\rok \\u009B2J \\u202E \\u200B",
            "[warn] line",
            "  error: forged");
    // Still valid JSON for the same value: the escapes are JSON's.
    assertThat(JSON.readTree(result.out()).get("s").asString()).isEqualTo(HOSTILE);
  }

  @Test
  void run_hostileThrow_cannotEraseTheErrorLine() throws IOException {
    Outcome result = run("async () => { throw new Error(\"" + HOSTILE_JS + "\\nerror: none\"); }");

    assertThat(result.exitCode()).isEqualTo(1);
    assertPrintable(result.err());
    List<String> lines = result.err().lines().toList();
    assertThat(lines.getFirst()).startsWith("error: thrown: ").contains("\\u001B[2J\\rok");
    assertThat(lines.subList(1, lines.size()))
        .allSatisfy(line -> assertThat(line).startsWith("  "));
  }

  @Test
  void run_json_carriesTheExactStringsJsonEscaped() throws IOException {
    Outcome result =
        run(
            "async () => { console.log(\"" + HOSTILE_JS + "\"); return \"" + HOSTILE_JS + "\"; }",
            "--json");

    assertThat(result.exitCode()).isZero();
    // Jackson escapes C0 (ESC, BEL, CR); DEL, C1 and format characters are valid raw in JSON.
    assertThat(result.out().strip().chars()).noneMatch(c -> c < 0x20);
    JsonNode json = JSON.readTree(result.out());
    assertThat(json.get("logs").get(0).asString()).isEqualTo(HOSTILE);
    assertThat(json.get("result").asString()).isEqualTo(HOSTILE);
  }

  @Test
  void query_hostileCellsAndColumnName_areEscapedInTheTable() {
    Outcome result =
        codemode("query", "SELECT '" + HOSTILE + "\ttab\nline' AS \"col\u001b[2J\u202e\"");

    assertThat(result.exitCode()).as(result.err()).isZero();
    assertPrintable(result.out());
    List<String> lines = result.out().lines().toList();
    // The line feed breaks the cell as psql does: a + ends the line the cell continues from.
    assertThat(lines).hasSize(5);
    assertThat(lines.getFirst()).isEqualTo("col\\u001B[2J\\u202E");
    assertThat(lines.get(2)).endsWith("\\u200B\\ttab+");
    assertThat(lines.get(3)).isEqualTo("line");
  }

  @Test
  void query_hostileCell_staysOneValidCsvFieldWithControlsEscaped() {
    Outcome result =
        codemode(
            "query",
            "SELECT '" + HOSTILE + "\ttab\nline' AS \"c\u001b[2J\", 2 AS n",
            "--format",
            "csv");

    assertThat(result.exitCode()).as(result.err()).isZero();
    assertThat(result.out().chars())
        .noneMatch(c -> c < 0x20 && c != '\n' && c != '\t')
        .noneMatch(c -> c >= 0x7f && c <= 0x9f);
    assertThat(result.out())
        .isEqualTo(
            "\"c\\u001B[2J\",n\n\"\\u001B]0;pwned\\u0007\\u001B]52;c;Zm9v\\u0007\\u001B[2J\\rok \\u009B2J"
                + " \u202e \u200b\ttab\nline\",2\n");
  }

  @Test
  void query_refusalQuotingAHostileName_isEscaped() {
    Outcome result = codemode("query", "SELECT * FROM \"pay\u200b\u001b]0;x\u0007roll\"");

    assertThat(result.exitCode()).isEqualTo(3);
    assertPrintable(result.err());
    assertThat(result.err()).startsWith("refused: ").contains("pay\\u200B\\u001B]0;x\\u0007roll");
  }
}
