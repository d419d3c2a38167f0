package io.codemode4j.bridge;

import io.codemode4j.bridge.discovery.ToolDiscovery;
import io.codemode4j.bridge.schema.Identifiers;
import java.util.Collection;
import java.util.List;
import java.util.Objects;

/**
 * Which allowlisted methods, by path ({@code billing.invoices}), a run may see. A run's grants
 * ({@link RunContext#grants()}) and the host's policy ({@link CodeMode.Builder#visibility}) are
 * both visibilities; a method is visible only when both allow it. A hidden method is left out of
 * {@link ToolDiscovery}'s matches and of the sandbox's namespaces, and the broker refuses it
 * exactly like a method that does not exist.
 *
 * <p>Implementations must be pure: the same path always gets the same answer.
 */
@FunctionalInterface
public interface Visibility {

  /** Whether the method at {@code path}, e.g. {@code billing.invoices}, is visible. */
  boolean allows(String path);

  /** Every method is visible. */
  static Visibility all() {
    return path -> true;
  }

  /**
   * Only the methods matching one of {@code patterns}: an exact path ({@code billing.invoices}) or
   * a whole namespace ({@code billing.*}). No pattern hides everything.
   *
   * @throws IllegalArgumentException for a pattern of another shape
   */
  static Visibility only(Collection<String> patterns) {
    List<String> copy = List.copyOf(patterns);
    for (String pattern : copy) {
      boolean namespace =
          pattern.endsWith(".*") && Identifiers.isName(pattern.substring(0, pattern.length() - 2));
      if (!namespace && !Identifiers.isMethodPath(pattern)) {
        throw new IllegalArgumentException(
            "visibility pattern '"
                + pattern
                + "' must be a method path (warehouse.query) or a whole namespace (warehouse.*)");
      }
    }
    return path ->
        copy.stream()
            .anyMatch(
                pattern ->
                    pattern.endsWith(".*")
                        ? path.startsWith(pattern.substring(0, pattern.length() - 1))
                        : pattern.equals(path));
  }

  /** Visible only where this and {@code other} both allow it. */
  default Visibility and(Visibility other) {
    Objects.requireNonNull(other, "other");
    return path -> allows(path) && other.allows(path);
  }
}
