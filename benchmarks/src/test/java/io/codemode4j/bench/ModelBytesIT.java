package io.codemode4j.bench;

import static org.assertj.core.api.Assertions.assertThat;

import io.codemode4j.sample.SampleData;
import io.codemode4j.warehouse.Warehouse;
import io.codemode4j.warehouse.billing.BillingSample;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;

/**
 * Issue 30's bytes targets, on {@code model_bytes_per_question} as {@code codemode bench} measures
 * it (the bundled data, the default toolkit and Code Mode, the programs of {@code examples/}).
 * Bytes do not depend on the machine's load, so the bounds are exact.
 *
 * <p>Met: over all questions the model reads at most 5% of what plain tool calls make it read. Not
 * met: at most plain's on every question, with declarations or with discovery. On the questions
 * whose SQL aggregates, Code Mode reads the program and its declarations (return types and the
 * rows' typing rules, which plain calling never needs before it sees a result) where plain calling
 * reads small results, so it reads more; BENCHMARKS.md says by how much and why. That gap is pinned
 * here so it can only shrink.
 */
class ModelBytesIT {

  private static final Path CACHE =
      Path.of(System.getProperty("codemode.cacheDir", "target/codemode-cache"));
  private static final Path EXAMPLES = Path.of("..", "examples");

  private static List<EgressScenario.Question> questions;
  private static final List<String> progress = new ArrayList<>();

  @BeforeAll
  static void measure() throws Exception {
    Bench.Results results = new Bench.Results(progress::add);
    try (Warehouse warehouse = BillingSample.open(SampleData.bundledDirectory(CACHE), CACHE)) {
      questions = new EgressScenario(results).run(warehouse, EXAMPLES);
    }
    progress.forEach(System.out::println);
  }

  /**
   * The most bytes Code Mode may read over plain tool calls on one question: the largest excess
   * measured was 3,629 B ({@code revenue-by-month-and-region.js}, after {@code code} lost its
   * repeated description; 3,701 B before, 3,857 B before issue 30's shorter declarations), and this
   * leaves 21 B for a pass's duration, which the egress carries in decimal digits.
   */
  private static final long KNOWN_GAP_BYTES = 3_650;

  /**
   * The same for a host that leaves the declarations to discovery (brief answers, one search per
   * method called): the largest excess measured was 2,951 B ({@code
   * revenue-by-month-and-region.js}; 7,169 B with the detailed answers of before).
   */
  private static final long KNOWN_DISCOVERY_GAP_BYTES = 2_975;

  @Test
  void eachQuestion_codeModeAgainstPlainToolCalls_readsAtMostTheKnownGapMore() {
    assertThat(questions).hasSizeGreaterThanOrEqualTo(8);
    assertThat(questions)
        .allSatisfy(
            question ->
                assertThat(question.codeModeBytes() - question.plainBytes())
                    .as("%s: Code Mode's bytes over plain tool calls' ", question.program())
                    .isLessThanOrEqualTo(KNOWN_GAP_BYTES));
  }

  @Test
  void eachQuestion_discoveryAgainstPlainToolCalls_readsAtMostTheKnownGapMore() {
    assertThat(questions)
        .allSatisfy(
            question ->
                assertThat(question.discoveryBytes() - question.plainBytes())
                    .as("%s: discovery's bytes over plain tool calls' ", question.program())
                    .isLessThanOrEqualTo(KNOWN_DISCOVERY_GAP_BYTES));
  }

  @Test
  void fanOutQuestions_codeModeAgainstPlainToolCalls_readsNoMore() {
    assertThat(questions)
        .filteredOn(
            question -> List.of("late-payers.js", "top-customers.js").contains(question.program()))
        .hasSize(2)
        .allSatisfy(
            question ->
                assertThat(question.codeModeBytes())
                    .as("%s with Code Mode against plain tool calls", question.program())
                    .isLessThanOrEqualTo(question.plainBytes()));
  }

  @Test
  void allQuestions_codeModeAgainstPlainToolCalls_readAtMostFivePercent() {
    long codeMode = questions.stream().mapToLong(EgressScenario.Question::codeModeBytes).sum();
    long plain = questions.stream().mapToLong(EgressScenario.Question::plainBytes).sum();
    assertThat(codeMode * 100).isLessThanOrEqualTo(plain * 5);
  }
}
