package io.codemode4j.warehouse.engine;

import io.codemode4j.sql.Tenant;
import io.codemode4j.warehouse.TenantUsers;
import io.codemode4j.warehouse.WarehouseException;
import java.util.Objects;
import java.util.TreeSet;
import java.util.regex.Pattern;
import org.jspecify.annotations.Nullable;

/**
 * A database user per tenant: the template with the tenant's key value in place of {@value
 * #PLACEHOLDER} ({@code tenant_{tenant}} runs the tenant {@code emea}'s queries as {@code
 * tenant_emea}).
 *
 * <p>Decided: one key value, one user. A tenant of several values has no user here: joining values
 * into one name would let two different tenants meet in one name ({@code a_b} + {@code c} and
 * {@code a} + {@code b_c}), and a user that reads one value's rows cannot answer for two; such a
 * tenant is refused, and front ends check theirs before serving. The template's other characters
 * are those of user names on every engine served (letters, digits, {@code _ . @ $ -}), so what
 * becomes a user is exactly what was written.
 *
 * @param template the template, holding {@value #PLACEHOLDER} at least once
 * @param source what gave the template, for messages: {@code --warehouse-tenant-user}
 * @param key what one tenant value is called, for messages: {@code region}
 * @param keys its plural: {@code regions}
 */
public record TenantUserTemplate(String template, String source, String key, String keys)
    implements TenantUsers {

  public static final String PLACEHOLDER = "{tenant}";

  private static final Pattern TEXT = Pattern.compile("[A-Za-z0-9_.@$-]*");

  public TenantUserTemplate {
    Objects.requireNonNull(template, "template");
    Objects.requireNonNull(source, "source");
    Objects.requireNonNull(key, "key");
    Objects.requireNonNull(keys, "keys");
    String rest = template.replace(PLACEHOLDER, "");
    if (rest.length() == template.length()) {
      throw new IllegalArgumentException(
          source
              + " '"
              + template
              + "' has no "
              + PLACEHOLDER
              + ": write the user name with "
              + PLACEHOLDER
              + " where the "
              + key
              + " goes, e.g. tenant_"
              + PLACEHOLDER);
    }
    if (!TEXT.matcher(rest).matches()) {
      throw new IllegalArgumentException(
          source
              + " '"
              + template
              + "' may hold, besides "
              + PLACEHOLDER
              + ", only letters, digits and _ . @ $ -, e.g. tenant_"
              + PLACEHOLDER);
    }
  }

  /** The user of the key value {@code value}. */
  public String user(String value) {
    return template.replace(PLACEHOLDER, value);
  }

  /**
   * The user of {@code tenant}'s one value.
   *
   * @throws WarehouseException of kind {@code UNAVAILABLE} for a tenant of several values ({@link
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
  public @Nullable String problem(Tenant tenant, String subject) {
    if (tenant.values().size() == 1) {
      return null;
    }
    return subject
        + " names "
        + tenant.values().size()
        + " "
        + keys
        + " ("
        + String.join(", ", new TreeSet<>(tenant.values()))
        + "), but "
        + source
        + " "
        + template
        + " runs each "
        + key
        + "'s queries as a database user of its own: give one, or leave out "
        + source
        + " to confine the tenant by the allowlist's filters alone";
  }
}
