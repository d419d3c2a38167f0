package io.codemode4j.bridge;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.time.Duration;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;
import org.junit.jupiter.params.provider.ValueSource;

class DurationsTest {

  @ParameterizedTest
  @CsvSource({
    "500ms, 500",
    "5s, 5000",
    "2m, 120000",
    "1h, 3600000",
    "' 10s ', 10000",
    "0ms, 0",
    "1500MS, 1500"
  })
  void parse_acceptedForm_givesTheDuration(String text, long millis) {
    assertThat(Durations.parse(text)).isEqualTo(Duration.ofMillis(millis));
  }

  @ParameterizedTest
  @ValueSource(strings = {"", "10", "s", "1.5s", "-1s", "PT5S", "5 seconds", "1d", "99999999999s"})
  void parse_otherText_isRefusedNamingTheForms(String text) {
    assertThatThrownBy(() -> Durations.parse(text))
        .isInstanceOf(IllegalArgumentException.class)
        .hasMessageContaining("500ms, 5s, 2m or 1h");
  }

  @ParameterizedTest
  @CsvSource({
    "500, 500ms",
    "5000, 5s",
    "120000, 2m",
    "3600000, 1h",
    "1500, 1500ms",
    "90000, 90s",
    "0, 0ms"
  })
  void format_duration_usesTheLargestExactUnit(long millis, String text) {
    assertThat(Durations.format(Duration.ofMillis(millis))).isEqualTo(text);
  }
}
