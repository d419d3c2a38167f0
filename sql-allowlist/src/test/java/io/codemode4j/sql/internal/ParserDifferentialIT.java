package io.codemode4j.sql.internal;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.codemode4j.sql.dialect.Dialect;
import java.sql.SQLException;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

/**
 * On DuckDB itself: the submitted differential text would run query_table, the rendering of
 * Calcite's tree of the same text (the core parser's or Babel's) does not.
 */
class ParserDifferentialIT {

  private static Warehouse warehouse;

  @BeforeAll
  static void loadWarehouse() throws SQLException {
    warehouse = Warehouse.all();
  }

  @AfterAll
  static void closeWarehouse() throws SQLException {
    warehouse.close();
  }

  @Test
  void doubleSlash_originalText_runsQueryTableInDuckDb() throws Exception {
    assertThat(warehouse.query(ParserDifferentialTest.DOUBLE_SLASH).columns()).contains("leak");
  }

  @ParameterizedTest
  @ValueSource(strings = {ParserDifferentialTest.CORE, ParserDifferentialTest.BABEL})
  void doubleSlash_renderedTree_runsOnlyTheSelectCalciteParsed(String parser) throws Exception {
    String rendered =
        Rendering.render(
            ParserDifferentialTest.parse(ParserDifferentialTest.DOUBLE_SLASH, parser),
            Dialect.duckDb());

    Warehouse.Result result = warehouse.query(rendered);

    assertThat(result.columns()).hasSize(1);
    assertThat(result.rows()).containsExactly(java.util.List.of(1));
  }

  @Test
  void dollarQuote_originalText_runsQueryTableInDuckDb() throws Exception {
    assertThat(warehouse.query(ParserDifferentialTest.DOLLAR_QUOTE).columns()).contains("leak");
  }

  @ParameterizedTest
  @ValueSource(strings = {ParserDifferentialTest.CORE, ParserDifferentialTest.BABEL})
  void dollarQuote_renderedTree_isAColumnReferenceDuckDbCannotBind(String parser) throws Exception {
    String rendered =
        Rendering.render(
            ParserDifferentialTest.parse(ParserDifferentialTest.DOLLAR_QUOTE, parser),
            Dialect.duckDb());

    assertThatThrownBy(() -> warehouse.query(rendered))
        .isInstanceOf(SQLException.class)
        .hasMessageContaining("Binder Error")
        .hasMessageContaining("$$");
  }
}
