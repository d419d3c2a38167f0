package io.codemode4j.cli;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.PrintWriter;
import java.io.StringWriter;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;
import org.junit.jupiter.params.provider.ValueSource;
import tools.jackson.databind.JsonNode;
import tools.jackson.databind.json.JsonMapper;

/** The CLI's contract: output formats and exit codes, on the bundled sample data. */
class CodemodeCliIT {

  /**
   * Revenue per region, highest first: examples/top-region.js's query (README.md's first command).
   */
  private static final String REGION_TOTALS_SQL =
      "SELECT region, SUM(revenue) AS total FROM invoice_summary GROUP BY region ORDER BY total DESC";

  private record Outcome(int exitCode, String out, String err) {}

  private static Outcome codemode(String... args) {
    StringWriter out = new StringWriter();
    StringWriter err = new StringWriter();
    List<String> all = new ArrayList<>(List.of(args));
    if (!all.contains("--data") && !all.contains("generate")) {
      all.addAll(List.of("--data", System.getProperty("codemode.sampleDir")));
    }
    int code =
        CodemodeCli.run(
            new PrintWriter(out, true), new PrintWriter(err, true), all.toArray(String[]::new));
    return new Outcome(code, out.toString(), err.toString());
  }

  @Test
  void query_readmeQuery_printsThreeRowsAsATable() {
    Outcome result = codemode("query", REGION_TOTALS_SQL);
    assertThat(result.exitCode()).isZero();
    List<String> lines = result.out().lines().toList();
    // The totals are DECIMAL: right-aligned, so their points line up.
    assertThat(lines.get(0)).matches("region\\s+\\|\\s+total");
    assertThat(lines.subList(2, 5))
        .allSatisfy(
            line -> assertThat(line).matches("(emea|americas|apac)\\s+\\|\\s+\\d+\\.\\d{2}"))
        .extracting(String::length)
        .containsOnly(lines.get(0).length());
    assertThat(lines.get(5)).isEqualTo("(3 rows)");
  }

  @Test
  void query_jsonFormat_printsExactlyTheResultObject() {
    Outcome result = codemode("query", REGION_TOTALS_SQL, "--format", "json");
    assertThat(result.exitCode()).isZero();
    JsonNode json = JsonMapper.builder().build().readTree(result.out());
    assertThat(json.propertyNames()).containsExactly("columns", "rows", "rowCount", "truncated");
    assertThat(json.get("rowCount").asInt()).isEqualTo(3);
    assertThat(json.get("rows").get(0).get("total").isString()).isTrue();
    assertThat(result.out().strip()).doesNotContain("\n");
  }

  @Test
  void query_tenThousandRowsOverAMebibyte_printsThemAll() {
    Outcome result =
        codemode("query", "SELECT * FROM invoice_lines LIMIT 10000", "--format", "json");

    assertThat(result.exitCode()).as(result.err()).isZero();
    assertThat(result.out().length()).isGreaterThan(1024 * 1024);
    assertThat(JsonMapper.builder().build().readTree(result.out()).get("rowCount").asInt())
        .isEqualTo(10_000);
  }

  @Test
  void query_tenantOfARegionTheDataLacks_isAUsageErrorNamingTheRegions() {
    Outcome result = codemode("query", REGION_TOTALS_SQL, "--tenant", "emea,mars");

    assertThat(result.exitCode()).isEqualTo(2);
    assertThat(result.err())
        .isEqualTo(
            "error: --tenant names a region the data does not have (mars): its regions are"
                + " americas, apac, emea\n"
                + "try 'codemode query --help'\n");
  }

  @Test
  void run_mainExampleAsATenant_answersForItsRegion() throws Exception {
    Outcome result =
        codemode(
            "run",
            Path.of(System.getProperty("codemode.home"), "examples", "top-region.js").toString(),
            "--tenant",
            "emea");

    assertThat(result.exitCode()).as(result.err()).isZero();
    assertThat(result.out()).contains("\"region\" : \"emea\"").contains("\"leadOverNext\" : null");
  }

