package io.codemode4j.bench;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.util.stream.IntStream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

class StatsTest {

  @Test
  void of_hundredSamplesInAnyOrder_givesNearestRankPercentiles() {
    double[] samples = IntStream.rangeClosed(1, 100).map(i -> 101 - i).asDoubleStream().toArray();

    Stats stats = Stats.of(samples);

    assertThat(stats).isEqualTo(new Stats(50, 90, 99, 100));
  }

  @Test
  void of_oneSample_isEveryPercentile() {
    assertThat(Stats.of(0.25)).isEqualTo(new Stats(0.25, 0.25, 0.25, 1));
  }

  @Test
  void of_doesNotReorderTheCallersArray() {
    double[] samples = {3, 1, 2};

    Stats.of(samples);

    assertThat(samples).containsExactly(3, 1, 2);
  }

  @Test
  void of_noSamples_throws() {
    assertThatThrownBy(Stats::of)
        .isInstanceOf(IllegalArgumentException.class)
        .hasMessageContaining("at least one");
  }

  @Test
  void of_nonFiniteSample_throws() {
    assertThatThrownBy(() -> Stats.of(1, Double.NaN))
        .isInstanceOf(IllegalArgumentException.class)
        .hasMessageContaining("finite");
  }

  @Test
  void new_decreasingPercentiles_throws() {
    assertThatThrownBy(() -> new Stats(2, 1, 3, 3))
        .isInstanceOf(IllegalArgumentException.class)
        .hasMessageContaining("must not decrease");
  }

  @Test
  void over_aBaselineMedian_givesEachPercentileOverIt() {
    Stats ours = new Stats(0.2, 0.4, 1.0, 200);

    assertThat(ours.over(0.5)).isEqualTo(new Stats(0.4, 0.8, 2.0, 200));
  }

  @ParameterizedTest
  @ValueSource(doubles = {0, -1, Double.NaN, Double.POSITIVE_INFINITY})
  void over_aBaselineThatIsNotPositiveAndFinite_throws(double baseline) {
    assertThatThrownBy(() -> new Stats(1, 1, 1, 1).over(baseline))
        .isInstanceOf(IllegalArgumentException.class)
        .hasMessageContaining("positive finite");
  }
}
