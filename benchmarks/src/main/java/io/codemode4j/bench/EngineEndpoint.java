package io.codemode4j.bench;

import io.codemode4j.warehouse.JdbcPools;
import java.util.Objects;
import org.jspecify.annotations.Nullable;

/**
 * Where the bench reaches one {@link Engine}: the warehouse and its plain JDBC baseline both
 * connect to {@code jdbcUrl} as {@code user}, and read the sample's tables in {@code schema}.
 *
 * @param jdbcUrl one of the engine's JDBC URLs; it may hold credentials, which are never shown
 * @param user the reader identity (README's reader role), the URL's own when it names one
 * @param password the reader's password, or null when the URL holds it or the server asks for none
 * @param schema where the sample's tables are ({@code billing} as {@code codemode load-sample}
 *     loads them)
 */
public record EngineEndpoint(
    Engine engine, String jdbcUrl, String user, @Nullable String password, String schema) {

  public EngineEndpoint {
    Objects.requireNonNull(engine, "engine");
    Objects.requireNonNull(jdbcUrl, "jdbcUrl");
    Objects.requireNonNull(user, "user");
    Objects.requireNonNull(schema, "schema");
    engine.requireUrl(jdbcUrl);
    if (user.isBlank()) {
      throw new IllegalArgumentException(engine.displayName() + " reader's name is blank");
    }
    if (schema.isBlank()) {
      throw new IllegalArgumentException(engine.displayName() + " schema is blank");
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
        + ", schema "
        + schema;
  }
}
