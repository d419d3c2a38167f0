package io.codemode4j.cli;

import static io.codemode4j.cli.TerminalText.Context.TEXT;
import static io.codemode4j.cli.TerminalText.escape;

import io.codemode4j.bridge.CodeMode;
import io.codemode4j.bridge.schema.CodeModeDescriptionException;
import io.codemode4j.bridge.schema.DescribeOptions;
import io.codemode4j.warehouse.WarehouseException;
import io.codemode4j.warehouse.engine.DescribedWarehouse;
import java.io.PrintWriter;
import java.util.List;
import java.util.concurrent.Callable;
import picocli.CommandLine.Command;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Option;
import picocli.CommandLine.Parameters;
import picocli.CommandLine.Spec;

/**
 * {@code codemode describe PATH...}: the TypeScript declarations of methods of the {@code run}
 * toolkit.
 */
@Command(
    name = "describe",
    exitCodeListHeading = "%nExit codes:%n",
    exitCodeList = {"0:printed", "2:usage error, or the paths or the size are refused"},
    mixinStandardHelpOptions = true,
    description = {
      "Print the TypeScript declarations of methods that programs of `codemode run` may call, "
          + "e.g. warehouse.query, grouped by namespace."
    })
final class DescribeCommand implements Callable<Integer> {

  @Spec CommandSpec spec;

  @Mixin DataOptions data;

  @Mixin StateOptions state;

  @Parameters(
      arity = "1..*",
      paramLabel = "PATH",
      description = "1 to 64 method paths, namespace.method.")
  List<String> paths;

  @Option(
      names = "--max-bytes",
      paramLabel = "N",
      defaultValue = "" + DescribeOptions.DEFAULT_MAX_BYTES,
      description =
          "Most UTF-8 bytes of declarations, 1..262144 (default: ${DEFAULT-VALUE}); more is an error, "
              + "never a cut declaration.")
  int maxBytes;

  @Override
  public Integer call() {
    PrintWriter out = spec.commandLine().getOut();
    PrintWriter err = spec.commandLine().getErr();
    // Checked here, so the message names the flag rather than the option's field.
    if (maxBytes < 1 || maxBytes > DescribeOptions.MAX_BYTES) {
      throw CodemodeCli.usage(
          spec,
          "--max-bytes must be 1.." + DescribeOptions.MAX_BYTES + " (256 KiB), was " + maxBytes);
    }
    DescribeOptions options = new DescribeOptions(maxBytes);
    try (DescribedWarehouse described = data.open();
        CodeMode codeMode = data.install(described, state.context(), CodeMode.builder()).build()) {
      out.print(escape(codeMode.describe(paths, options), TEXT));
      out.flush();
      return CodemodeCli.EXIT_OK;
    } catch (CodeModeDescriptionException e) {
      throw CodemodeCli.usage(spec, e);
    } catch (WarehouseException e) {
      err.println("error: " + TerminalText.message(e));
      return CodemodeCli.EXIT_FAILED;
    }
  }
}
