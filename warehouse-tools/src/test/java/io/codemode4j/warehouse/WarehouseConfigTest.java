package io.codemode4j.warehouse;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.nio.file.Path;
import java.time.Duration;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

class WarehouseConfigTest {

  @Test
  void duckDb_defaults_areReadOnlyLockedAndCapped() {
    WarehouseConfig config = WarehouseConfig.duckDb(Path.of("/cache/w.duckdb"));
    assertThat(config.jdbcUrl())
        .startsWith(
            "jdbc:duckdb:/cache/w.duckdb;access_mode=READ_ONLY;enable_external_access=false")
        .contains(
            ";autoinstall_known_extensions=false;autoload_known_extensions=false",
            ";memory_limit=1GB",
            ";threads=2",
            ";max_temp_directory_size=0GB")
        .endsWith(";lock_configuration=true")
        .doesNotContain("allowed_directories", "allowed_paths");
    assertThat(config.queryTimeout()).isEqualTo(Duration.ofSeconds(10));
    assertThat(config.maxRows()).isEqualTo(10_000);
  }

  @ParameterizedTest
  @CsvSource(
      delimiter = '|',
      textBlock =
          """
      mysql://x           | 4  | 10000   | 10000 | jdbcUrl must start with 'jdbc:'
      jdbc:duckdb:        | 0  | 10000   | 10000 | poolSize must be 1..64
      jdbc:duckdb:        | 65 | 10000   | 10000 | poolSize must be 1..64
      jdbc:duckdb:        | 4  | 0       | 10000 | query timeout must be above 0
      jdbc:duckdb:        | 4  | 3600001 | 10000 | at most 1h
      jdbc:duckdb:        | 4  | 10000   | 0     | maxRows must be 1..1000000
      jdbc:duckdb:        | 4  | 10000   | 1000001 | maxRows must be 1..1000000
      """)
  void new_invalidField_isRefusedNamingIt(
      String url, int pool, long timeoutMs, int maxRows, String message) {
    assertThatThrownBy(() -> new WarehouseConfig(url, pool, Duration.ofMillis(timeoutMs), maxRows))
        .isInstanceOf(IllegalArgumentException.class)
        .hasMessageContaining(message);
  }

  @ParameterizedTest
  @CsvSource(
      delimiter = '|',
      textBlock =
          """
      1GB;threads=99 | 2   | 0GB | memoryLimit must be a size
      1GB            | 0   | 0GB | threads must be 1..256
      1GB            | 2   | x   | maxTempDirectorySize must be a size
      """)
  void duckDbLimits_invalidField_isRefusedNamingIt(
      String memory, int threads, String temp, String message) {
    assertThatThrownBy(() -> new DuckDbLimits(memory, threads, temp))
        .isInstanceOf(IllegalArgumentException.class)
        .hasMessageContaining(message);
  }
}
