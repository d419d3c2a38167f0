package io.codemode4j.warehouse.config;

import io.codemode4j.sql.TenantScope;
import java.util.LinkedHashMap;
import java.util.Map;
import java.util.Objects;
import org.jspecify.annotations.Nullable;

/**
 * One table or view a program may read.
 *
 * @param name its lowercase name
 * @param description what one row is, shown to the model beside the table; {@code null} for none
 * @param scope how its rows are confined to a tenant ({@link TenantScope.Shared} for every
 *     tenant's)
 * @param columns column name to what the model should know of it (its values, unit, traps), in the
 *     file's order
 * @param view for a directory connection, the SELECT that defines this view over the directory's
 *     tables; {@code null} for a table (or a view the database already has)
 */
public record TableDescription(
    String name,
    @Nullable String description,
    TenantScope scope,
    Map<String, String> columns,
    @Nullable String view) {

  public TableDescription {
    Objects.requireNonNull(name, "name");
    Objects.requireNonNull(scope, "scope");
    columns = java.util.Collections.unmodifiableMap(new LinkedHashMap<>(columns));
  }
}
