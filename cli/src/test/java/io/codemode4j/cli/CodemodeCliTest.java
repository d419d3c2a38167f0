package io.codemode4j.cli;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.IOException;
import java.io.PrintWriter;
import java.io.StringWriter;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;
import org.junit.jupiter.params.provider.ValueSource;

/**
 * The command line's conventions, in process and without opening a warehouse: every case here is
 * refused or answered before any data is read.
 */
class CodemodeCliTest {

  @TempDir Path dir;

  private record Outcome(int exitCode, String out, String err) {}

  private Outcome codemode(String... args) {
    return codemode(new CliEnvironment(false, dir.resolve("no-defaults.properties")), args);
  }

  private static Outcome codemode(CliEnvironment environment, String... args) {
    StringWriter out = new StringWriter();
    StringWriter err = new StringWriter();
    int code =
        CodemodeCli.run(new PrintWriter(out, true), new PrintWriter(err, true), environment, args);
    return new Outcome(code, out.toString(), err.toString());
  }

  @ParameterizedTest(name = "{0}")
  @CsvSource(
      delimiter = '|',
      quoteCharacter = '"',
      textBlock =
          """
      query ''                                  | query | the SQL is empty: give one SELECT, WITH or VALUES query
      query '   '                               | query | the SQL is empty
      query 'SELECT 1' --timeout 0ms            | query | '0ms' is no time at all: give a limit above zero
      run x.js --timeout 0ms                    | run   | Invalid value for option '--timeout'
      run x.js --max-host-concurrency 0         | run   | --max-host-concurrency must be 1..64, was 0
      run x.js --isolation container            | run   | --isolation must be in-process or process, was 'container'
      run x.js --approve maybe                  | run   | --approve must be none, ask or all, was 'maybe'
      run x.js --plan-ttl 25h                   | run   | --plan-ttl must be at most 1d, was 25h
      mcp --approve maybe                       | mcp   | --approve must be none, ask or all, was 'maybe'
      mcp --approval-wait 2h                    | mcp   | --approval-wait must be above zero and at most 1h, was 2h
      apply /nonexistent/plan.json              | apply | no plan file /nonexistent/plan.json (give the file codemode run --plan wrote)
      discover invoice --limit 0                | discover | --limit must be 1..20, was 0
      query 'SELECT 1' --format xml             | query | Invalid value for option '--format'
      query 'SELECT 1' --no-such-option         | query | Unknown option: '--no-such-option'
      query 'SELECT 1' --data /nonexistent/data | query | --data /nonexistent/data does not exist (give a directory holding customers.parquet
      query                                     | query | Missing required parameter: 'SQL'
      query 'SELECT 1' --tenant ,               | query | invalid --tenant ',': give at least one tenant key value
      run x.js --tenant ' , '                   | run   | invalid --tenant value ' '
      query 'SELECT 1' --tenant emea,Bad        | query | invalid --tenant value 'Bad'
      query 'SELECT 1' --config /nonexistent.yaml | query | /nonexistent.yaml: no such description file (write one with `codemode init`)
      query 'SELECT 1' --data /tmp --warehouse jdbc:postgresql://h/d | query | give one of --data (a directory of files) and --warehouse (a database), not both
      query 'SELECT 1' --warehouse jdbc:oracle:thin:@h:1/x | query | --warehouse 'jdbc:oracle:thin:@h:1/x' is not a JDBC URL of a supported engine: give one of DuckDB (jdbc:duckdb:
      init                                      | init  | give what to describe: --warehouse JDBC_URL (a database) or --data DIR
      init --data /nonexistent                  | init  | --data /nonexistent is not a directory
      """)
  void usageError_anyCommand_exitsTwoWithOneProblemAndWhereToReadMore(
      String line, String command, String message) {
    Outcome result = codemode(split(line));

    assertThat(result.exitCode()).isEqualTo(CodemodeCli.EXIT_USAGE);
    assertThat(result.err())
        .startsWith("error: ")
        .contains(message)
        .endsWith("try 'codemode " + command + " --help'" + System.lineSeparator())
        .doesNotContain("Usage:", "maxWallTime", "maxHostCallConcurrency", "PT0S", "/limit");
    assertThat(result.err().lines().count()).isLessThanOrEqualTo(4);
  }

  @Test
  void usageError_typoOfASubcommand_suggestsTheCommand() {
    Outcome result = codemode("qeury", "SELECT 1");

    assertThat(result.exitCode()).isEqualTo(CodemodeCli.EXIT_USAGE);
    assertThat(result.err()).contains("Did you mean", "query").contains("try 'codemode --help'");
  }

  @ParameterizedTest
  @ValueSource(strings = {"/etc/passwd", "FILE"})
  void generate_outIsAFile_exitsTwoSayingToGiveADirectory(String out) throws IOException {
    Path target = out.equals("FILE") ? Files.writeString(dir.resolve("a-file"), "x") : Path.of(out);
    Outcome result = codemode("generate", "--invoices", "10", "--out", target.toString());

    assertThat(result.exitCode()).isEqualTo(CodemodeCli.EXIT_USAGE);
    assertThat(result.err())
        .contains("--out " + target + " is a file, not a directory: give a directory");
    assertThat(result.out()).isEmpty();
  }

