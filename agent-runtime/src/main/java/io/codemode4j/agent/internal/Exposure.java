package io.codemode4j.agent.internal;

import io.codemode4j.bridge.tool.ToolSpec;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;

/**
 * The tools a run gives the model, turn by turn: the pinned ones always, then those discovered,
 * most recent last, within {@code maxTools} and {@code maxSchemaBytes}; the least recently
 * discovered one makes room.
 */
final class Exposure {

  private final Map<String, ToolSpec> tools;
  private final Set<String> pinned;
  private final List<String> discovered = new ArrayList<>();
  private final int maxTools;
  private final int maxSchemaBytes;

  /**
   * @param tools every tool of the agent by name, in the agent's order
   * @param pinned the tools of the first turn, which stay
   */
  Exposure(Map<String, ToolSpec> tools, List<String> pinned, int maxTools, int maxSchemaBytes) {
    this.tools = new LinkedHashMap<>(tools);
    this.pinned = new LinkedHashSet<>(pinned);
    this.maxTools = maxTools;
    this.maxSchemaBytes = maxSchemaBytes;
  }

  /** Exposes {@code name} from the next turn, if it is a tool of the agent not given already. */
  public void discovered(String name) {
    if (!tools.containsKey(name) || pinned.contains(name)) {
      return;
    }
    discovered.remove(name);
    discovered.add(name);
    while (!discovered.isEmpty() && (count() > maxTools || bytes() > maxSchemaBytes)) {
      discovered.remove(0);
    }
  }

  /** The tools of this turn, in the agent's order. */
  public List<ToolSpec> current() {
    List<ToolSpec> current = new ArrayList<>();
    tools.forEach(
        (name, spec) -> {
          if (pinned.contains(name) || discovered.contains(name)) {
            current.add(spec);
          }
        });
    return current;
  }

  public boolean exposes(String name) {
    return pinned.contains(name) || discovered.contains(name);
  }

  private int count() {
    return pinned.size() + discovered.size();
  }

  private int bytes() {
    return current().stream().mapToInt(LangChainTools::bytes).sum();
  }
}
