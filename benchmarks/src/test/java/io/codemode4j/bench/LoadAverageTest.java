package io.codemode4j.bench;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

class LoadAverageTest {

  @ParameterizedTest(name = "load {0} on {1} cores")
  @CsvSource(
      textBlock =
          """
      0.5,  2, false, 0.50 on 2 cores
      2.0,  2, false, 2.00 on 2 cores
      2.01, 2, true,  2.01 on 2 cores (loaded)
      5.3,  8, false, 5.30 on 8 cores
      -1,   2, false, unknown (the platform reports none)
      """)
  void loaded_loadAboveTheCores_isLoaded(double load, int cores, boolean loaded, String text) {
    LoadAverage average = new LoadAverage(load, cores);

    assertThat(average.loaded()).isEqualTo(loaded);
    assertThat(average).hasToString(text);
  }

  @Test
  void new_noCores_isRefused() {
    assertThatThrownBy(() -> new LoadAverage(1, 0))
        .isInstanceOf(IllegalArgumentException.class)
        .hasMessage("cores must be at least 1, was 0");
  }
}
