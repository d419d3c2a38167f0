package io.codemode4j.sql;

import java.util.Objects;
import java.util.Set;
import java.util.regex.Pattern;

/**
 * What one tenant may see: the values of the tenant key. Each allowlisted table names its tenant
 * key column, or the parent row it belongs to (see {@link TenantScope}), and every reference to it
 * is limited to rows whose key is one of these values. What the key means is the warehouse's
 * choice: a warehouse may key its tables by customer, by sales area ({@code north}, {@code south})
 * or by any other column.
 *
 * <p>Key values end up as literals in the executed SQL (quoted for a text key, numbers for a
 * whole-number one, {@link TenantScope.KeyType}), so they are restricted to lowercase {@code
 * [a-z0-9_-]}, 1..64 characters: no quote or escape can appear in them.
 *
 * @param values the key values this tenant may see; non-empty, copied
 */
public record Tenant(Set<String> values) {

  private static final Pattern VALUE = Pattern.compile("[a-z0-9_-]{1,64}");

  public Tenant {
    Objects.requireNonNull(values, "values");
    values = Set.copyOf(values);
    if (values.isEmpty()) {
      throw new IllegalArgumentException("a tenant needs at least one tenant key value");
    }
    for (String value : values) {
      if (!VALUE.matcher(value).matches()) {
        throw new IllegalArgumentException(
            "tenant key value '"
                + value
                + "' is not valid: use 1..64 characters of lowercase a-z, 0-9, _ or -");
      }
    }
  }

  public static Tenant of(String... values) {
    return new Tenant(Set.of(values));
  }
}
