package io.codemode4j.bridge;

import java.util.Objects;
import java.util.Set;
import org.jspecify.annotations.Nullable;

/**
 * Who a run acts for. {@code tenant} is the set of tenant keys whose data the principal may see
 * (regions, for the warehouse tools); null means the principal is not confined to a tenant ({@link
 * #confined()} is false).
 *
 * <p>Decided: no {@code Optional} component (a record's components are its fields); absence is
 * null, asked with {@link #confined()}. An empty set is refused, so that no set of keys can ever be
 * read as "every tenant".
 */
public record Principal(String id, @Nullable Set<String> tenant) {
  public Principal {
    Objects.requireNonNull(id, "id");
    if (id.isBlank()) {
      throw new IllegalArgumentException("principal id must not be blank");
    }
    if (tenant != null) {
      tenant = Set.copyOf(tenant);
      if (tenant.isEmpty()) {
        throw new IllegalArgumentException(
            "a tenant must name at least one key; use Principal.unconfined(id) for an unconfined principal");
      }
    }
  }

  /** A principal that sees every tenant's data (the CLI without {@code --tenant}). */
  public static Principal unconfined(String id) {
    return new Principal(id, null);
  }

  /** A principal confined to the given tenant keys. */
  public static Principal ofTenant(String id, Set<String> tenant) {
    return new Principal(id, Objects.requireNonNull(tenant, "tenant"));
  }

  /**
   * Whether the principal is confined to {@link #tenant()}; false when it sees every tenant's data.
   */
  public boolean confined() {
    return tenant != null;
  }
}
