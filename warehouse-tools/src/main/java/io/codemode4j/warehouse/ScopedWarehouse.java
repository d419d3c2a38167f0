package io.codemode4j.warehouse;

import io.codemode4j.bridge.Principal;
import io.codemode4j.bridge.audit.LogText;
import io.codemode4j.bridge.tool.ToolFailure;
import io.codemode4j.sql.QueryPolicy;
import io.codemode4j.sql.SqlRefusedException;
import io.codemode4j.sql.Tenant;
import java.time.Duration;
import java.util.Objects;
import java.util.Set;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * The warehouse as one tool call reaches it: confined to the calling principal's tenant, with every
 * failure turned into the {@link ToolFailure} a program can catch. {@code warehouse.query} and the
 * billing sample's typed tools read through it; a host's own typed tools should too.
 *
 * <p>Failure mapping: a refused query is {@code refused} with the allowlist's message (it says what
 * is allowed instead); a query past its timeout is {@code timeout}; a database error is {@code
 * failed} with the database's first line (it names the column or conversion to fix); a result past
 * the warehouse's {@code maxResultBytes} is {@code too_large}, as the bridge's own refusal of a
 * result past {@code maxHostCallBytes} is; an unavailable warehouse is {@code failed} with a
 * generic message, since its details name host paths (they go to the log); an interrupted query
 * throws {@link InterruptedException}: the pass that made the call has ended.
 */
public final class ScopedWarehouse {

  private static final Logger LOG = LoggerFactory.getLogger(ScopedWarehouse.class);

  private final Warehouse warehouse;
  private final Duration queryTimeout;

  /**
   * {@code warehouse}, whose queries this cancels after {@code queryTimeout} (above 0, at most 1h).
   */
  public ScopedWarehouse(Warehouse warehouse, Duration queryTimeout) {
    this.warehouse = Objects.requireNonNull(warehouse, "warehouse");
    this.queryTimeout = Warehouse.requireTimeout(queryTimeout);
  }

  /** The warehouse's own default query timeout. */
  public ScopedWarehouse(Warehouse warehouse) {
    this(warehouse, warehouse.queryTimeout());
  }

  public Warehouse warehouse() {
    return warehouse;
  }

  public Duration queryTimeout() {
    return queryTimeout;
  }

  /**
   * Runs {@code sql} through the allowlist for {@code principal}'s tenant, keeping at most {@code
   * maxRows}.
   */
  public QueryResult query(String sql, Principal principal, int maxRows)
      throws ToolFailure, InterruptedException {
    QueryPolicy policy = policy(principal, maxRows);
    try {
      return warehouse.query(sql, policy, queryTimeout);
    } catch (SqlRefusedException e) {
      throw new ToolFailure(ToolFailure.Kind.REFUSED, e.getMessage());
    } catch (WarehouseException e) {
      throw switch (e.kind()) {
        case TIMEOUT -> new ToolFailure(ToolFailure.Kind.TIMEOUT, e.getMessage());
        case TOO_LARGE -> new ToolFailure(ToolFailure.Kind.TOO_LARGE, e.getMessage());
        case DATABASE -> new ToolFailure(ToolFailure.Kind.FAILED, e.getMessage());
        case UNAVAILABLE -> {
          LOG.warn("warehouse unavailable for principal {}", principal.id(), LogText.of(e));
          yield new ToolFailure(
              ToolFailure.Kind.FAILED,
              "the warehouse is unavailable right now (the host's log has the details); try again later");
        }
        case NOT_CONFINED -> {
          // The host's database lets this tenant's user read other tenants' rows: the setup is
          // for the host's log; the program learns only that its queries are refused.
          LOG.warn("warehouse refuses principal {}: {}", principal.id(), LogText.of(e));
          yield new ToolFailure(
              ToolFailure.Kind.FAILED,
              "the warehouse refuses this tenant's queries until its database confines them to"
                  + " the tenant's rows (the host's log has the details)");
        }
        case INTERRUPTED -> throw interruption(e);
      };
    }
  }

  /**
   * The policy of one call: the principal's tenant as the allowlist's {@link Tenant}, or every row
   * for an unconfined principal, and {@code maxRows}. Fails closed: tenant keys that are not valid
   * tenant key values (lowercase {@code [a-z0-9_-]}) cannot become a row filter, so the call is
   * {@code unauthorized} rather than run unfiltered.
   */
  static QueryPolicy policy(Principal principal, int maxRows) throws ToolFailure {
    Set<String> keys = principal.tenant();
    if (keys == null) {
      return QueryPolicy.unscoped(maxRows);
    }
    try {
      return QueryPolicy.forTenant(new Tenant(keys), maxRows);
    } catch (IllegalArgumentException e) {
      throw new ToolFailure(
          ToolFailure.Kind.UNAUTHORIZED,
          "principal '"
              + principal.id()
              + "' has a tenant that is not a set of tenant key values ("
              + e.getMessage()
              + "); the host must confine it to values of the warehouse's tenant key, such as"
              + " emea for the bundled sample's regions");
    }
  }

  private static InterruptedException interruption(WarehouseException e) {
    InterruptedException interrupted = new InterruptedException(e.getMessage());
    interrupted.initCause(e);
    return interrupted;
  }
}
