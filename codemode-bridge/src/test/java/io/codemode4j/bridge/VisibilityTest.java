package io.codemode4j.bridge;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;
import org.junit.jupiter.params.provider.ValueSource;

class VisibilityTest {

  @ParameterizedTest(name = "{0} allows {1}: {2}")
  @CsvSource(
      delimiter = '|',
      textBlock =
          """
      billing.invoices            | billing.invoices  | true
      billing.invoices            | billing.customers | false
      billing.*                   | billing.customers | true
      billing.*                   | billingx.query    | false
      billing.*                   | warehouse.query   | false
      warehouse.query,billing.*   | warehouse.query   | true
      warehouse.query,billing.*   | warehouse.tables  | false
      """)
  void only_pathOrNamespacePatterns_allowExactlyTheirMethods(
      String patterns, String path, boolean allowed) {
    assertThat(Visibility.only(List.of(patterns.split(","))).allows(path)).isEqualTo(allowed);
  }

  @Test
  void only_noPattern_hidesEverything() {
    assertThat(Visibility.only(List.of()).allows("billing.invoices")).isFalse();
  }

  @ParameterizedTest
  @ValueSource(
      strings = {
        "billing",
        "*",
        "billing.*.x",
        "*.invoices",
        "billing.in*",
        "",
        "billing.invoices ",
        // No method can have these names (Identifiers.isName), so no pattern may name them either.
        "billing.delete",
        "class.*",
        "console.log"
      })
  void only_patternOfAnotherShape_isRefused(String pattern) {
    assertThatThrownBy(() -> Visibility.only(List.of(pattern)))
        .isInstanceOf(IllegalArgumentException.class)
        .hasMessage(
            "visibility pattern '"
                + pattern
                + "' must be a method path (warehouse.query) or a whole namespace (warehouse.*)");
  }

  @Test
  void and_twoVisibilities_allowWhatBothAllow() {
    Visibility both = Visibility.only(List.of("billing.*")).and(path -> !path.endsWith(".refunds"));

    assertThat(both.allows("billing.invoices")).isTrue();
    assertThat(both.allows("billing.refunds")).isFalse();
    assertThat(both.allows("crm.contacts")).isFalse();
    assertThat(Visibility.all().allows("any.thing")).isTrue();
  }

  @Test
  void runContext_grants_defaultToAllAndSurviveTheWithers() {
    RunContext run = RunContext.of("r", Principal.unconfined("p"));
    assertThat(run.grants().allows("billing.invoices")).isTrue();

    RunContext narrowed =
        run.withGrants(Visibility.only(List.of("crm.*")))
            .withBudget(RunBudget.of(3))
            .withRemainingTime(TestTools.ms(500));

    assertThat(narrowed.grants().allows("billing.invoices")).isFalse();
    assertThat(narrowed.grants().allows("crm.contacts")).isTrue();
  }
}
