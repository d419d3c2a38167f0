package io.codemode4j.warehouse.pack;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

/** A state database must outlive the process: one in memory is refused, naming what to give. */
class PackContextTest {

  @ParameterizedTest
  @ValueSource(
      strings = {
        "jdbc:duckdb:",
        "jdbc:duckdb::memory:",
        "jdbc:duckdb::memory:flags",
        "JDBC:DUCKDB:",
        " jdbc:duckdb: ",
        "jdbc:sqlite::memory:",
        "jdbc:sqlite:",
        "jdbc:h2:mem:flags",
        "jdbc:hsqldb:mem:flags",
        "jdbc:derby:memory:flags;create=true"
      })
  void database_inMemoryUrl_isRefusedNamingWhatPersists(String url) {
    assertThatThrownBy(() -> new PackContext.State.Database(url))
        .isInstanceOf(IllegalArgumentException.class)
        .hasMessageContaining("names a database in memory")
        .hasMessageContaining("lost when the process ends")
        .hasMessageContaining("jdbc:duckdb:/var/lib/codemode/state.duckdb");
  }

  @ParameterizedTest
  @ValueSource(
      strings = {
        "jdbc:duckdb:/var/lib/codemode/state.duckdb",
        "jdbc:duckdb:state.duckdb",
        "jdbc:postgresql://db.internal/state",
        "jdbc:h2:/var/lib/codemode/state",
        "jdbc:sqlite:/var/lib/codemode/state.db"
      })
  void database_persistentUrl_isTaken(String url) {
    assertThat(new PackContext.State.Database(url).jdbcUrl()).isEqualTo(url);
  }
}
