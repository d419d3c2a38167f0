package io.codemode4j.warehouse;

import static org.assertj.core.api.Assertions.assertThat;

import io.codemode4j.sql.dialect.Advice;
import io.codemode4j.warehouse.billing.BillingSample;
import io.codemode4j.warehouse.postgres.PostgresWarehouses;
import io.codemode4j.warehouse.trino.TestTrino;
import java.util.Arrays;
import java.util.Map;
import java.util.stream.Stream;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.Arguments;
import org.junit.jupiter.params.provider.MethodSource;

/**
 * Every {@link Advice} a refusal gives runs on its own engine: each dialect's advice, approved by
 * its allowlist and executed by the real DuckDB and the embedded PostgreSQL over the billing
 * sample, answers rows. So a refusal on PostgreSQL never sends a model to a function PostgreSQL
 * lacks (sql-allowlist's {@code AdviceTest} checks the refusals carry it).
 */
class DialectAdviceIT {

  private static Map<String, Warehouse> engines;

  @BeforeAll
  static void open() throws WarehouseException {
    engines =
        Map.of(
            "DuckDB",
            BillingSample.open(TestWarehouse.sampleDir(), TestWarehouse.cacheRoot()),
            "PostgreSQL",
            PostgresWarehouses.open(),
            "Trino",
            TestTrino.warehouse());
  }

  @AfterAll
  static void close() {
    engines.values().forEach(Warehouse::close);
  }

  static Stream<Arguments> everyTopicOnEveryEngine() {
    return Stream.of("DuckDB", "PostgreSQL", "Trino")
        .flatMap(engine -> Arrays.stream(Advice.values()).map(a -> Arguments.of(engine, a)));
  }

  @ParameterizedTest(name = "{0} {1}")
  @MethodSource("everyTopicOnEveryEngine")
  void advice_runOnItsEngine_answersRows(String engine, Advice topic) throws Exception {
    Warehouse warehouse = engines.get(engine);
    String advice = warehouse.allowlist().advice(topic);
    String sql =
        advice.startsWith("SELECT ")
            ? advice
            : "SELECT " + advice + " AS x FROM " + warehouse.allowlist().examples().table();

    QueryResult result = warehouse.query(sql, warehouse.unscoped());

    assertThat(warehouse.allowlist().dialect().name()).isEqualTo(engine);
    assertThat(result.rowCount()).as(sql).isPositive();
  }
}