  @Test
  void generate_outUnderAFile_exitsOneNamingTheCause() throws IOException {
    Path file = Files.writeString(dir.resolve("a-file"), "x");
    Outcome result =
        codemode("generate", "--invoices", "10", "--out", file.resolve("sub").toString());

    assertThat(result.exitCode()).isEqualTo(CodemodeCli.EXIT_FAILED);
    assertThat(result.err())
        .contains("error: cannot write the data set into --out " + file.resolve("sub") + ": ")
        .contains("(give a directory you can write to)");
  }

  @ParameterizedTest
  @ValueSource(
      strings = {
        "run",
        "query",
        "tables",
        "generate",
        "bench",
        "describe",
        "discover",
        "ask",
        "mcp",
        "tool"
      })
  void help_everyCommand_hasAnExitCodeSection(String command) {
    Outcome result = codemode(command, "--help");

    assertThat(result.exitCode()).isZero();
    assertThat(result.out()).contains("Exit codes:").containsPattern("(?m)^\\s+0\\s+\\S");
  }

  @Test
  void help_subcommand_printsThatCommandsUsage() {
    Outcome result = codemode("help", "query");

    assertThat(result.exitCode()).isZero();
    assertThat(result.out()).startsWith("Usage: codemode query").contains("--max-rows");
  }

  @Test
  void help_root_listsHelpAndCompletion() {
    Outcome result = codemode("--help");

    assertThat(result.out()).contains("help", "generate-completion", "Exit codes:");
  }

  @Test
  void generateCompletion_printsABashCompletionScriptForEveryCommand() {
    Outcome result = codemode("generate-completion");

    assertThat(result.exitCode()).isZero();
    assertThat(result.out()).contains("complete -F", "codemode").contains("query", "--max-rows");
  }

  @Test
  void version_namesTheJdkGraalJsAndDuckDb() {
    Outcome result = codemode("--version");

    assertThat(result.exitCode()).isZero();
    assertThat(result.out().lines().toList())
        .hasSize(4)
        .satisfies(lines -> assertThat(lines.get(0)).startsWith("codemode "))
        .satisfies(lines -> assertThat(lines.get(1)).startsWith("JDK " + Runtime.version()))
        .satisfies(lines -> assertThat(lines.get(2)).matches("GraalJS \\d+\\.\\d+.*"))
        .satisfies(lines -> assertThat(lines.get(3)).matches("DuckDB v?\\d+\\.\\d+.*"));
  }

  @Test
  void defaultsFile_optionDefault_isUsedAndTheCommandLineWins() throws IOException {
    Path defaults =
        Files.writeString(dir.resolve("codemode.properties"), "codemode.query.max-rows=0\n");
    CliEnvironment environment = new CliEnvironment(false, defaults);

    Outcome fromFile = codemode(environment, "query", "SELECT 1");
    Outcome overridden =
        codemode(environment, "query", "SELECT 1", "--max-rows", "5", "--data", "/nonexistent");

    assertThat(fromFile.exitCode()).isEqualTo(CodemodeCli.EXIT_USAGE);
    assertThat(fromFile.err()).contains("--max-rows must be 1..1000000, was 0");
    assertThat(overridden.err()).doesNotContain("--max-rows").contains("--data /nonexistent");
  }

  @ParameterizedTest(name = "{0}")
  @CsvSource(
      delimiter = '|',
      textBlock =
          """
      run   | x.js                 | no such program file
      mcp   | --transport bogus    | --transport must be stdio or http, was 'bogus'
      apply | /nonexistent/p.json  | no plan file /nonexistent/p.json
      """)
  void defaultsFile_approveAll_isRefusedUnlessTypedOnTheCommandLine(
      String command, String argument, String typedError) throws IOException {
    Path defaults =
        Files.writeString(
            dir.resolve("codemode.properties"), "codemode." + command + ".approve=all\n");
    CliEnvironment environment = new CliEnvironment(false, defaults);
    String[] args = (command + " " + argument).split(" ");
    List<String> typedArgs = new ArrayList<>(List.of(args));
    typedArgs.addAll(List.of("--approve", "all"));

    Outcome fromFile = codemode(environment, args);
    Outcome typed = codemode(environment, typedArgs.toArray(String[]::new));

    assertThat(fromFile.exitCode()).isEqualTo(CodemodeCli.EXIT_USAGE);
    assertThat(fromFile.err())
        .contains("--approve all approves every write without a person, so it must be given on");
    assertThat(typed.err()).doesNotContain("--approve all").contains(typedError);
  }

  /** Words separated by spaces; a word in single quotes may hold spaces or be empty. */
  private static String[] split(String line) {
    List<String> words = new ArrayList<>();
    Matcher m = Pattern.compile("'([^']*)'|(\\S+)").matcher(line);
    while (m.find()) {
      words.add(m.group(1) != null ? m.group(1) : m.group(2));
    }
    return words.toArray(String[]::new);
  }
}