  @Test
  void query_csvFormat_printsHeaderAndRows() {
    Outcome result =
        codemode(
            "query",
            "SELECT name, segment FROM customers WHERE name IN ('Acme', 'Atlas') ORDER BY name",
            "--format",
            "csv");
    assertThat(result.exitCode()).isZero();
    assertThat(result.out().lines().toList()).hasSize(3).first().isEqualTo("name,segment");
    assertThat(result.out()).contains("Acme,").contains("Atlas,");
  }

  @Test
  void query_refusedSql_exitsThreeWithTheReason() {
    Outcome result = codemode("query", "SELECT * FROM payroll");
    assertThat(result.exitCode()).isEqualTo(3);
    assertThat(result.out()).isEmpty();
    assertThat(result.err()).startsWith("refused: table 'payroll' is not allowlisted (allowed: ");
  }

  @Test
  void query_databaseError_exitsOne() {
    Outcome result = codemode("query", "SELECT CAST(name AS INTEGER) AS n FROM customers");
    assertThat(result.exitCode()).isEqualTo(1);
    assertThat(result.err()).startsWith("error: ").contains("Conversion Error");
  }

  @Test
  void query_runawayQuery_exitsOneAfterItsTimeout() {
    Outcome result =
        codemode(
            "query",
            "SELECT count(*) FROM invoice_lines a JOIN invoice_lines b ON a.quantity + b.quantity < a.line_no",
            "--timeout",
            "300ms");
    assertThat(result.exitCode()).isEqualTo(1);
    assertThat(result.err()).contains("timeout of 300ms");
  }

  @Test
  void query_tenant_showsOnlyItsRegion() {
    Outcome result =
        codemode(
            "query", "SELECT DISTINCT region FROM invoices", "--tenant", "apac", "--format", "csv");
    assertThat(result.exitCode()).isZero();
    assertThat(result.out().lines().toList()).containsExactly("region", "apac");
  }

  @Test
  void query_maxRows_saysTruncated() {
    Outcome result =
        codemode("query", "SELECT invoice_id FROM invoices ORDER BY invoice_id", "--max-rows", "2");
    assertThat(result.exitCode()).isZero();
    assertThat(result.out())
        .endsWith("(2 rows, truncated at --max-rows 2)" + System.lineSeparator());
  }

  @ParameterizedTest(name = "{0}")
  @CsvSource(
      delimiter = '|',
      textBlock =
          """
      --timeout=10                | 500ms, 5s, 2m or 1h
      --timeout=soon              | 500ms, 5s, 2m or 1h
      --format=xml                | Invalid value for option '--format'
      --max-rows=0                | --max-rows must be 1..1000000
      --tenant=EMEA;DROP          | invalid --tenant
      --no-such-option            | Unknown option
      """)
  void query_badUsage_exitsTwo(String option, String message) {
    Outcome result = codemode("query", "SELECT 1", option);
    assertThat(result.exitCode()).isEqualTo(2);
    assertThat(result.err()).contains(message);
  }

  @Test
  void query_dataDirectoryWithoutTheFiles_exitsTwoNamingTheFiles(@TempDir Path empty) {
    Outcome result = codemode("query", "SELECT 1", "--data", empty.toString());
    assertThat(result.exitCode()).isEqualTo(2);
    assertThat(result.err())
        .contains(
            "error: --data "
                + empty
                + " has no customers.parquet, invoices.parquet, invoice_lines.parquet (give a"
                + " directory holding")
        .endsWith("try 'codemode query --help'" + System.lineSeparator());
  }

  @ParameterizedTest
  @ValueSource(strings = {"JSON", "Json", "json"})
  void query_formatInAnyCase_isAccepted(String format) {
    Outcome result = codemode("query", REGION_TOTALS_SQL, "--format", format);
    assertThat(result.exitCode()).as(result.err()).isZero();
    assertThat(JsonMapper.builder().build().readTree(result.out()).get("rowCount").asInt())
        .isEqualTo(3);
  }

  @Test
  void query_jsonl_printsOneObjectPerRow() {
    Outcome result = codemode("query", REGION_TOTALS_SQL, "--format", "jsonl");
    assertThat(result.exitCode()).as(result.err()).isZero();
    List<String> lines = result.out().lines().toList();
    assertThat(lines).hasSize(3);
    assertThat(lines)
        .allSatisfy(
            line ->
                assertThat(JsonMapper.builder().build().readTree(line).propertyNames())
                    .containsExactly("region", "total"));
  }

