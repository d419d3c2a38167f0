package io.codemode4j.bridge;

import io.codemode4j.bridge.internal.Utf8;
import io.codemode4j.bridge.internal.broker.Broker;
import io.codemode4j.bridge.internal.broker.SchemaValidator;
import io.codemode4j.bridge.schema.CodeModeDescriptionException;
import io.codemode4j.bridge.schema.DescribeOptions;
import io.codemode4j.bridge.schema.Identifiers;
import io.codemode4j.bridge.schema.TypeScriptDeclarations;
import io.codemode4j.bridge.tool.Tool;
import io.codemode4j.bridge.tool.ToolSpec;
import java.util.Collection;
import java.util.HashMap;
import java.util.HashSet;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import tools.jackson.databind.node.ArrayNode;
import tools.jackson.databind.node.JsonNodeFactory;
import tools.jackson.databind.node.ObjectNode;

/**
 * The construction-time allowlist of a {@link CodeMode}: every method path with its tool and its
 * own TypeScript declaration, in declaration order. It never changes; what a run may see of it is a
 * {@link Visibility}.
 */
final class Allowlist {

  private static final int LISTED = 16;

  /**
   * One allowlisted method: what code outside the Code Mode may see of it, and the tool (with its
   * handler).
   */
  record Method(AllowlistedMethod view, Tool tool) {
    String namespace() {
      return view.namespace();
    }

    String name() {
      return view.name();
    }

    String path() {
      return view.path();
    }
  }

  private final Map<String, Method> methods = new LinkedHashMap<>();
  private final String declarations;

  Allowlist(Map<String, Map<String, Tool>> namespaces) {
    namespaces.forEach(
        (namespace, tools) ->
            tools.forEach(
                (name, tool) -> {
                  String declaration =
                      TypeScriptDeclarations.of(Map.of(namespace, Map.of(name, tool.spec())));
                  Method method =
                      new Method(
                          new AllowlistedMethod(namespace, name, tool.spec(), declaration), tool);
                  methods.put(method.path(), method);
                }));
    this.declarations = declarations(methods.values());
  }

  Collection<Method> methods() {
    return methods.values();
  }

  /** The declarations of every method. */
  String declarations() {
    return declarations;
  }

  /** The methods {@code visibility} allows, in declaration order. */
  List<Method> visible(Visibility visibility) {
    return methods.values().stream().filter(m -> visibility.allows(m.path())).toList();
  }

  /**
   * {@code run}, its grants narrowed to {@code visible} (methods of this allowlist); {@code run}
   * itself when {@code visible} is every method.
   */
  RunContext narrow(RunContext run, List<Method> visible) {
    return visible.size() == methods.size()
        ? run
        : run.withGrants(Visibility.only(visible.stream().map(Method::path).toList()));
  }

  /**
   * What the broker calls for each path: its tool with its parameters and success schemas compiled,
   * in declaration order. Compiling fails on an invalid schema, naming the path.
   */
  Map<String, Broker.Binding> bindings() {
    Map<String, Broker.Binding> bindings = new LinkedHashMap<>();
    for (Method method : methods.values()) {
      String path = method.path();
      ToolSpec spec = method.tool().spec();
      bindings.put(
          path,
          new Broker.Binding(
              path,
              method.tool(),
              SchemaValidator.compile("the parameters schema of " + path, spec.parameters()),
              SchemaValidator.compile("the success schema of " + path, spec.success())));
    }
    return bindings;
  }

  /**
   * What the prelude installs: {@code {"billing":["customers","invoices"]}}, only these methods.
   */
  static String namespacesJson(Collection<Method> methods) {
    ObjectNode spec = JsonNodeFactory.instance.objectNode();
    Map<String, ArrayNode> namespaces = new HashMap<>();
    for (Method method : methods) {
      namespaces.computeIfAbsent(method.namespace(), spec::putArray).add(method.name());
    }
    return spec.toString();
  }

  /** See {@link CodeMode#describe}. */
  String describe(List<String> paths, DescribeOptions options) {
    if (paths.isEmpty() || paths.size() > DescribeOptions.MAX_PATHS) {
      throw new CodeModeDescriptionException(
          CodeModeDescriptionException.Kind.PATH_COUNT,
          "describe takes 1 to "
              + DescribeOptions.MAX_PATHS
              + " method paths, got "
              + paths.size()
              + (paths.isEmpty()
                  ? "; name one, e.g. " + methods.keySet().iterator().next()
                  : "; ask in batches"));
    }
    Set<String> seen = new HashSet<>();
    for (String path : paths) {
      if (!Identifiers.isMethodPath(path)) {
        throw new CodeModeDescriptionException(
            CodeModeDescriptionException.Kind.INVALID_PATH,
            "'"
                + path
                + "' is not a method path: write namespace.method, e.g. "
                + methods.keySet().iterator().next());
      }
      if (!seen.add(path)) {
        throw new CodeModeDescriptionException(
            CodeModeDescriptionException.Kind.DUPLICATE_PATH,
            "'" + path + "' is asked for twice: name each method once");
      }
      if (!methods.containsKey(path)) {
        throw new CodeModeDescriptionException(
            CodeModeDescriptionException.Kind.UNKNOWN_PATH,
            "'" + path + "' is not an allowlisted method (allowed: " + someAllowed() + ")");
      }
    }
    String text =
        declarations(methods.values().stream().filter(m -> seen.contains(m.path())).toList());
    int bytes = Utf8.length(text);
    if (bytes > options.maxBytes()) {
      throw new CodeModeDescriptionException(
          CodeModeDescriptionException.Kind.TOO_LARGE,
          "the declarations of "
              + paths.size()
              + (paths.size() == 1 ? " method are " : " methods are ")
              + bytes
              + " bytes of UTF-8, over maxBytes "
              + options.maxBytes()
              + ": ask for fewer methods or raise maxBytes (at most "
              + DescribeOptions.MAX_BYTES
              + ")");
    }
    return text;
  }

  /** The first {@value #LISTED} paths, and how many more there are. */
  private String someAllowed() {
    String listed = String.join(", ", methods.keySet().stream().limit(LISTED).toList());
    return methods.size() <= LISTED
        ? listed
        : listed + " and " + (methods.size() - LISTED) + " more";
  }

  /** The declarations of {@code methods}, grouped by namespace in their order. */
  static String declarations(Collection<Method> methods) {
    Map<String, Map<String, ToolSpec>> namespaces = new LinkedHashMap<>();
    methods.forEach(
        m ->
            namespaces
                .computeIfAbsent(m.namespace(), n -> new LinkedHashMap<>())
                .put(m.name(), m.tool().spec()));
    return TypeScriptDeclarations.of(namespaces);
  }
}
