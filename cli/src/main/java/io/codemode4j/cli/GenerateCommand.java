package io.codemode4j.cli;

import io.codemode4j.sample.GeneratorConfig;
import io.codemode4j.sample.SampleDataGenerator;
import java.io.IOException;
import java.io.PrintWriter;
import java.nio.file.Path;
import java.util.concurrent.Callable;
import picocli.CommandLine.Command;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Option;
import picocli.CommandLine.Spec;

/** {@code codemode generate}: a larger deterministic data set, e.g. for benchmarks. */
@Command(
    name = "generate",
    mixinStandardHelpOptions = true,
    description = {
      "Write customers.parquet, invoices.parquet and invoice_lines.parquet to DIR.",
      "The same --invoices always gives the same rows; its first 500 customers are the bundled set's.",
      "Use the directory with --data DIR."
    })
final class GenerateCommand implements Callable<Integer> {

  @Spec CommandSpec spec;

  @Option(
      names = "--invoices",
      paramLabel = "N",
      defaultValue = "50000",
      description = "Invoices to generate (default: ${DEFAULT-VALUE}, the bundled size).")
  long invoices;

  @Option(
      names = "--out",
      paramLabel = "DIR",
      required = true,
      description = "Directory to write into.")
  Path out;

  @Override
  public Integer call() throws IOException {
    GeneratorConfig config;
    try {
      config = GeneratorConfig.forInvoices(invoices);
    } catch (IllegalArgumentException e) {
      spec.commandLine().getErr().println("error: --" + e.getMessage());
      return CodemodeCli.EXIT_USAGE;
    }
    PrintWriter err = spec.commandLine().getErr();
    ProgressBar bar =
        new ProgressBar(err, "generating " + String.format("%,d", invoices) + " invoices");
    long start = System.nanoTime();
    SampleDataGenerator.generate(config, out, bar::update);
    bar.finish((System.nanoTime() - start) / 1_000_000);
    spec.commandLine().getOut().println(out.toAbsolutePath());
    return CodemodeCli.EXIT_OK;
  }
}
