package io.codemode4j.warehouse.pack;

import io.codemode4j.bridge.tool.Tool;
import io.codemode4j.warehouse.Warehouse;
import io.codemode4j.warehouse.WarehouseException;
import io.codemode4j.warehouse.config.WarehouseDescription;
import java.util.Map;
import org.jspecify.annotations.Nullable;

/**
 * A named set of tools of one domain, installed beside the warehouse's own when a description lists
 * it ({@code packs: [billing]}). A module registers its packs in {@code
 * META-INF/services/io.codemode4j.warehouse.pack.ToolPack}.
 */
public interface ToolPack {

  /** The name a description lists it by: a lowercase identifier, e.g. {@code billing}. */
  String name();

  /**
   * Why this pack cannot serve {@code description} (a table its tools read is not described), or
   * {@code null} when it can; asked before {@link #tools}, so a description that lists a pack for
   * the wrong warehouse fails at start, not at a program's first call.
   */
  @Nullable String problem(WarehouseDescription description);

  /**
   * The pack's tools over {@code warehouse}: namespace to method name to tool, in declaration
   * order. A namespace is the pack's own; {@code warehouse} is taken.
   *
   * @throws WarehouseException when the tools cannot be built (the warehouse cannot be read)
   */
  Map<String, Map<String, Tool>> tools(Warehouse warehouse, PackContext context)
      throws WarehouseException;
}
