package io.codemode4j.bridge;

import java.util.Objects;
import java.util.Optional;
import java.util.Set;

/**
 * Who a run acts for. {@code tenant} is the set of tenant keys whose data the principal may see (regions, for
 * the warehouse tools); empty means the principal is not confined to a tenant.
 */
public record Principal(String id, Optional<Set<String>> tenant) {
  public Principal {
    Objects.requireNonNull(id, "id");
    if (id.isBlank()) {
      throw new IllegalArgumentException("principal id must not be blank");
    }
    tenant = tenant.map(Set::copyOf);
    tenant.ifPresent(keys -> {
      if (keys.isEmpty()) {
        throw new IllegalArgumentException(
            "a tenant must name at least one key; use Optional.empty() for an unconfined principal");
      }
    });
  }

  /** A principal that sees every tenant's data (the CLI without {@code --tenant}). */
  public static Principal unconfined(String id) {
    return new Principal(id, Optional.empty());
  }

  /** A principal confined to the given tenant keys. */
  public static Principal ofTenant(String id, Set<String> tenant) {
    return new Principal(id, Optional.of(tenant));
  }
}
