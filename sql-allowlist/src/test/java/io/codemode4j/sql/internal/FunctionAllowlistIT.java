package io.codemode4j.sql.internal;

import static org.assertj.core.api.Assertions.assertThat;

import io.codemode4j.sql.dialect.Dialect;
import java.sql.SQLException;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Set;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import java.util.stream.Stream;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.MethodSource;

/**
 * The premises of the function allowlist, checked against the DuckDB the project runs, so that an
 * upgrade that changes them fails here rather than silently.
 */
class FunctionAllowlistIT {

  /** Names DuckDB's grammar handles itself; they are not rows of duckdb_functions(). */
  private static final Set<String> GRAMMAR_FORMS =
      Set.of(
          "coalesce",
          "current_timestamp",
          "extract",
          "grouping",
          "grouping_id",
          "ifnull",
          "percentile_cont",
          "percentile_disc",
          "try");

  /**
   * Functions an allowlisted macro calls that are not allowlisted themselves, each reviewed:
   * split_part builds a list with string_split and returns one of its elements, never the list.
   */
  private static final Map<String, Set<String>> MACRO_INTERNALS =
      Map.of("split_part", Set.of("string_split"));

  private static final Pattern CALL = Pattern.compile("\"?([a-z_][a-z0-9_]*)\"?\\(");

  private static Warehouse warehouse;

  /** Rows of duckdb_functions(): name, type, macro definition. */
  private static List<List<Object>> catalog;

  @BeforeAll
  static void readCatalog() throws SQLException {
    warehouse = Warehouse.all();
    catalog =
        warehouse
            .query("SELECT function_name, function_type, macro_definition FROM duckdb_functions()")
            .rows();
  }

  @AfterAll
  static void closeWarehouse() throws SQLException {
    warehouse.close();
  }

  static Stream<String> catalogFunctions() {
    return Dialect.duckDb().functions().names().stream()
        .filter(name -> !GRAMMAR_FORMS.contains(name))
        .sorted();
  }

  @ParameterizedTest(name = "{0}")
  @MethodSource("catalogFunctions")
  void duckdbFunctions_allowlistedName_isAScalarAggregateWindowOrMacroNeverATableFunction(
      String name) {
    List<List<Object>> rows = rowsOf(name);

    assertThat(rows).as(name).isNotEmpty();
    assertThat(rows)
        .allSatisfy(row -> assertThat(row.get(1)).isIn("scalar", "aggregate", "window", "macro"));
  }

  @ParameterizedTest(name = "{0}")
  @MethodSource("catalogFunctions")
  void duckdbFunctions_allowlistedMacro_expandsToAllowlistedCallsOnly(String name) {
    for (List<Object> row : rowsOf(name)) {
      if (!"macro".equals(row.get(1))) {
        continue;
      }
      String definition = String.valueOf(row.get(2)).toLowerCase(Locale.ROOT);
      Matcher call = CALL.matcher(definition);
      while (call.find()) {
        Set<String> internals = MACRO_INTERNALS.getOrDefault(name, Set.of());
        assertThat(
                Dialect.duckDb().functions().names().contains(call.group(1))
                    || internals.contains(call.group(1)))
            .as("called by macro %s: %s", name, definition)
            .isTrue();
      }
    }
  }

  @ParameterizedTest(name = "{0}")
  @MethodSource("valueKeywords")
  void duckdbBinder_quotedValueKeyword_isCalledAsAFunction(String keyword) throws Exception {
    Warehouse.Result result = warehouse.query("SELECT \"" + keyword + "\" AS v");

    assertThat(result.rows()).hasSize(1);
  }

  static Stream<String> valueKeywords() {
    return Dialect.duckDb().valueKeywords().stream().sorted();
  }

  private static List<List<Object>> rowsOf(String name) {
    return catalog.stream().filter(row -> name.equals(row.getFirst())).toList();
  }
}
