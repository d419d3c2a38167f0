package io.codemode4j.bridge;

import io.codemode4j.bridge.tool.ToolSpec;
import java.util.Objects;

/**
 * One allowlisted method of a {@link CodeMode} as code outside it sees it: where programs call it
 * ({@code namespace.name}), the spec of the tool behind it, and its own TypeScript declaration;
 * never its handler.
 *
 * <p>Decided: {@code ToolDiscovery} (in its own package) reads a Code Mode only through this public
 * view, {@link CodeMode#allowlistedMethods()} and {@link CodeMode#visibleMethods(RunContext)},
 * instead of reaching into package-private methods; an MCP or LangChain4j adapter that lists
 * methods reads the same. The handler is left out so that the broker stays the only way to run it.
 *
 * @param namespace the global the program calls it through, e.g. {@code billing}
 * @param name the method's name in its namespace, e.g. {@code invoices}
 * @param spec the spec of the tool behind the method
 * @param declaration a complete {@code declare const <namespace>: {...};} of this method alone
 */
public record AllowlistedMethod(String namespace, String name, ToolSpec spec, String declaration) {
  public AllowlistedMethod {
    Objects.requireNonNull(namespace, "namespace");
    Objects.requireNonNull(name, "name");
    Objects.requireNonNull(spec, "spec");
    Objects.requireNonNull(declaration, "declaration");
  }

  /** {@code namespace.name}, e.g. {@code billing.invoices}. */
  public String path() {
    return namespace + "." + name;
  }
}
