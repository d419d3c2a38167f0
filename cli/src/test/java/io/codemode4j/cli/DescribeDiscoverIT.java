package io.codemode4j.cli;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.PrintWriter;
import java.io.StringWriter;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.List;
import org.assertj.core.api.InstanceOfAssertFactories;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;
import tools.jackson.databind.JsonNode;
import tools.jackson.databind.json.JsonMapper;

/**
 * {@code codemode describe} and {@code codemode discover} over the toolkit of {@code codemode run}.
 */
class DescribeDiscoverIT {

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

  @Test
  void describe_paths_printTheirDeclarationsByNamespace() {
    Outcome result = codemode("describe", "billing.invoices", "warehouse.query");

    assertThat(result.exitCode()).isZero();
    assertThat(result.err()).isEmpty();
    assertThat(result.out())
        .startsWith("declare const warehouse: {\n")
        .contains(
            "\ndeclare const billing: {\n",
            "  query(args: {",
            "  invoices(args: {",
            "UHUGEINT, UBIGINT and wider integers: strings with the exact digits")
        .doesNotContain("customers(args")
        .endsWith("};\n");
  }

  @Test
  void describe_wholeToolkit_fitsTheDefaultCapAndNotAQuarterOfIt() {
    Outcome result =
        codemode(
            "describe",
            "warehouse.query",
            "warehouse.tables",
            "billing.customers",
            "billing.invoices");
    int bytes = result.out().getBytes(StandardCharsets.UTF_8).length;

    assertThat(result.exitCode()).isZero();
    assertThat(bytes).isLessThanOrEqualTo(16 * 1024);
    Outcome capped =
        codemode(
            "describe",
            "warehouse.query",
            "warehouse.tables",
            "billing.customers",
            "billing.invoices",
            "--max-bytes",
            Integer.toString(bytes / 4));
    assertThat(capped.exitCode()).isEqualTo(2);
    assertThat(capped.out()).isEmpty();
    assertThat(capped.err())
        .isEqualTo(
            "error: the declarations of 4 methods are "
                + bytes
                + " bytes of UTF-8, over "
                + "maxBytes "
                + bytes / 4
                + ": ask for fewer methods or raise maxBytes (at most 262144)\n"
                + "try 'codemode describe --help'\n");
  }

  @ParameterizedTest(name = "{0}")
  @CsvSource(
      delimiter = '|',
      textBlock =
          """
      billing.nope                        | error: 'billing.nope' is not an allowlisted method (allowed: warehouse.query, warehouse.tables, billing.customers, billing.invoices, billing.flagInvoice, billing.flags)
      billing                             | error: 'billing' is not a method path: write namespace.method, e.g. warehouse.query
      billing.invoices billing.invoices   | error: 'billing.invoices' is asked for twice: name each method once
      billing.invoices --max-bytes 0      | error: --max-bytes must be 1..262144 (256 KiB), was 0
      billing.invoices --max-bytes 300000 | error: --max-bytes must be 1..262144 (256 KiB), was 300000
      """)
  void describe_refusedRequest_exitsTwoWithTheMessage(String args, String message) {
    List<String> all = new ArrayList<>(List.of("describe"));
    all.addAll(List.of(args.split(" ")));

    Outcome result = codemode(all.toArray(String[]::new));

    assertThat(result.exitCode()).isEqualTo(2);
    assertThat(result.out()).isEmpty();
    assertThat(result.err()).isEqualTo(message + "\ntry 'codemode describe --help'\n");
  }

  @Test
  void describe_noPath_isAUsageError() {
    Outcome result = codemode("describe");

    assertThat(result.exitCode()).isEqualTo(2);
    assertThat(result.err()).contains("Missing required parameter: 'PATH'");
  }

  @Test
  void discover_invoice_printsBillingInvoicesFirstWithItsDeclaration() {
    Outcome result = codemode("discover", "invoice");

    assertThat(result.exitCode()).isZero();
    assertThat(result.out().lines().findFirst())
        .contains("// code-mode:run_javascript:billing.invoices (native tool billing_invoices)");
    assertThat(result.out()).contains("declare const billing: {\n", "  invoices(args: {");
    assertThat(result.out().lines().reduce((first, second) -> second))
        .get(InstanceOfAssertFactories.STRING)
        .matches("// \\d+ of \\d+ methods.*");
  }

  @Test
  void discover_json_printsTheBriefToolResultByDefault() {
    Outcome result = codemode("discover", "customers", "--namespace", "billing", "--json");

    assertThat(result.exitCode()).isZero();
    JsonNode json = JsonMapper.builder().build().readTree(result.out());
    JsonNode first = json.get("matches").get(0);
    assertThat(first.propertyNames()).containsExactly("name", "tool", "purpose", "declaration");
    assertThat(first.get("name").asString()).isEqualTo("billing.customers");
    assertThat(first.get("declaration").asString()).startsWith("declare const billing: {");
    assertThat(json.get("shown").asString()).matches("\\d+ of \\d+ methods of billing.*");
  }

  @Test
  void discover_jsonDetailed_printsTheToolResult() {
    Outcome result =
        codemode(
            "discover", "customers", "--namespace", "billing", "--json", "--detail", "detailed");

    assertThat(result.exitCode()).isZero();
    JsonNode json = JsonMapper.builder().build().readTree(result.out());
    assertThat(json.get("matches"))
        .isNotEmpty()
        .allSatisfy(
            match -> {
              assertThat(match.get("namespace").asString()).isEqualTo("billing");
              assertThat(match.get("tool").asString()).isEqualTo("run_javascript");
            });
    JsonNode first = json.get("matches").get(0);
    assertThat(first.get("id").asString()).isEqualTo("code-mode:run_javascript:billing.customers");
    assertThat(first.get("parameters").get("properties").has("region")).isTrue();
    assertThat(result.out().strip()).doesNotContain("\n");
  }

  @Test
  void discover_nothingMatches_saysSoAndExitsZero() {
    Outcome result = codemode("discover", "zebra");

    assertThat(result.exitCode()).isZero();
    assertThat(result.out()).isEmpty();
    assertThat(result.err()).isEqualTo("no method matches 'zebra'\n");
  }

  @ParameterizedTest(name = "{0}")
  @CsvSource(
      delimiter = '|',
      textBlock =
          """
      ' '            | error: QUERY must be 1..200 characters of words to look for, e.g. orders, was blank
      x,--limit,0    | error: --limit must be 1..20, was 0
      x,--limit,21   | error: --limit must be 1..20, was 21
      x,--detail,all | error: --detail must be one of brief, detailed, was 'all'
      """)
  void discover_invalidQueryOrLimit_exitsTwoNamingTheArgument(String args, String message) {
    List<String> all = new ArrayList<>(List.of("discover"));
    all.addAll(List.of(args.split(",")));

    Outcome result = codemode(all.toArray(String[]::new));

    assertThat(result.exitCode()).isEqualTo(2);
    assertThat(result.err()).isEqualTo(message + "\ntry 'codemode discover --help'\n");
  }
}
