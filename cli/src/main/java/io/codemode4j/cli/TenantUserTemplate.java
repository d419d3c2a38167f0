package io.codemode4j.cli;

import io.codemode4j.sql.Tenant;
import io.codemode4j.warehouse.TenantUsers;
import io.codemode4j.warehouse.WarehouseException;
import java.util.Objects;
import java.util.TreeSet;
import java.util.regex.Pattern;
import org.jspecify.annotations.Nullable;

/**
 * {@code --warehouse-tenant-user TEMPLATE}: the database user each tenant's queries run as, the
 * template with its region in place of {@value #PLACEHOLDER} ({@code tenant_{tenant}} runs {@code
 * --tenant emea}'s queries as {@code tenant_emea}).
 *
 * <p>Decided: one region, one user. A tenant of several regions ({@code --tenant emea,apac}, or a
 * token's) has no user here: joining region names into one would let two different tenants meet in
 * one name ({@code a_b} + {@code c} and {@code a} + {@code b_c}), and a role that reads one region
 * cannot answer for two; such a tenant is refused, and the commands check theirs before serving.
 * The template's other characters are those of user names on every engine we reach (letters,
 * digits, {@code _ . @ $ -}), so what becomes a user is exactly what was typed.
 *
 * @param template the template, holding {@value #PLACEHOLDER} at least once
 */
record TenantUserTemplate(String template) implements TenantUsers {

  static final String PLACEHOLDER = "{tenant}";

  private static final Pattern TEXT = Pattern.compile("[A-Za-z0-9_.@$-]*");

  TenantUserTemplate {
    Objects.requireNonNull(template, "template");
    String rest = template.replace(PLACEHOLDER, "");
    if (rest.length() == template.length()) {
      throw new IllegalArgumentException(
          "--warehouse-tenant-user '"
              + template
              + "' has no "
              + PLACEHOLDER
              + ": write the user name with "
              + PLACEHOLDER
              + " where the region goes, e.g. tenant_"
              + PLACEHOLDER
              + " (--tenant emea then runs as tenant_emea)");
    }
    if (!TEXT.matcher(rest).matches()) {
      throw new IllegalArgumentException(
          "--warehouse-tenant-user '"
              + template
              + "' may hold, besides "
              + PLACEHOLDER
              + ", only letters, digits and _ . @ $ -, e.g. tenant_"
              + PLACEHOLDER);
    }
  }

  /** The user of {@code region}. */
  String user(String region) {
    return template.replace(PLACEHOLDER, region);
  }

  /**
   * The user of {@code tenant}'s one region.
   *
   * @throws WarehouseException of kind {@code UNAVAILABLE} for a tenant of several regions ({@link
   *     #problem} says why)
   */
  @Override
  public String user(Tenant tenant) throws WarehouseException {
    String problem = problem(tenant, "the tenant");
    if (problem != null) {
      throw new WarehouseException(WarehouseException.Kind.UNAVAILABLE, problem);
    }
    return user(tenant.values().iterator().next());
  }

  /** Why {@code subject}, {@code tenant}, has no user here, or null when it has one. */
  @Nullable String problem(Tenant tenant, String subject) {
    if (tenant.values().size() == 1) {
      return null;
    }
    return subject
        + " names "
        + tenant.values().size()
        + " regions ("
        + String.join(", ", new TreeSet<>(tenant.values()))
        + "), but --warehouse-tenant-user "
        + template
        + " runs each region's queries as a database user of its own: give one region, or leave"
        + " out --warehouse-tenant-user to confine the tenant by the allowlist's filters alone";
  }
}
