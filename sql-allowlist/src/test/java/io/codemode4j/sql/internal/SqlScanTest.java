package io.codemode4j.sql.internal;

import static org.assertj.core.api.Assertions.assertThat;

import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

class SqlScanTest {

  /** Calcite and DuckDB end a {@code --} comment at any of these; so must every lexical pass. */
  @ParameterizedTest(name = "line break {index}")
  @ValueSource(strings = {"\n", "\r", "\r\n"})
  void of_lineCommentEndedByALineBreak_readsWhatFollowsAsCode(String lineBreak) {
    String sql = "SELECT 1 --note" + lineBreak + "AS x";
    SqlScan scan = SqlScan.of(sql);

    int as = sql.indexOf("AS x");
    assertThat(scan.isCode(sql.indexOf("note"))).isFalse();
    assertThat(scan.isCode(as)).isTrue();
    assertThat(scan.isCode(as + 3)).isTrue();
  }

  @ParameterizedTest(name = "line break {index}")
  @ValueSource(strings = {"\n", "\r"})
  void skipToLineEnd_lineComment_stopsAtTheLineBreak(String lineBreak) {
    String sql = "-- a" + lineBreak + "SELECT";

    assertThat(SqlScan.skipToLineEnd(sql, 0)).isEqualTo(4);
  }
}
