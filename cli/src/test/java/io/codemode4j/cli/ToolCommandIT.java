package io.codemode4j.cli;

import static org.assertj.core.api.Assertions.assertThat;

import io.codemode4j.bridge.CodeMode;
import io.codemode4j.bridge.discovery.ToolDiscovery;
import io.codemode4j.bridge.tool.ToolSpec;
import io.codemode4j.warehouse.Warehouse;
import io.codemode4j.warehouse.WarehouseException;
import io.codemode4j.warehouse.billing.BillingSample;
import io.codemode4j.warehouse.billing.FlagStore;
import java.io.PrintWriter;
import java.io.StringWriter;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;
import tools.jackson.databind.JsonNode;
import tools.jackson.databind.json.JsonMapper;

/**
 * {@code codemode tool}: the outer tools, compared with the specs of a Code Mode built here for the
 * same toolkit, with and without declarations.
 */
class ToolCommandIT {

  private static final JsonMapper JSON = JsonMapper.builder().build();

  @TempDir Path state;

  private record Outcome(int exitCode, String out, String err) {}

  private Outcome codemode(String... args) {
    StringWriter out = new StringWriter();
    StringWriter err = new StringWriter();
    List<String> all = new ArrayList<>(List.of(args));
    all.addAll(
        List.of("--data", System.getProperty("codemode.sampleDir"), "--state", state.toString()));
    int code =
        CodemodeCli.run(
            new PrintWriter(out, true), new PrintWriter(err, true), all.toArray(String[]::new));
    return new Outcome(code, out.toString(), err.toString());
  }

  /** The two outer tools of the run toolkit, built here as a host would build them. */
  private List<ToolSpec> expected(boolean includeDeclarations) throws WarehouseException {
    try (Warehouse warehouse =
            BillingSample.open(
                Path.of(System.getProperty("codemode.sampleDir")), DataOptions.cacheRoot());
        CodeMode codeMode =
            BillingSample.installTools(
                    warehouse, FlagStore.embedded(state.resolve("expected")), CodeMode.builder())
                .includeDeclarations(includeDeclarations)
                .readyContexts(0)
                .build()) {
      return List.of(codeMode.tool(), ToolDiscovery.of(List.of(codeMode)).tool());
    }
  }

  @ParameterizedTest(name = "declarations: {0}")
  @ValueSource(booleans = {true, false})
  void tool_json_printsBothOuterToolsExactlyAsBuilt(boolean declarations) throws Exception {
    Outcome result =
        declarations ? codemode("tool", "--json") : codemode("tool", "--json", "--no-declarations");

    assertThat(result.exitCode()).isZero();
    assertThat(result.err()).isEmpty();
    JsonNode tools = JSON.readTree(result.out()).get("tools");
    List<ToolSpec> expected = expected(declarations);
    assertThat(tools).hasSize(2);
    for (int i = 0; i < expected.size(); i++) {
      ToolSpec spec = expected.get(i);
      JsonNode tool = tools.get(i);
      assertThat(tool.get("name").asString()).isEqualTo(spec.name());
      assertThat(tool.get("description").asString()).isEqualTo(spec.description());
      assertThat(tool.get("inputSchema")).isEqualTo(spec.parameters());
      assertThat(tool.get("outputSchema")).isEqualTo(spec.success());
      assertThat(tool.properties()).hasSize(4);
    }
    assertThat(tools.get(0).get("name").asString()).isEqualTo("run_javascript");
    assertThat(tools.get(1).get("name").asString()).isEqualTo("discover_tools");
  }

  @Test
  void tool_declarationsOrNot_decideWhatRunJavascriptsDescriptionHolds() throws Exception {
    String with =
        JSON.readTree(codemode("tool", "--json").out()).at("/tools/0/description").asString();
    String without =
        JSON.readTree(codemode("tool", "--json", "--no-declarations").out())
            .at("/tools/0/description")
            .asString();

    assertThat(with)
        .contains("```ts\ndeclare const warehouse: {", "declare const billing: {", "flagInvoice(");
    assertThat(without)
        .doesNotContain("declare const")
        .contains("find them with the discover_tools tool");
  }

  @Test
  void tool_text_printsEachToolsNameDescriptionAndSchemas() throws Exception {
    Outcome result = codemode("tool", "--no-declarations");
    List<ToolSpec> expected = expected(false);
    JsonMapper pretty = JsonMapper.builder().build();

    assertThat(result.exitCode()).isZero();
    assertThat(result.err()).isEmpty();
    String runJavascript = expected.get(0).description();
    assertThat(result.out())
        .startsWith("# run_javascript\n\n" + runJavascript + "\n\n## input schema\n")
        .contains(
            "## input schema\n"
                + pretty
                    .writerWithDefaultPrettyPrinter()
                    .writeValueAsString(expected.get(0).parameters())
                + "\n\n## output schema\n"
                + pretty
                    .writerWithDefaultPrettyPrinter()
                    .writeValueAsString(expected.get(0).success())
                + "\n\n# discover_tools\n\n"
                + expected.get(1).description()
                + "\n\n## input schema\n")
        .endsWith(
            pretty.writerWithDefaultPrettyPrinter().writeValueAsString(expected.get(1).success())
                + "\n");
  }

  @ParameterizedTest
  @ValueSource(strings = {"jdbc:duckdb:", "jdbc:h2:mem:flags"})
  void tool_stateInMemory_isAUsageErrorNamingWhatPersists(String url) {
    StringWriter out = new StringWriter();
    StringWriter err = new StringWriter();

    int code =
        CodemodeCli.run(
            new PrintWriter(out, true),
            new PrintWriter(err, true),
            "tool",
            "--data",
            System.getProperty("codemode.sampleDir"),
            "--state",
            url);

    assertThat(code).as(err.toString()).isEqualTo(CodemodeCli.EXIT_USAGE);
    assertThat(err.toString())
        .startsWith("error: --state: the state URL " + url + " names a database in memory");
    assertThat(out.toString()).isEmpty();
  }

  @Test
  void tool_unknownOption_isAUsageError() {
    Outcome result = codemode("tool", "--declarations-please");

    assertThat(result.exitCode()).isEqualTo(CodemodeCli.EXIT_USAGE);
    assertThat(result.err()).contains("Unknown option: '--declarations-please'");
  }
}
