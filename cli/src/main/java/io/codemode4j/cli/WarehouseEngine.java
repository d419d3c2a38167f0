package io.codemode4j.cli;

import io.codemode4j.warehouse.JdbcPools;
import java.util.Arrays;
import java.util.stream.Collectors;

/**
 * The engines {@code --warehouse} reaches, each known by the scheme of its JDBC URL: the one place
 * the CLI tells engines apart. Decided: a command switches over the engine {@link #of} returns, so
 * an engine added here is a compile error in every command until it has its branch ({@code
 * load-sample} included, which may refuse it).
 */
enum WarehouseEngine {
  POSTGRESQL("jdbc:postgresql:", "jdbc:postgresql://host:5432/warehouse"),
  TRINO("jdbc:trino:", "jdbc:trino://host:8080/hive/billing");

  private final String scheme;
  private final String example;

  WarehouseEngine(String scheme, String example) {
    this.scheme = scheme;
    this.example = example;
  }

  /**
   * The engine of {@code jdbcUrl}.
   *
   * @throws IllegalArgumentException naming the supported schemes (and the URL without credentials
   *     or options) when no engine has its scheme
   */
  static WarehouseEngine of(String jdbcUrl) {
    for (WarehouseEngine engine : values()) {
      if (jdbcUrl.startsWith(engine.scheme)) {
        return engine;
      }
    }
    throw new IllegalArgumentException(
        "--warehouse '"
            + JdbcPools.redacted(jdbcUrl)
            + "' is not a JDBC URL of a supported engine: give one starting with "
            + Arrays.stream(values())
                .map(engine -> engine.scheme + " (e.g. " + engine.example + ")")
                .collect(Collectors.joining(" or ")));
  }
}
