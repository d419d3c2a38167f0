package io.codemode4j.warehouse.config;

import java.util.Map;
import java.util.Objects;
import org.jspecify.annotations.Nullable;

/**
 * Where a description came from: its name as messages show it (a path, or {@code classpath:...}),
 * and the line each key was written on, so that a problem found later (a table the database lacks)
 * still names the line to fix.
 *
 * @param name the file as given, e.g. {@code shop.yaml}
 * @param lines JSON pointer of a key or value ({@code /tables/orders/tenant}) to its 1-based line
 */
public record DescriptionOrigin(String name, Map<String, Integer> lines) {

  public DescriptionOrigin {
    Objects.requireNonNull(name, "name");
    lines = Map.copyOf(lines);
  }

  /** An origin with no line information, for a description built in code. */
  public static DescriptionOrigin of(String name) {
    return new DescriptionOrigin(name, Map.of());
  }

  /**
   * {@code name:line} of {@code pointer}, or of its closest written parent ({@code
   * /tables/orders/columns/x} falls back to {@code /tables/orders/columns}), or {@code name} alone.
   */
  public String at(String pointer) {
    Integer line = line(pointer);
    return line == null ? name : name + ":" + line;
  }

  private @Nullable Integer line(String pointer) {
    for (String p = pointer; ; p = p.substring(0, p.lastIndexOf('/'))) {
      Integer line = lines.get(p);
      if (line != null || p.isEmpty()) {
        return line;
      }
    }
  }
}
