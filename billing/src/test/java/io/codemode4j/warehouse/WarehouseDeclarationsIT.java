package io.codemode4j.warehouse;

import static org.assertj.core.api.Assertions.assertThat;

import io.codemode4j.bridge.CodeMode;
import io.codemode4j.bridge.schema.DescribeOptions;
import io.codemode4j.bridge.schema.TypeScriptCompiler;
import io.codemode4j.warehouse.billing.BillingSample;
import java.io.IOException;
import java.io.InputStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;

/**
 * What a model reads about the toolkit: its TypeScript declarations over the bundled data, kept as
 * a golden file and compiled by the real TypeScript compiler with a program that uses every method.
 */
class WarehouseDeclarationsIT {

  private static Warehouse warehouse;
  private static CodeMode codeMode;

  @BeforeAll
  static void open() throws WarehouseException {
    warehouse = BillingSample.open(TestWarehouse.sampleDir(), TestWarehouse.cacheRoot());
    codeMode = BillingSample.installTools(warehouse, CodeMode.builder()).build();
  }

  @AfterAll
  static void close() {
    codeMode.close();
    warehouse.close();
  }

  @Test
  void declarations_bundledWarehouse_equalTheGoldenFile() throws IOException {
    assertThat(codeMode.declarations()).isEqualTo(resource("declarations/warehouse.d.ts"));
  }

  @Test
  void declarations_queryRows_documentTheSqlJsonTypingRules() {
    String query = codeMode.describe(List.of("warehouse.query"), DescribeOptions.defaults());
    String rows =
        query.substring(
            query.indexOf("    /**\n     * One object per row"), query.indexOf("    rows: "));

    assertThat(rows)
        .contains(
            "* - BOOLEAN: true or false. TINYINT, SMALLINT, INTEGER, BIGINT (COUNT(*) too), FLOAT, DOUBLE"
                + " (AVG too): numbers",
            "* - DECIMAL, HUGEINT (SUM of an integer column), UHUGEINT, UBIGINT and wider integers: strings"
                + " with the exact digits, e.g. \"1234.50\"",
            "never with parseFloat; return amounts as strings",
            "* - DATE: \"YYYY-MM-DD\"; TIMESTAMP, TIME: ISO-8601",
            "* - LIST: array, STRUCT: object",
            "NULL: null");
    assertThat(query)
        .contains(
            "rows: Array<{ [key: string]: any /* typed at run time */ }>;",
            "maxRows?: number /* integer, >= 1, <= 10000 */;",
            "@default 10000");
  }

  @Test
  void tsc_declarationsAndAProgramUsingThem_compileStrict()
      throws IOException, InterruptedException {
    TypeScriptCompiler tsc = TypeScriptCompiler.install(Path.of("target", "tsc"));
    Path work = Files.createDirectories(Path.of("target", "tsc", "work"));
    Path declarations = Files.writeString(work.resolve("warehouse.d.ts"), codeMode.declarations());
    Path usage =
        Files.writeString(
            work.resolve("warehouse.usage.ts"), resource("declarations/warehouse.usage.ts"));

    TypeScriptCompiler.Result result = tsc.compile(work, List.of(declarations, usage));

    assertThat(result.output()).isEmpty();
    assertThat(result.exitCode()).isZero();
  }

  private static String resource(String name) throws IOException {
    try (InputStream in =
        WarehouseDeclarationsIT.class.getClassLoader().getResourceAsStream(name)) {
      assertThat(in).as("test resource " + name).isNotNull();
      return new String(in.readAllBytes(), StandardCharsets.UTF_8);
    }
  }
}
