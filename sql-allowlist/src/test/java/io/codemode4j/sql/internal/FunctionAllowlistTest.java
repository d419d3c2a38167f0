package io.codemode4j.sql.internal;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.codemode4j.sql.ApprovedQuery;
import io.codemode4j.sql.QueryPolicy;
import io.codemode4j.sql.RefusalReason;
import io.codemode4j.sql.SampleTables;
import io.codemode4j.sql.SchemaExamples;
import io.codemode4j.sql.SqlAllowlist;
import io.codemode4j.sql.SqlRefusedException;
import io.codemode4j.sql.dialect.Dialect;
import io.codemode4j.sql.dialect.FunctionCatalog;
import java.util.Map;
import java.util.stream.Stream;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.MethodSource;
import org.junit.jupiter.params.provider.ValueSource;

class FunctionAllowlistTest {

  private static final SqlAllowlist ALLOWLIST = SampleTables.allowlist();

  /** Functions whose SQL syntax is not {@code name(argument)}. */
  private static final Map<String, String> SPECIAL_SYNTAX =
      Map.ofEntries(
          Map.entry("extract", "extract(year FROM issued_on)"),
          Map.entry("position", "position('a' IN status)"),
          Map.entry("percentile_cont", "percentile_cont(0.5) WITHIN GROUP (ORDER BY amount_cents)"),
          Map.entry("percentile_disc", "percentile_disc(0.5) WITHIN GROUP (ORDER BY amount_cents)"),
          Map.entry("current_date", "current_date"),
          Map.entry("current_timestamp", "current_timestamp"),
          Map.entry("date_diff", "date_diff('day', issued_on, due_on)"),
          Map.entry("date_part", "date_part('year', issued_on)"),
          Map.entry("date_trunc", "date_trunc('month', issued_on)"),
          Map.entry("format", "format('{:>10}', status)"),
          Map.entry("lpad", "lpad(status, 10, ' ')"),
          Map.entry("printf", "printf('%10d', amount_cents)"),
          Map.entry("rpad", "rpad(status, 10, ' ')"),
          Map.entry("substring", "substring(status, 1, 2)"),
          Map.entry("trim", "trim(BOTH ' ' FROM status)"));

  static Stream<String> defaultFunctions() {
    return Dialect.duckDb().functions().names().stream().sorted();
  }

  @ParameterizedTest(name = "{0}")
  @MethodSource("defaultFunctions")
  void approve_defaultFunctionCall_isAccepted(String name) throws Exception {
    String call = SPECIAL_SYNTAX.getOrDefault(name, name + "(amount_cents)");

    ApprovedQuery approved =
        ALLOWLIST.approve("SELECT " + call + " AS x FROM invoices", QueryPolicy.unscoped(10));

    assertThat(approved.sql()).contains("AS \"x\"");
  }

  @ParameterizedTest(name = "{0}")
  @ValueSource(
      strings = {
        "read_csv",
        "read_parquet",
        "glob",
        "query",
        "query_table",
        "duckdb_tables",
        "pragma_version",
        "current_setting",
        "getenv",
        "getvariable",
        "current_schema",
        "version",
        "nextval",
        "setseed",
        "array_agg",
        "list_value",
        "generate_series",
        "repeat",
        "string_split",
        "sleep_ms"
      })
  void approve_forbiddenFunctionCall_isRefusedAsFunctionNotAllowed(String name) {
    assertThatThrownBy(
            () -> ALLOWLIST.approve("SELECT " + name + "('x')", QueryPolicy.unscoped(10)))
        .isInstanceOfSatisfying(
            SqlRefusedException.class,
            e -> {
              assertThat(e.refusal().reason()).isEqualTo(RefusalReason.FUNCTION_NOT_ALLOWED);
              assertThat(e.refusal().element()).isEqualTo(name);
            });
  }

  @ParameterizedTest(name = "{0}")
  @MethodSource("valueKeywordsOutsideAllowlist")
  void approve_duckdbValueKeywordAsColumn_isRefusedBecauseDuckDbCallsIt(String name) {
    assertThatThrownBy(
            () ->
                ALLOWLIST.approve(
                    "SELECT \"" + name + "\" FROM invoices", QueryPolicy.unscoped(10)))
        .isInstanceOfSatisfying(
            SqlRefusedException.class,
            e -> {
              assertThat(e.refusal().reason()).isEqualTo(RefusalReason.FUNCTION_NOT_ALLOWED);
              assertThat(e.refusal().element()).isEqualTo(name);
            });
  }

  static Stream<String> valueKeywordsOutsideAllowlist() {
    return Dialect.duckDb().valueKeywords().stream()
        .filter(name -> !Dialect.duckDb().functions().names().contains(name))
        .sorted();
  }

  @ParameterizedTest(name = "{0}")
  @ValueSource(strings = {"datediff", "dateadd", "to_char"})
  void refusal_knownAlternative_saysWhatItComputesAndTheDialectsAdvice(String name) {
    String message =
        new FunctionAllowlist(
                FunctionCatalog.builder().functions("date_diff").build(),
                new Advisor(Dialect.duckDb(), SchemaExamples.neutral()))
            .refusal(name);

    assertThat(message)
        .startsWith("function '" + name + "' is not allowed: for ")
        .contains(", write ");
  }
}