  @Test
  void query_markdown_printsAGithubTableAndTheCountOnStderr() {
    Outcome result = codemode("query", REGION_TOTALS_SQL, "--format", "markdown");
    assertThat(result.exitCode()).as(result.err()).isZero();
    List<String> lines = result.out().lines().toList();
    assertThat(lines.subList(0, 2)).containsExactly("| region | total |", "| --- | ---: |");
    assertThat(lines.subList(2, 5))
        .allSatisfy(
            line -> assertThat(line).matches("\\| (emea|americas|apac) \\| \\d+\\.\\d{2} \\|"));
    assertThat(result.err().strip()).isEqualTo("(3 rows)");
  }

  @ParameterizedTest(name = "terminal={0} {1}")
  @CsvSource(
      textBlock =
          """
      true,  '',             100, (first 100 of 500 rows shown on a terminal; --max-rows N or a pipe prints them all)
      false, '',             500, (500 rows)
      true,  --max-rows=600, 500, (500 rows)
      """)
  void query_manyRows_areCappedOnlyOnATerminalWithoutMaxRows(
      boolean terminal, String option, int printedRows, String note, @TempDir Path home) {
    List<String> args =
        new ArrayList<>(
            List.of(
                "query",
                "SELECT customer_id FROM customers",
                "--data",
                System.getProperty("codemode.sampleDir")));
    if (!option.isEmpty()) {
      args.add(option);
    }
    StringWriter out = new StringWriter();
    StringWriter err = new StringWriter();
    int code =
        CodemodeCli.run(
            new PrintWriter(out, true),
            new PrintWriter(err, true),
            new CliEnvironment(terminal, home.resolve("none.properties")),
            args.toArray(String[]::new));

    assertThat(code).as(err.toString()).isZero();
    List<String> lines = out.toString().lines().toList();
    // A header, a rule and the note besides the rows.
    assertThat(lines).hasSize(printedRows + 3);
    assertThat(lines.getLast()).isEqualTo(note);
  }

  @Test
  void generate_smallSet_writesFilesThatQueryServes(
      @org.junit.jupiter.api.io.TempDir java.nio.file.Path dir) {
    Outcome generated = codemode("generate", "--invoices", "2000", "--out", dir.toString());
    assertThat(generated.exitCode()).isZero();
    assertThat(generated.err()).contains("generating 2,000 invoices").contains("100%");
    assertThat(generated.out().strip()).isEqualTo(dir.toAbsolutePath().toString());

    Outcome counted =
        codemode(
            "query",
            "SELECT count(*) AS n FROM invoices",
            "--data",
            dir.toString(),
            "--format",
            "csv");
    assertThat(counted.out().lines().toList()).containsExactly("n", "2000");
  }

  @Test
  void generate_zeroInvoices_exitsTwoNamingTheRange(
      @org.junit.jupiter.api.io.TempDir java.nio.file.Path dir) {
    Outcome result = codemode("generate", "--invoices", "0", "--out", dir.toString());
    assertThat(result.exitCode()).isEqualTo(2);
    assertThat(result.err()).contains("--invoices must be between 1 and");
  }

  @Test
  void tables_json_listsTheAllowlistedTablesAndTheirColumns() {
    Outcome result = codemode("tables", "--format", "json");
    assertThat(result.exitCode()).isZero();
    JsonNode json = JsonMapper.builder().build().readTree(result.out());
    assertThat(json.valueStream().map(t -> t.get("name").asString()).toList())
        .containsExactly("customers", "invoice_lines", "invoice_summary", "invoices");
    assertThat(json.get(2).get("columns").toString())
        .contains("{\"name\":\"revenue\",\"type\":\"DECIMAL(18,2)\"}");
  }

  @Test
  void tables_table_printsOneLinePerColumn() {
    Outcome result = codemode("tables");
    assertThat(result.exitCode()).isZero();
    assertThat(result.out()).contains("invoices").containsPattern("amount_cents\\s+\\| BIGINT");
  }
}
