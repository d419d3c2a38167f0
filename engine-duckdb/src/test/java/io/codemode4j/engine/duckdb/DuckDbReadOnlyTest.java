package io.codemode4j.engine.duckdb;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.nio.file.Path;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

class DuckDbReadOnlyTest {

  @Test
  void url_defaults_areReadOnlyLockedAndCapped() {
    assertThat(DuckDbReadOnly.url(Path.of("/cache/w.duckdb"), DuckDbLimits.defaults()))
        .startsWith(
            "jdbc:duckdb:/cache/w.duckdb;access_mode=READ_ONLY;enable_external_access=false")
        .contains(
            ";autoinstall_known_extensions=false;autoload_known_extensions=false",
            ";memory_limit=1GB",
            ";threads=2",
            ";max_temp_directory_size=0GB")
        .endsWith(";lock_configuration=true")
        .doesNotContain("allowed_directories", "allowed_paths");
  }

  @Test
  void url_pathWithSemicolon_isRefused() {
    assertThatThrownBy(
            () ->
                DuckDbReadOnly.url(
                    Path.of("/tmp/a;access_mode=READ_WRITE"), DuckDbLimits.defaults()))
        .isInstanceOf(IllegalArgumentException.class)
        .hasMessageContaining("must not contain ';'");
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
  void new_invalidField_isRefusedNamingIt(String memory, int threads, String temp, String message) {
    assertThatThrownBy(() -> new DuckDbLimits(memory, threads, temp))
        .isInstanceOf(IllegalArgumentException.class)
        .hasMessageContaining(message);
  }
}
