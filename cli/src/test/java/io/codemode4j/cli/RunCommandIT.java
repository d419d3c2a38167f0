package io.codemode4j.cli;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.ByteArrayInputStream;
import java.io.IOException;
import java.io.InputStream;
import java.io.PrintWriter;
import java.io.StringWriter;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.api.parallel.Isolated;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;
import tools.jackson.databind.JsonNode;
import tools.jackson.databind.json.JsonMapper;

/** {@code codemode run}: outputs, exit codes and options, with real GraalJS and DuckDB. */
// Alone (no other class of this module beside it, issue 32): it replaces System.in and reads the
// threads of the whole JVM.
@Isolated
class RunCommandIT {

  private static final JsonMapper JSON = JsonMapper.builder().build();

  @TempDir Path dir;

  private record Outcome(int exitCode, String out, String err) {}

  private Outcome run(String program, String... options) throws IOException {
    Path file = dir.resolve("program.js");
    Files.writeString(file, program);
    List<String> args =
        new ArrayList<>(
            List.of("run", file.toString(), "--data", System.getProperty("codemode.sampleDir")));
    args.addAll(List.of(options));
    return codemode(args.toArray(String[]::new));
  }

  private static Outcome codemode(String... args) {
    StringWriter out = new StringWriter();
    StringWriter err = new StringWriter();
    int code = CodemodeCli.run(new PrintWriter(out, true), new PrintWriter(err, true), args);
    return new Outcome(code, out.toString(), err.toString());
  }

  @Test
  void run_program_printsPrettyResultAndLogsOnStderr() throws IOException {
    Outcome result =
        run(
            """
        async () => {
          const r = await warehouse.query({sql: "SELECT count(*) AS n FROM customers"});
          console.log('counted', r.rowCount, 'row');
          console.warn('careful');
          return {customers: r.rows[0].n};
        }""");
    assertThat(result.exitCode()).isZero();
    assertThat(result.out()).isEqualTo("{\n  \"customers\" : 500\n}" + System.lineSeparator());
    assertThat(result.err().lines().toList()).containsExactly("counted 1 row", "[warn] careful");
  }

  @Test
  void run_json_printsTheModelView() throws IOException {
    Outcome result =
        run(
            """
        async () => {
          const [a, b] = await Promise.all([billing.invoices({customer: 'Acme'}), billing.invoices({customer: 'Atlas'})]);
          return {acme: a.length > 0, atlas: b.length > 0};
        }""",
            "--json");
    assertThat(result.exitCode()).isZero();
    JsonNode json = JSON.readTree(result.out());
    assertThat(json.propertyNames())
        .containsExactly("ok", "result", "logs", "calls", "omittedCalls", "error");
    assertThat(json.get("ok").asBoolean()).isTrue();
    assertThat(json.get("result").toString()).isEqualTo("{\"acme\":true,\"atlas\":true}");
    assertThat(json.get("calls"))
        .hasSize(2)
        .allSatisfy(
            call -> {
              assertThat(call.get("method").asString()).isEqualTo("billing.invoices");
              assertThat(call.get("status").asString()).isEqualTo("succeeded");
              assertThat(call.get("durationMs").isNumber()).isTrue();
            });
    assertThat(json.get("error").isNull()).isTrue();
  }

  @Test
  void run_refusedSqlUncaught_exitsOneWithTheKind() throws IOException {
    Outcome plain = run("async () => warehouse.query({sql: 'SELECT * FROM payroll'})");
    assertThat(plain.exitCode()).isEqualTo(1);
    assertThat(plain.err())
        .contains("error: thrown: uncaught failure of warehouse.query (refused): ")
        .contains("table 'payroll' is not allowlisted");

    Outcome json = run("async () => warehouse.query({sql: 'SELECT * FROM payroll'})", "--json");
    assertThat(json.exitCode()).isEqualTo(1);
    JsonNode error = JSON.readTree(json.out()).get("error");
    assertThat(error.get("kind").asString()).isEqualTo("thrown");
    assertThat(error.get("thrown").get("kind").asString()).isEqualTo("refused");
  }

  @Test
  void run_processIsolation_runsTheProgramInAWorkerWithTheSameTools() throws IOException {
    Outcome result =
        run(
            "async () => (await warehouse.query({sql: 'SELECT count(*) AS n FROM invoices'})).rows[0].n",
            "--isolation",
            "process");
    assertThat(result.exitCode()).isZero();
    assertThat(result.out().strip()).isEqualTo("50000");
  }

  @Test
  void run_runawayProgram_exitsOneAfterItsTimeout() throws IOException {
    Outcome result = run("async () => { while (true) {} }", "--timeout", "300ms", "--json");
    assertThat(result.exitCode()).isEqualTo(1);
    JsonNode error = JSON.readTree(result.out()).get("error");
    assertThat(error.get("kind").asString()).isEqualTo("timeout");
  }

