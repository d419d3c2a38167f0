package io.codemode4j.bench;

import io.codemode4j.warehouse.JdbcPools;
import java.util.Objects;
import org.jspecify.annotations.Nullable;

/**
 * Where the bench reaches one {@link Engine}: the warehouse and its plain JDBC baseline both
 * connect to {@code jdbcUrl} as {@code user} and read the sample's tables.
 *
 * @param jdbcUrl one of the engine's JDBC URLs; it may hold credentials, which are never shown
 * @param user the reader identity (README's reader role), the URL's own when it names one
 * @param password the reader's password, or null when the URL holds it or the server asks for none
 * @param schema PostgreSQL: the schema of the sample's tables ({@code billing} as {@code codemode
 *     load-sample} loads them); Trino: null, its URL names the catalog and schema
 */
public record EngineEndpoint(
    Engine engine,
    String jdbcUrl,
    String user,
    @Nullable String password,
    @Nullable String schema) {

  public EngineEndpoint {
    Objects.requireNonNull(engine, "engine");
    Objects.requireNonNull(jdbcUrl, "jdbcUrl");
    Objects.requireNonNull(user, "user");
    engine.requireUrl(jdbcUrl);
    engine.requireSchema(schema);
    if (user.isBlank()) {
      throw new IllegalArgumentException(engine.displayName() + " reader's name is blank");
    }
  }

  /**
   * The engine, the URL without credentials or options, the user and the schema: never the
   * password.
   */
  @Override
  public String toString() {
    return engine.displayName()
        + " at "
        + JdbcPools.redacted(jdbcUrl)
        + " as "
        + user
        + (schema == null ? "" : ", schema " + schema);
  }
}
