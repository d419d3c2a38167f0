package io.codemode4j.sql;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.sql.SQLException;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;

/**
 * On DuckDB itself: the submitted differential text would run query_table, the rendering of Calcite's
 * tree of the same text does not.
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

    @Test
    void doubleSlash_renderedTree_runsOnlyTheSelectCalciteParsed() throws Exception {
        String rendered = DuckDbRenderer.render(ParserDifferentialTest.parse(ParserDifferentialTest.DOUBLE_SLASH));

        Warehouse.Result result = warehouse.query(rendered);

        assertThat(result.columns()).hasSize(1);
        assertThat(result.rows()).containsExactly(java.util.List.of(1));
    }

    @Test
    void dollarQuote_originalText_runsQueryTableInDuckDb() throws Exception {
        assertThat(warehouse.query(ParserDifferentialTest.DOLLAR_QUOTE).columns()).contains("leak");
    }

    @Test
    void dollarQuote_renderedTree_isAColumnReferenceDuckDbCannotBind() throws Exception {
        String rendered = DuckDbRenderer.render(ParserDifferentialTest.parse(ParserDifferentialTest.DOLLAR_QUOTE));

        assertThatThrownBy(() -> warehouse.query(rendered))
                .isInstanceOf(SQLException.class)
                .hasMessageContaining("Binder Error")
                .hasMessageContaining("$$");
    }
}
