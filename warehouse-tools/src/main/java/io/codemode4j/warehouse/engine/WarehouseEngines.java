package io.codemode4j.warehouse.engine;

import io.codemode4j.warehouse.JdbcPools;
import java.util.List;
import java.util.Objects;
import java.util.ServiceLoader;
import java.util.stream.Collectors;
import org.jspecify.annotations.Nullable;

/**
 * The engines on the class path, found through {@link ServiceLoader}: the one place a URL or a
 * directory is matched to the engine that serves it.
 */
public final class WarehouseEngines {

  private static final List<WarehouseEngine> ENGINES =
      ServiceLoader.load(WarehouseEngine.class, WarehouseEngines.class.getClassLoader()).stream()
          .map(ServiceLoader.Provider::get)
          .toList();

  private WarehouseEngines() {}

  /** Every engine found, in class-path order. */
  public static List<WarehouseEngine> all() {
    return ENGINES;
  }

  /** The engine that supports {@code jdbcUrl}, or {@code null} when none does. */
  public static @Nullable WarehouseEngine find(String jdbcUrl) {
    Objects.requireNonNull(jdbcUrl, "jdbcUrl");
    for (WarehouseEngine engine : ENGINES) {
      if (engine.supports(jdbcUrl)) {
        return engine;
      }
    }
    return null;
  }

  /** The engine named {@code name} (as {@link WarehouseEngine#name()}), or {@code null}. */
  public static @Nullable WarehouseEngine named(String name) {
    for (WarehouseEngine engine : ENGINES) {
      if (engine.name().equals(name)) {
        return engine;
      }
    }
    return null;
  }

  /**
   * The engine that supports {@code jdbcUrl}.
   *
   * @throws IllegalArgumentException naming the URL without credentials or options and every engine
   *     found with an example URL, when none supports it
   */
  public static WarehouseEngine require(String jdbcUrl) {
    WarehouseEngine engine = find(jdbcUrl);
    if (engine == null) {
      throw new IllegalArgumentException(
          "'"
              + JdbcPools.redacted(jdbcUrl)
              + "' is not a JDBC URL of a supported engine: give one of "
              + supported());
    }
    return engine;
  }

  /**
   * The engine that serves a directory of data files.
   *
   * @throws IllegalArgumentException when no engine on the class path does
   */
  public static WarehouseEngine requireDirectories() {
    for (WarehouseEngine engine : ENGINES) {
      if (engine.servesDirectories()) {
        return engine;
      }
    }
    throw new IllegalArgumentException(
        "no engine on the class path serves a directory of data files: add the embedded engine's"
            + " module, or give a JDBC URL of "
            + supported());
  }

  /**
   * Every engine with its example URL, for messages: {@code PostgreSQL (jdbc:postgresql://...)}.
   */
  public static String supported() {
    if (ENGINES.isEmpty()) {
      return "an engine, but no engine module is on the class path (add one, e.g."
          + " codemode4j-engine-postgres)";
    }
    return ENGINES.stream()
        .map(engine -> engine.name() + " (" + engine.exampleUrl() + ")")
        .collect(Collectors.joining(", "));
  }
}
