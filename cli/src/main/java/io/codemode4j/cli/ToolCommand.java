package io.codemode4j.cli;

import static io.codemode4j.cli.TerminalText.Context.TEXT;
import static io.codemode4j.cli.TerminalText.escape;

import io.codemode4j.bridge.CodeMode;
import io.codemode4j.bridge.discovery.ToolDiscovery;
import io.codemode4j.bridge.tool.ToolSpec;
import io.codemode4j.warehouse.WarehouseException;
import io.codemode4j.warehouse.engine.DescribedWarehouse;
import java.io.PrintWriter;
import java.util.List;
import java.util.concurrent.Callable;
import picocli.CommandLine.Command;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Option;
import picocli.CommandLine.Spec;
import tools.jackson.databind.json.JsonMapper;
import tools.jackson.databind.node.ArrayNode;
import tools.jackson.databind.node.JsonNodeFactory;
import tools.jackson.databind.node.ObjectNode;

/**
 * {@code codemode tool}: the outer tools as a model receives them, for the toolkit of {@code
 * codemode run}.
 *
 * <p>Decided: the Code Mode is built as {@code run} builds it (the same tools, flags included, and
 * the same default limits, which the description states), so what is printed is what a model is
 * given, not a description of it; {@code --no-declarations} is the build that leaves the methods to
 * {@code discover_tools}. Both tools are printed, as a host that offers Code Mode offers both.
 */
@Command(
    name = "tool",
    exitCodeListHeading = "%nExit codes:%n",
    exitCodeList = {"0:printed", "1:the warehouse cannot be opened", "2:usage error"},
    mixinStandardHelpOptions = true,
    description = {
      "Print the outer tools a model is given, run_javascript and discover_tools: each one's name, "
          + "description, input schema and output schema, exactly as built for `codemode run`."
    })
final class ToolCommand implements Callable<Integer> {

  @Spec CommandSpec spec;

  @Mixin DataOptions data;

  @Mixin StateOptions state;

  @Option(
      names = "--no-declarations",
      description =
          "Leave the methods' TypeScript declarations out of run_javascript's description, which "
              + "then points to discover_tools.")
  boolean noDeclarations;

  @Option(
      names = "--json",
      description =
          "Print one JSON object {tools: [{name, description, inputSchema, outputSchema}]}, the "
              + "shape of an MCP tools/list result.")
  boolean json;

  @Override
  public Integer call() {
    PrintWriter out = spec.commandLine().getOut();
    PrintWriter err = spec.commandLine().getErr();
    try (DescribedWarehouse described = data.open();
        CodeMode codeMode =
            data.install(described, state.context(), CodeMode.builder())
                .includeDeclarations(!noDeclarations)
                .readyContexts(0)
                .build()) {
      List<ToolSpec> tools = List.of(codeMode.tool(), ToolDiscovery.of(List.of(codeMode)).tool());
      if (json) {
        ObjectNode result = JsonNodeFactory.instance.objectNode();
        ArrayNode array = result.putArray("tools");
        tools.forEach(tool -> array.add(json(tool)));
        out.println(result);
      } else {
        // A mapper of its own, made here: a static one would be built while picocli parses the
        // command line.
        JsonMapper mapper = JsonMapper.builder().build();
        for (int i = 0; i < tools.size(); i++) {
          ToolSpec tool = tools.get(i);
          out.println((i == 0 ? "" : "\n") + "# " + tool.name());
          out.println();
          out.println(escape(tool.description(), TEXT));
          out.println();
          out.println("## input schema");
          out.println(
              escape(
                  mapper.writerWithDefaultPrettyPrinter().writeValueAsString(tool.parameters()),
                  TEXT));
          out.println();
          out.println("## output schema");
          out.println(
              escape(
                  mapper.writerWithDefaultPrettyPrinter().writeValueAsString(tool.success()),
                  TEXT));
        }
      }
      out.flush();
      return CodemodeCli.EXIT_OK;
    } catch (IllegalArgumentException e) {
      throw CodemodeCli.usage(spec, e);
    } catch (WarehouseException e) {
      err.println("error: " + TerminalText.message(e));
      return CodemodeCli.EXIT_FAILED;
    }
  }

  private static ObjectNode json(ToolSpec tool) {
    ObjectNode node = JsonNodeFactory.instance.objectNode();
    node.put("name", tool.name());
    node.put("description", tool.description());
    node.set("inputSchema", tool.parameters());
    node.set("outputSchema", tool.success());
    return node;
  }
}
