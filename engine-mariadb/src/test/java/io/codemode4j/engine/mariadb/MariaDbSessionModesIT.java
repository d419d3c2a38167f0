package io.codemode4j.engine.mariadb;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import com.zaxxer.hikari.HikariDataSource;
import io.codemode4j.sql.QueryPolicy;
import io.codemode4j.sql.SqlAllowlist;
import io.codemode4j.warehouse.JdbcPools;
import io.codemode4j.warehouse.ShopDomain;
import java.sql.Connection;
import java.sql.ResultSet;
import java.sql.ResultSetMetaData;
import java.sql.SQLException;
import java.sql.Statement;
import java.util.List;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

/**
 * The measurements behind {@link MariaDbSqlDialect}'s quoting and {@link MariaDbEngine}'s pool:
 * what double quotes, {@code ||} and a backslash mean under MariaDB's default {@code sql_mode} and
 * under {@code ANSI_QUOTES,PIPES_AS_CONCAT} and {@code NO_BACKSLASH_ESCAPES}; the MariaDB dialect's
 * rendering of an approved query means the same under each; the engine's pool is read-only in its
 * {@code sql_mode}, and the typing text's claims hold. Over the shop ({@link TestShopMariaDb}).
 */
class MariaDbSessionModesIT {

  private static final String DEFAULT_MODE = "STRICT_TRANS_TABLES";
  private static final String ANSI = "ANSI_QUOTES,PIPES_AS_CONCAT";
  private static final String NO_BACKSLASH = "NO_BACKSLASH_ESCAPES";

  @BeforeAll
  static void start() {
    TestShopMariaDb.start();
  }

  @Test
  void doubleQuotesAndPipes_withoutAnsiModes_areSilentlyAStringAndAnOr() throws SQLException {
    try (Connection reader = TestShopMariaDb.connect(TestShopMariaDb.READER);
        Statement sql = reader.createStatement()) {
      sql.execute("SET SESSION sql_mode = '" + DEFAULT_MODE + "'");
      assertThat(one(sql, "SELECT \"store\" FROM stores LIMIT 1")).isEqualTo("store");
      assertThat(one(sql, "SELECT 'a' || 'b'")).isEqualTo("0");
      sql.execute("SET SESSION sql_mode = '" + ANSI + "'");
      assertThat(one(sql, "SELECT \"store\" FROM stores ORDER BY 1 LIMIT 1")).isEqualTo("east");
      assertThat(one(sql, "SELECT 'a' || 'b'")).isEqualTo("ab");
    }
  }

  /**
   * The rendering of names, {@code ||}, a backslash, a LIKE and a cast answers the same under each
   * mode, as DuckDB answers; a plain backslash literal does not.
   */
  @ParameterizedTest
  @ValueSource(strings = {DEFAULT_MODE, ANSI, NO_BACKSLASH, ANSI + "," + NO_BACKSLASH})
  void rendering_underEverySqlMode_meansTheSame(String mode) throws Exception {
    SqlAllowlist.Builder shop = SqlAllowlist.builder().dialect(MariaDbSql.dialect("shop"));
    ShopDomain.scopes().forEach(shop::table);
    SqlAllowlist allowlist = shop.build();
    String rendered =
        allowlist
            .approve(
                "SELECT store || '\\' || city AS joined, CAST(count(*) AS VARCHAR) AS n"
                    + " FROM stores GROUP BY store, city ORDER BY joined LIMIT 1",
                QueryPolicy.unscoped(10))
            .sql();
    // DuckDB's LIKE has no escape character: a backslash and a ! in a pattern are themselves.
    String like =
        allowlist
            .approve(
                "SELECT count(*) AS n, 'x' AS x FROM stores WHERE concat(store, '\\!') LIKE"
                    + " '%\\!'",
                QueryPolicy.unscoped(10))
            .sql();
    try (Connection reader = TestShopMariaDb.connect(TestShopMariaDb.READER);
        Statement sql = reader.createStatement()) {
      sql.execute("SET SESSION sql_mode = '" + mode + "'");
      assertThat(row(sql, rendered)).as(rendered).containsExactly("east\\city of east", "1");
      assertThat(row(sql, like)).as(like).containsExactly("3", "x");
      String plain = "SELECT 'a\\' AS x";
      if (mode.contains(NO_BACKSLASH)) {
        assertThat(one(sql, plain)).isEqualTo("a\\");
      } else {
        assertThatThrownBy(() -> one(sql, plain))
            .as("a backslash escapes the closing quote")
            .hasMessageContaining("syntax");
      }
    }
  }

  @Test
  void pool_ofTheEngine_isReadOnlyInItsSqlModeAndTypesAsItsTypingSays() throws Exception {
    MariaDbEngine engine = new MariaDbEngine();
    try (HikariDataSource pool =
            JdbcPools.open(
                engine.pool(TestShopMariaDb.url(), TestShopMariaDb.READER, TestMariaDb.PASSWORD));
        Connection reader = pool.getConnection();
        Statement sql = reader.createStatement()) {
      assertThat(one(sql, "SELECT @@tx_read_only")).isEqualTo("1");
      assertThat(one(sql, "SELECT @@sql_mode")).isEqualTo(MariaDbEngine.SQL_MODE);
      assertThatThrownBy(() -> one(sql, "SELECT status, customer FROM shop.orders GROUP BY status"))
          .as("ONLY_FULL_GROUP_BY")
          .hasMessageContaining("GROUP BY");
      try (ResultSet rs =
          sql.executeQuery(
              "SELECT count(*), sum(total_cents), avg(total_cents), 7 / CAST(2 AS DOUBLE),"
                  + " 7 DIV 2, status = 'shipped', max(ordered_on),"
                  + " CAST(1 AS UNSIGNED) + 18446744073709551614"
                  + " FROM shop.orders GROUP BY status = 'shipped' LIMIT 1")) {
        ResultSetMetaData meta = rs.getMetaData();
        List<String> types =
            List.of(
                meta.getColumnTypeName(1),
                meta.getColumnTypeName(2),
                meta.getColumnTypeName(3),
                meta.getColumnTypeName(4),
                meta.getColumnTypeName(5),
                meta.getColumnTypeName(6),
                meta.getColumnTypeName(7),
                meta.getColumnTypeName(8));
        assertThat(types)
            .containsExactly(
                "BIGINT",
                "DECIMAL",
                "DECIMAL",
                "DOUBLE",
                "INTEGER",
                "INTEGER",
                "DATE",
                "BIGINT UNSIGNED");
        rs.next();
        assertThat(rs.getString(4)).isEqualTo("3.5");
        assertThat(rs.getString(8)).isEqualTo("18446744073709551615");
        for (String type : types) {
          assertThat(engine.typing().rows()).contains(type);
        }
      }
    }
  }

  private static String one(Statement sql, String query) throws SQLException {
    try (ResultSet rs = sql.executeQuery(query)) {
      rs.next();
      return rs.getString(1);
    }
  }

  private static List<String> row(Statement sql, String query) throws SQLException {
    try (ResultSet rs = sql.executeQuery(query)) {
      rs.next();
      return List.of(rs.getString(1), rs.getString(2));
    }
  }
}
