package io.codemode4j.sql.internal;

import io.codemode4j.sql.SampleTables;
import io.codemode4j.sql.SqlAllowlist;
import io.codemode4j.sql.TenantScope;
import java.sql.SQLException;
import java.util.List;

/**
 * The two small tables the differential tests add to the sample warehouse, so generated queries
 * meet every type the allowlist lets a query cast to, with NULLs, negative numbers, empty and
 * quote-holding strings and dates around a leap day, while staying cheap: 40 and 9 rows.
 *
 * <p>Each has a {@code region} column so it can be allowlisted like the warehouse tables ({@link
 * TenantScope} has no unscoped option); the differential tests approve without a tenant, so no
 * tenant filter is applied. Every value is computed from the row number: the same rows on every
 * run.
 */
final class DifferentialTables {

  /** {@code id} is unique and never NULL: windows and LIMITs order by it to stay deterministic. */
  static final String VALUES_TABLE =
      """
            CREATE TABLE typed_values AS SELECT
                id::INTEGER AS id,
                ['emea', 'apac', 'americas'][id % 3 + 1] AS region,
                CASE id % 4 WHEN 0 THEN NULL WHEN 1 THEN 'a' WHEN 2 THEN 'b' ELSE 'c' END AS g,
                CASE WHEN id % 9 = 0 THEN NULL ELSE (id * 7 % 23 - 8)::INTEGER END AS i,
                CASE WHEN id % 11 = 0 THEN NULL ELSE (id * 7919 % 9973 - 5000)::BIGINT END AS b,
                CASE WHEN id % 13 = 0 THEN NULL ELSE ((id - 20) / 4.0)::DOUBLE END AS x,
                CASE WHEN id % 7 = 0 THEN NULL ELSE ((id * 37 % 401 - 200) / 4.0)::DECIMAL(10,2) END AS d,
                CASE WHEN id % 17 = 0 THEN NULL ELSE (id % 10 * 0.05)::DECIMAL(4,2) END AS discount,
                CASE id % 8 WHEN 0 THEN NULL WHEN 1 THEN '' WHEN 2 THEN 'it''s' WHEN 3 THEN 'A%b'
                    WHEN 4 THEN 'x_y' ELSE 'ab' || (id % 5) END AS s,
                CASE WHEN id % 10 = 0 THEN NULL ELSE DATE '2024-02-20' + (id * 3 % 31)::INTEGER END AS dt,
                CASE WHEN id % 12 = 0 THEN NULL ELSE TIMESTAMP '2024-02-28 22:00:00' + to_minutes(id * 97) END AS ts,
                CASE WHEN id % 3 = 0 THEN NULL ELSE id % 2 = 0 END AS flag
            FROM range(1, 41) r(id)""";

  /**
   * Keys that match some {@code typed_values.i} (and one NULL key), for joins and correlated
   * subqueries.
   */
  static final String KEYS_TABLE =
      """
            CREATE TABLE typed_keys AS SELECT
                k::INTEGER AS k,
                ['emea', 'apac', 'americas'][n % 3 + 1] AS region,
                CASE WHEN n = 4 THEN NULL ELSE 'key ' || n END AS label,
                (n * 0.11)::DECIMAL(4,2) AS weight,
                DATE '2024-02-27' + n::INTEGER AS since
            FROM (VALUES (0, -3), (1, -1), (2, 0), (3, 1), (4, 2), (5, 3), (6, 5), (7, 8), (8, NULL)) v(n, k)""";

  static final List<String> NAMES = List.of("typed_values", "typed_keys");

  private DifferentialTables() {}

  /**
   * The sample warehouse plus both tables, on one thread: a parallel sum of doubles may add in
   * another order on each run, and the two runs of a query must differ only by the rendering.
   */
  static Warehouse warehouse() throws SQLException {
    Warehouse warehouse = Warehouse.all();
    try {
      warehouse.execute("SET threads = 1");
      warehouse.execute(VALUES_TABLE);
      warehouse.execute(KEYS_TABLE);
    } catch (SQLException e) {
      warehouse.close();
      throw e;
    }
    return warehouse;
  }

  /**
   * What one tenant sees: the sample warehouse's and both tables' rows of {@code region} only, on
   * one thread. A tenant's query run here as written must answer what its rendering answers on
   * {@link #warehouse()}, where the rendering's own filters leave the same rows.
   */
  static Warehouse tenantWarehouse(String region) throws SQLException {
    Warehouse warehouse = Warehouse.onlyRegions(List.of(region));
    try {
      warehouse.execute("SET threads = 1");
      warehouse.execute(VALUES_TABLE);
      warehouse.execute(KEYS_TABLE);
      for (String table : NAMES) {
        warehouse.execute(
            "DELETE FROM " + table + " WHERE region IS DISTINCT FROM '" + region + "'");
      }
    } catch (SQLException e) {
      warehouse.close();
      throw e;
    }
    return warehouse;
  }

  /**
   * The default tables and both of these, with the default functions, without an approval cache:
   * thousands of distinct generated texts would only churn it.
   */
  static SqlAllowlist allowlist() {
    SqlAllowlist.Builder builder = SampleTables.builder().approvalCacheSize(0);
    NAMES.forEach(name -> builder.table(name, TenantScope.byColumn("region")));
    return builder.build();
  }
}
