package io.codemode4j.bridge.discovery;

import java.util.Arrays;
import java.util.stream.Collectors;

/**
 * How much of each method a {@code discover_tools} answer carries.
 *
 * <p>Decided: {@link #BRIEF} is the default, since the declaration alone is what a program needs
 * (parameters, return type, typing rules and the description as its doc comment); the JSON Schemas
 * say the same again in about twice the bytes, so they come only when asked for.
 */
public enum DiscoveryDetail {
  /** The method's path, its tool, its one-line purpose and its TypeScript declaration. */
  BRIEF("brief"),
  /** Everything of {@link DiscoveryMatch}: also its id, native tool, description and schemas. */
  DETAILED("detailed");

  private final String wireName;

  DiscoveryDetail(String wireName) {
    this.wireName = wireName;
  }

  /** The level as the tool's {@code detail} argument names it. */
  public String wireName() {
    return wireName;
  }

  /**
   * The level of a wire name.
   *
   * @throws IllegalArgumentException naming the levels there are
   */
  public static DiscoveryDetail of(String wireName) {
    for (DiscoveryDetail detail : values()) {
      if (detail.wireName.equals(wireName)) {
        return detail;
      }
    }
    throw new IllegalArgumentException(
        "detail must be one of "
            + Arrays.stream(values())
                .map(DiscoveryDetail::wireName)
                .collect(Collectors.joining(", "))
            + ", was '"
            + wireName
            + "'");
  }
}
