package io.codemode4j.cli;

import static io.codemode4j.cli.TerminalText.Context.CELL;
import static io.codemode4j.cli.TerminalText.Context.MESSAGE;
import static io.codemode4j.cli.TerminalText.Context.TEXT;
import static io.codemode4j.cli.TerminalText.escape;

import io.codemode4j.bridge.CodeMode;
import io.codemode4j.bridge.Principal;
import io.codemode4j.bridge.RunContext;
import io.codemode4j.bridge.discovery.DiscoveryDetail;
import io.codemode4j.bridge.discovery.ToolDiscovery;
import io.codemode4j.warehouse.WarehouseException;
import io.codemode4j.warehouse.engine.DescribedWarehouse;
import java.io.PrintWriter;
import java.util.List;
import java.util.UUID;
import java.util.concurrent.Callable;
import org.jspecify.annotations.Nullable;
import picocli.CommandLine.Command;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Option;
import picocli.CommandLine.Parameters;
import picocli.CommandLine.Spec;
import tools.jackson.databind.JsonNode;
import tools.jackson.databind.node.JsonNodeFactory;
import tools.jackson.databind.node.ObjectNode;

/**
 * {@code codemode discover QUERY}: what the {@code discover_tools} tool answers a model, for the
 * run toolkit.
 */
@Command(
    name = "discover",
    exitCodeListHeading = "%nExit codes:%n",
    exitCodeList = {"0:printed (also when nothing matches)", "2:usage error"},
    mixinStandardHelpOptions = true,
    description = {
      "Find the methods of `codemode run` whose name, namespace or description match QUERY, best "
          + "first, with their TypeScript declarations (what the discover_tools tool returns to a model)."
    })
final class DiscoverCommand implements Callable<Integer> {

  @Spec CommandSpec spec;

  @Mixin DataOptions data;

  @Mixin StateOptions state;

  @Parameters(index = "0", paramLabel = "QUERY", description = "Words to look for, e.g. orders.")
  String query;

  @Option(
      names = "--namespace",
      paramLabel = "NS",
      description = "Only methods of this namespace, e.g. billing.")
  @Nullable String namespace;

  @Option(
      names = "--limit",
      paramLabel = "N",
      defaultValue = "" + ToolDiscovery.DEFAULT_LIMIT,
      description = "The most matches, 1..20 (default: ${DEFAULT-VALUE}).")
  int limit;

  @Option(
      names = "--detail",
      paramLabel = "LEVEL",
      defaultValue = "brief",
      description =
          "With --json, how much of each method: brief (name, tool, purpose, declaration) or"
              + " detailed (also id, native tool, description and JSON Schemas); default:"
              + " ${DEFAULT-VALUE}.")
  String detail;

  @Option(
      names = "--json",
      description =
          "Print the tool's JSON result at --detail: {matches: [...], shown: \"N of M methods\"}.")
  boolean json;

  @Override
  public Integer call() {
    PrintWriter out = spec.commandLine().getOut();
    PrintWriter err = spec.commandLine().getErr();
    // Checked here, so the messages name the argument and the flag rather than the tool
    // argument's JSON pointer.
    if (query.isBlank() || query.length() > ToolDiscovery.MAX_QUERY_CHARS) {
      throw CodemodeCli.usage(
          spec,
          "QUERY must be 1.."
              + ToolDiscovery.MAX_QUERY_CHARS
              + " characters of words to look for, e.g. orders, was "
              + (query.isBlank() ? "blank" : query.length() + " characters"));
    }
    if (limit < 1 || limit > ToolDiscovery.MAX_LIMIT) {
      throw CodemodeCli.usage(
          spec, "--limit must be 1.." + ToolDiscovery.MAX_LIMIT + ", was " + limit);
    }
    DiscoveryDetail level;
    try {
      level = DiscoveryDetail.of(detail);
    } catch (IllegalArgumentException e) {
      throw CodemodeCli.usage(spec, "--" + e.getMessage());
    }
    // The text form prints each match's id and native tool, which only the detailed level has.
    ObjectNode arguments =
        JsonNodeFactory.instance
            .objectNode()
            .put("query", query)
            .put("limit", limit)
            .put("detail", json ? level.wireName() : DiscoveryDetail.DETAILED.wireName());
    if (namespace != null) {
      arguments.put("namespace", namespace);
    }
    try (DescribedWarehouse described = data.open();
        CodeMode codeMode = data.install(described, state.context(), CodeMode.builder()).build()) {
      ObjectNode result =
          ToolDiscovery.of(List.of(codeMode))
              .discover(
                  arguments,
                  RunContext.of("cli-" + UUID.randomUUID(), Principal.unconfined("cli")));
      if (json) {
        out.println(result);
      } else if (result.get("matches").isEmpty()) {
        err.println(
            escape(
                "no method matches '"
                    + query
                    + "'"
                    + (namespace == null ? "" : " in namespace " + namespace),
                MESSAGE));
      } else {
        for (JsonNode match : result.get("matches")) {
          out.println(
              escape(
                  "// "
                      + match.get("id").asString()
                      + " (native tool "
                      + match.get("nativeTool").asString()
                      + ")",
                  CELL));
          out.println(escape(match.get("declaration").asString(), TEXT));
        }
        out.println(escape("// " + result.get("shown").asString(), CELL));
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
}
