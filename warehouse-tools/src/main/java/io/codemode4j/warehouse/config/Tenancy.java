package io.codemode4j.warehouse.config;

import io.codemode4j.sql.Tenant;
import java.util.List;
import java.util.Objects;
import java.util.regex.Pattern;

/**
 * What a tenant is: a set of values of a tenant key (a region, a store, an account), which every
 * keyed table holds in a column of its own or through its parent row. A tenant's programs read only
 * rows of its values.
 */
public sealed interface Tenancy {

  /**
   * No tenants: every program reads every row, and a front end refuses a tenant it is asked to
   * confine to, since nothing could confine it.
   */
  record None() implements Tenancy {}

  /**
   * Tenants keyed by values of {@code key}.
   *
   * @param key what one value is called, in messages and help: {@code region}, {@code store}
   * @param values which values exist
   */
  record Keyed(String key, TenantValues values) implements Tenancy {

    private static final Pattern KEY = Pattern.compile("[a-z][a-z0-9_ -]{0,62}");

    public Keyed {
      Objects.requireNonNull(key, "key");
      Objects.requireNonNull(values, "values");
      if (!KEY.matcher(key).matches()) {
        throw new IllegalArgumentException(
            "a tenancy key is a short lowercase name such as region or store, was '" + key + "'");
      }
    }

    /** The key with its indefinite article for messages: a region, an account. */
    public String withArticle() {
      return (key.matches("[aeiou].*") ? "an " : "a ") + key;
    }

    /** The key's plural for messages, by English's regular rules: regions, companies, boxes. */
    public String plural() {
      if (key.matches(".*[^aeiou]y")) {
        return key.substring(0, key.length() - 1) + "ies";
      }
      return key + (key.matches(".*(s|x|z|ch|sh)") ? "es" : "s");
    }
  }

  /** Where the values a tenant may name come from. */
  sealed interface TenantValues {

    /** The values, listed in the description. */
    record Listed(List<String> values) implements TenantValues {
      public Listed {
        values = List.copyOf(values);
        if (values.isEmpty()) {
          throw new IllegalArgumentException("a tenancy lists at least one value");
        }
        values.forEach(value -> Tenant.of(value));
      }
    }

    /**
     * The values a query answers: one column of distinct key values, run through the allowlist over
     * every row, e.g. {@code SELECT DISTINCT store FROM stores}.
     */
    record Queried(String sql) implements TenantValues {
      public Queried {
        Objects.requireNonNull(sql, "sql");
        if (sql.isBlank()) {
          throw new IllegalArgumentException("a tenancy query must not be blank");
        }
      }
    }
  }
}
