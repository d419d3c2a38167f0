package io.codemode4j.warehouse;

import com.zaxxer.hikari.HikariConfig;
import com.zaxxer.hikari.HikariDataSource;
import com.zaxxer.hikari.pool.HikariPool;
import java.time.Duration;
import java.util.Objects;
import java.util.regex.Pattern;
import org.jspecify.annotations.Nullable;

/**
 * Opens the HikariCP pools a {@link Warehouse} reads through: the one place that decides how a
 * warehouse connection pool is configured.
 *
 * <p>Decided: every pool is read-only (HikariCP marks each connection so when it is made), in
 * auto-commit (a query is one statement, nothing to commit), keeps one idle connection (the first
 * query of a quiet pass does not pay for a connection), and waits at most 30 s for a free one. A
 * host's own {@link HikariConfig} is copied before these are applied, so the host's object is left
 * as it was.
 */
public final class JdbcPools {

  /** Connections in a pool opened from a URL, unless told otherwise. */
  public static final int DEFAULT_POOL_SIZE = 4;

  private static final Duration CONNECTION_TIMEOUT = Duration.ofSeconds(30);

  /** A URL option naming a credential: {@code ?user=...} or {@code &password=...}. */
  private static final Pattern CREDENTIAL_OPTION =
      Pattern.compile("[?&](user|password)=", Pattern.CASE_INSENSITIVE);

  /** A URL's user information: {@code //user:secret@host} keeps {@code //host}. */
  private static final Pattern USER_INFO = Pattern.compile("//[^/@]*@");

  private JdbcPools() {}

  /**
   * A read-only pool configured by a copy of {@code config} (its URL or data source, credentials,
   * size and driver properties); one connection is made now.
   *
   * @throws WarehouseException of kind {@code UNAVAILABLE} when no connection can be made
   */
  public static HikariDataSource open(HikariConfig config) throws WarehouseException {
    Objects.requireNonNull(config, "config");
    HikariConfig copy = new HikariConfig();
    config.copyStateTo(copy);
    if (copy.getPoolName() == null) {
      copy.setPoolName("codemode-warehouse");
    }
    copy.setReadOnly(true);
    copy.setAutoCommit(true);
    copy.setMinimumIdle(1);
    copy.setConnectionTimeout(CONNECTION_TIMEOUT.toMillis());
    try {
      return new HikariDataSource(copy);
    } catch (HikariPool.PoolInitializationException | IllegalArgumentException e) {
      Throwable cause = e.getCause() != null ? e.getCause() : e;
      String where = copy.getJdbcUrl() == null ? "its data source" : redacted(copy.getJdbcUrl());
      throw new WarehouseException(
          WarehouseException.Kind.UNAVAILABLE,
          "cannot open the warehouse at " + where + ": " + cause.getMessage(),
          e);
    }
  }

  /**
   * The configuration of a pool of {@link #DEFAULT_POOL_SIZE} connections to {@code jdbcUrl} as
   * {@code user} with {@code password} (either null: the URL's, or none), for {@link
   * #open(HikariConfig)}.
   *
   * @throws IllegalArgumentException when {@code jdbcUrl} is no JDBC URL, naming it without
   *     credentials or options
   */
  public static HikariConfig config(
      String jdbcUrl, @Nullable String user, @Nullable String password) {
    Objects.requireNonNull(jdbcUrl, "jdbcUrl");
    if (!jdbcUrl.startsWith("jdbc:")) {
      throw new IllegalArgumentException(
          "a warehouse JDBC URL starts with 'jdbc:', was '" + redacted(jdbcUrl) + "'");
    }
    HikariConfig config = new HikariConfig();
    config.setJdbcUrl(jdbcUrl);
    if (user != null) {
      config.setUsername(user);
    }
    if (password != null) {
      config.setPassword(password);
    }
    config.setMaximumPoolSize(DEFAULT_POOL_SIZE);
    return config;
  }

  /**
   * Refuses {@code jdbcUrl} when its options name a user or a password ({@code ?user=}, {@code
   * &password=}): a driver takes them for every pool opened from the URL, over each tenant's own
   * user, so a warehouse with a user per tenant takes its credentials apart.
   *
   * @param engine the engine's name for the message: {@code PostgreSQL}
   * @throws IllegalArgumentException saying so and what to do, never echoing the URL
   */
  public static void requireCredentialsApart(String jdbcUrl, String engine) {
    if (CREDENTIAL_OPTION.matcher(jdbcUrl).find()) {
      throw new IllegalArgumentException(
          "a "
              + engine
              + " warehouse with a user per tenant takes its credentials outside the URL, but its"
              + " options name a user or password, which the driver would use for every tenant's"
              + " connections too: remove user= and password= from the URL and give the reader's"
              + " separately");
    }
  }

  /**
   * {@code jdbcUrl} as it may be shown in a message or log: without user information, and cut at
   * its first {@code ?} or {@code ;} (where passwords and tokens go).
   */
  public static String redacted(String jdbcUrl) {
    String url = USER_INFO.matcher(jdbcUrl).replaceFirst("//");
    int options = url.length();
    for (char separator : new char[] {'?', ';'}) {
      int at = url.indexOf(separator);
      if (at >= 0) {
        options = Math.min(options, at);
      }
    }
    return url.substring(0, options);
  }
}
