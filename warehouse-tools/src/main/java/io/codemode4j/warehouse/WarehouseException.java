package io.codemode4j.warehouse;

import java.util.Objects;
import org.jspecify.annotations.Nullable;

/**
 * A query that the allowlist approved but the warehouse could not answer.
 *
 * <p>The {@link Kind} lets callers (the CLI's exit codes, Code Mode's tool failure kinds) react
 * without parsing messages; the message is the database's own first line plus what to do about it.
 */
public final class WarehouseException extends Exception {

  /** Why the query did not produce a result. */
  public enum Kind {
    /** The query ran longer than its timeout and was cancelled inside the database. */
    TIMEOUT,
    /** The calling thread was interrupted; the running statement was cancelled. */
    INTERRUPTED,
    /** The database rejected or failed the statement (binder error, type error, out of memory). */
    DATABASE,
    /** No connection could be had, or the warehouse could not be prepared. */
    UNAVAILABLE,
    /**
     * The result passed the warehouse's {@code maxResultBytes} of JSON while it was read; reading
     * stopped there and the statement was closed.
     */
    TOO_LARGE,
    /**
     * The tenant's own connections ({@link TenantDataSources}) read another tenant's rows, or could
     * not be proven not to; none of the tenant's queries runs until the database confines them.
     */
    NOT_CONFINED
  }

  private static final long serialVersionUID = 1L;

  private final Kind kind;

  public WarehouseException(Kind kind, String message, @Nullable Throwable cause) {
    super(Objects.requireNonNull(message, "message"), cause);
    this.kind = Objects.requireNonNull(kind, "kind");
  }

  /** What went wrong and what to do about it; never null. */
  @Override
  public String getMessage() {
    return Objects.requireNonNull(super.getMessage());
  }

  public WarehouseException(Kind kind, String message) {
    this(kind, message, null);
  }

  public Kind kind() {
    return kind;
  }
}
