package io.codemode4j.sql;

import java.util.Objects;
import java.util.Set;
import java.util.regex.Pattern;

/**
 * The regions one tenant may see. Every allowlisted table is filtered to these regions (see {@link
 * TenantScope}).
 *
 * <p>Region values end up as string literals in the executed SQL, so they are restricted to
 * lowercase {@code [a-z0-9_-]}, 1..64 characters: no quote or escape can appear in them.
 *
 * @param regions the visible regions; non-empty, copied
 */
public record Tenant(Set<String> regions) {

  private static final Pattern REGION = Pattern.compile("[a-z0-9_-]{1,64}");

  public Tenant {
    Objects.requireNonNull(regions, "regions");
    regions = Set.copyOf(regions);
    if (regions.isEmpty()) {
      throw new IllegalArgumentException("a tenant needs at least one region");
    }
    for (String region : regions) {
      if (!REGION.matcher(region).matches()) {
        throw new IllegalArgumentException(
            "region '"
                + region
                + "' is not valid: use 1..64 characters of lowercase a-z, 0-9, _ or -");
      }
    }
  }

  public static Tenant of(String... regions) {
    return new Tenant(Set.of(regions));
  }
}
