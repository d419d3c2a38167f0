package io.codemode4j.engine.trino;

import io.codemode4j.sql.Tenant;
import java.util.Collections;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.Set;
import java.util.TreeSet;

/**
 * Who reads one {@link TrinoLockdown}: {@code reader} every row of its tables and views, each user
 * of {@code tenantUsers} its tenant's rows alone. A user may read several lockdowns (a schema a
 * warehouse serves and the schema of the tables its views read), each through an access of its own.
 *
 * <p>Users are matched by name exactly (each name a quoted regular expression), so a tenant's user
 * named {@code analyst_emea} never matches {@code analyst_emea2}.
 *
 * @param lockdown the relations read
 * @param reader the reader of every tenant's rows
 * @param tenantUsers each tenant's user
 */
public record TrinoAccess(TrinoLockdown lockdown, String reader, Map<Tenant, String> tenantUsers) {

  /**
   * @throws IllegalArgumentException when a user name is not 1..128 characters of letters, digits
   *     and {@code _ . @ -}, or the owner, the reader and the tenants do not each have a user of
   *     their own
   */
  public TrinoAccess {
    Objects.requireNonNull(lockdown, "lockdown");
    TrinoLockdown.requireUser(reader, "reader");
    Objects.requireNonNull(tenantUsers, "tenantUsers");
    tenantUsers = Collections.unmodifiableMap(new LinkedHashMap<>(tenantUsers));
    Set<String> names = new TreeSet<>(List.of(lockdown.owner(), reader));
    tenantUsers.forEach(
        (tenant, user) -> {
          TrinoLockdown.requireUser(user, "user of tenant " + tenant.values());
          names.add(user);
        });
    if (names.size() != 2 + tenantUsers.size()) {
      throw new IllegalArgumentException(
          "the owner, the reader and each tenant need users of their own, got owner "
              + lockdown.owner()
              + ", reader "
              + reader
              + " and tenants "
              + tenantUsers);
    }
  }

  /** The reader and the tenants' users: every user this access lets read. */
  Set<String> users() {
    Set<String> users = new TreeSet<>(tenantUsers.values());
    users.add(reader);
    return users;
  }
}
