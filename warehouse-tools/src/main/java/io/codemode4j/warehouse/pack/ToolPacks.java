package io.codemode4j.warehouse.pack;

import io.codemode4j.bridge.CodeMode;
import io.codemode4j.bridge.tool.Tool;
import io.codemode4j.warehouse.WarehouseException;
import io.codemode4j.warehouse.WarehouseTools;
import io.codemode4j.warehouse.config.DescriptionException;
import io.codemode4j.warehouse.config.WarehouseDescription;
import io.codemode4j.warehouse.engine.DescribedWarehouse;
import java.util.Collections;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.ServiceLoader;
import java.util.stream.Collectors;
import org.jspecify.annotations.Nullable;

/**
 * The tool packs on the class path, found through {@link ServiceLoader}, and the toolkit a
 * description asks for: {@code warehouse.*} and each listed pack.
 */
public final class ToolPacks {

  private static final List<ToolPack> PACKS =
      ServiceLoader.load(ToolPack.class, ToolPacks.class.getClassLoader()).stream()
          .map(ServiceLoader.Provider::get)
          .toList();

  private ToolPacks() {}

  /** The pack named {@code name}, or {@code null}. */
  public static @Nullable ToolPack find(String name) {
    for (ToolPack pack : PACKS) {
      if (pack.name().equals(name)) {
        return pack;
      }
    }
    return null;
  }

  /**
   * Checks that every pack {@code description} lists is on the class path and can serve it.
   *
   * @throws DescriptionException naming the pack's line, and the packs there are
   */
  public static void check(WarehouseDescription description) throws DescriptionException {
    List<String> packs = description.packs();
    for (int i = 0; i < packs.size(); i++) {
      ToolPack pack = find(packs.get(i));
      String at = "/packs/" + i;
      if (pack == null) {
        throw DescriptionException.at(
            description.origin(),
            at,
            "no tool pack named "
                + packs.get(i)
                + " is on the class path ("
                + (PACKS.isEmpty()
                    ? "none is"
                    : "packs: "
                        + PACKS.stream().map(ToolPack::name).collect(Collectors.joining(", ")))
                + "): correct the name or remove it");
      }
      String problem = pack.problem(description);
      if (problem != null) {
        throw DescriptionException.at(
            description.origin(), at, "pack " + pack.name() + ": " + problem);
      }
    }
  }

  /**
   * The toolkit {@code warehouse}'s description asks for: {@code warehouse.query} and {@code
   * warehouse.tables}, then each listed pack's tools, namespace to method to tool.
   *
   * @throws DescriptionException when a listed pack is missing, cannot serve the description, or
   *     takes a namespace already taken
   * @throws WarehouseException when a toolkit cannot be built (the warehouse cannot be read)
   */
  public static Map<String, Map<String, Tool>> toolkit(
      DescribedWarehouse warehouse, PackContext context)
      throws DescriptionException, WarehouseException {
    WarehouseDescription description = warehouse.description();
    check(description);
    Map<String, Map<String, Tool>> toolkit = new LinkedHashMap<>();
    toolkit.put("warehouse", WarehouseTools.of(warehouse.warehouse()).methods());
    List<String> packs = description.packs();
    for (int i = 0; i < packs.size(); i++) {
      ToolPack pack = java.util.Objects.requireNonNull(find(packs.get(i)));
      for (var namespace : pack.tools(warehouse.warehouse(), context).entrySet()) {
        if (toolkit.containsKey(namespace.getKey())) {
          throw DescriptionException.at(
              description.origin(),
              "/packs/" + i,
              "pack "
                  + pack.name()
                  + " installs the namespace "
                  + namespace.getKey()
                  + ", which is already taken: list only one pack of that namespace");
        }
        toolkit.put(namespace.getKey(), namespace.getValue());
      }
    }
    return Collections.unmodifiableMap(toolkit);
  }

  /** Installs {@link #toolkit} into {@code builder} and returns it, for chaining. */
  public static CodeMode.Builder install(
      DescribedWarehouse warehouse, PackContext context, CodeMode.Builder builder)
      throws DescriptionException, WarehouseException {
    toolkit(warehouse, context)
        .forEach(
            (namespace, methods) ->
                methods.forEach((method, tool) -> builder.method(namespace, method, tool)));
    return builder;
  }
}
