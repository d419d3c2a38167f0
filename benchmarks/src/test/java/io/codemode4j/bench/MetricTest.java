package io.codemode4j.bench;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.util.Optional;
import java.util.OptionalDouble;
import org.junit.jupiter.api.Test;

class MetricTest {

  private static final Stats STATS = new Stats(0.5, 0.6, 0.9, 10);

  @Test
  void ratio_withBaseline_isMedianOverBaseline() {
    Metric metric =
        Metric.measured("warm_pass_ms", "ms", STATS, OptionalDouble.of(0.25), Optional.empty());

    assertThat(metric.ratio()).hasValue(2.0);
  }

  @Test
  void ratio_withoutBaseline_isEmpty() {
    Metric metric =
        Metric.measured("warm_pass_ms", "ms", STATS, OptionalDouble.empty(), Optional.empty());

    assertThat(metric.ratio()).isEmpty();
  }

  @Test
  void met_comparesTheMedianWithTheTarget() {
    assertThat(
            Metric.measured(
                    "a", "ms", STATS, OptionalDouble.empty(), Optional.of(Target.atMost(0.4)))
                .met())
        .contains(false);
    assertThat(
            Metric.measured(
                    "a", "ms", STATS, OptionalDouble.empty(), Optional.of(Target.atMost(0.5)))
                .met())
        .contains(true);
  }

  @Test
  void met_notMeasured_isEmptyEvenWithATarget() {
    Metric metric =
        Metric.notMeasured(
            "query_ratio_10m", "pass/jdbc", Optional.of(Target.atMost(1.05)), "no data");

    assertThat(metric.met()).isEmpty();
    assertThat(metric.ratio()).isEmpty();
    assertThat(metric.reason()).contains("no data");
  }

  @Test
  void new_neitherStatsNorReason_throws() {
    assertThatThrownBy(
            () ->
                new Metric(
                    "a",
                    "ms",
                    Optional.empty(),
                    OptionalDouble.empty(),
                    Optional.empty(),
                    Optional.empty()))
        .isInstanceOf(IllegalArgumentException.class)
        .hasMessageContaining("either stats or");
  }

  @Test
  void new_statsAndReason_throws() {
    assertThatThrownBy(
            () ->
                new Metric(
                    "a",
                    "ms",
                    Optional.of(STATS),
                    OptionalDouble.empty(),
                    Optional.empty(),
                    Optional.of("why")))
        .isInstanceOf(IllegalArgumentException.class);
  }

  @Test
  void new_zeroBaseline_throws() {
    assertThatThrownBy(
            () -> Metric.measured("a", "ms", STATS, OptionalDouble.of(0), Optional.empty()))
        .isInstanceOf(IllegalArgumentException.class)
        .hasMessageContaining("positive finite");
  }

  @Test
  void new_blankName_throws() {
    assertThatThrownBy(() -> Metric.notMeasured(" ", "ms", Optional.empty(), "why"))
        .isInstanceOf(IllegalArgumentException.class)
        .hasMessageContaining("name");
  }
}