  @Test
  void run_tenant_seesOnlyItsRegion() throws IOException {
    Outcome result =
        run(
            """
        async () => {
          const r = await warehouse.query({sql: 'SELECT DISTINCT region FROM invoice_summary ORDER BY region'});
          const c = await billing.customers({});
          return {regions: r.rows.map(x => x.region), customerRegions: [...new Set(c.map(x => x.region))]};
        }""",
            "--tenant",
            "apac",
            "--json");
    assertThat(result.exitCode()).isZero();
    assertThat(JSON.readTree(result.out()).get("result").toString())
        .isEqualTo("{\"regions\":[\"apac\"],\"customerRegions\":[\"apac\"]}");
  }

  @Test
  void run_invalidProgram_exitsOneNamingTheShape() throws IOException {
    Outcome result = run("return 1");
    assertThat(result.exitCode()).isEqualTo(1);
    assertThat(result.err()).startsWith("error: invalid_program: ");
  }

  @Test
  void run_programFromStandardInput_runs() {
    InputStream saved = System.in;
    try {
      System.setIn(new ByteArrayInputStream("async () => 6 * 7".getBytes(StandardCharsets.UTF_8)));
      Outcome result = codemode("run", "-", "--data", System.getProperty("codemode.sampleDir"));
      assertThat(result.exitCode()).isZero();
      assertThat(result.out().strip()).isEqualTo("42");
    } finally {
      System.setIn(saved);
    }
  }

  @ParameterizedTest(name = "{0}")
  @CsvSource(
      delimiter = '|',
      textBlock =
          """
      --max-host-concurrency=0   | --max-host-concurrency must be 1..64, was 0
      --max-host-concurrency=65  | --max-host-concurrency must be 1..64, was 65
      --timeout=forever          | 500ms, 5s, 2m or 1h
      --timeout=0ms              | Invalid value for option '--timeout': '0ms' is no time at all
      --tenant=Bad Region        | invalid --tenant
      --tenant=mars              | --tenant names a region the data does not have (mars): its regions are americas, apac, emea
      --isolation=container      | --isolation must be in-process or process, was 'container'
      """)
  void run_badOption_exitsTwo(String option, String message) throws IOException {
    Outcome result = run("async () => 1", option);
    assertThat(result.exitCode()).isEqualTo(2);
    assertThat(result.err()).contains(message);
  }

  @Test
  void run_missingFile_exitsTwo() {
    Outcome result = codemode("run", dir.resolve("nope.js").toString());
    assertThat(result.exitCode()).isEqualTo(2);
    assertThat(result.err()).contains("nope.js: no such program file");
  }

  @Test
  void run_dataRefusedWhileTheEngineWarms_isAUsageErrorAndLeavesNoThread() throws IOException {
    Path empty = Files.createDirectories(dir.resolve("no-data"));
    Files.writeString(dir.resolve("program.js"), "async () => 1");

    Outcome result =
        codemode("run", dir.resolve("program.js").toString(), "--data", empty.toString());

    assertThat(result.exitCode()).isEqualTo(2);
    assertThat(result.err())
        .startsWith("error: --data " + empty + " has no customers.parquet, invoices.parquet,");
    assertThat(Thread.getAllStackTraces().keySet())
        .extracting(Thread::getName)
        .noneMatch(name -> name.startsWith("codemode-engine-warm-up"));
  }

  @Test
  void run_readmeExampleAsATenantOfOneRegion_answersWithNoLead() {
    Path example = Path.of(System.getProperty("codemode.home"), "examples", "top-region.js");
    Outcome result =
        codemode(
            "run",
            example.toString(),
            "--tenant",
            "emea",
            "--json",
            "--data",
            System.getProperty("codemode.sampleDir"));

    assertThat(result.exitCode()).as(result.out() + result.err()).isZero();
    JsonNode answer = JSON.readTree(result.out()).get("result");
    assertThat(answer.get("region").asString()).isEqualTo("emea");
    assertThat(answer.get("leadOverNext").isNull()).isTrue();
    assertThat(answer.get("ranking")).hasSize(1);
  }

  @Test
  void run_calls_printsTheLedgerOnStderrInHumanMode() throws IOException {
    Outcome result =
        run(
            """
        async () => {
          await billing.customers({});
          try { await warehouse.query({sql: 'DELETE FROM customers'}); } catch (e) {}
          return 1;
        }""",
            "--calls");

    assertThat(result.exitCode()).as(result.err()).isZero();
    assertThat(result.out().strip()).isEqualTo("1");
    assertThat(result.err().lines().toList())
        .hasSize(3)
        .satisfies(lines -> assertThat(lines.get(0)).isEqualTo("calls: 2"))
        .satisfies(
            lines ->
                assertThat(lines.get(1))
                    .matches("  \\S+ billing\\.customers succeeded \\d+\\.\\dms"))
        .satisfies(
            lines ->
                assertThat(lines.get(2))
                    .matches("  \\S+ warehouse\\.query failed( \\(\\S+\\))? \\d+\\.\\dms"));
  }
}
