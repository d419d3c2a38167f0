package io.codemode4j.cli;

import io.codemode4j.sample.GeneratorConfig;
import io.codemode4j.sample.SampleDataGenerator;
import java.io.IOException;
import java.io.PrintWriter;
import java.nio.file.AccessDeniedException;
import java.nio.file.FileAlreadyExistsException;
import java.nio.file.FileSystemException;
import java.nio.file.Files;
import java.nio.file.NoSuchFileException;
import java.nio.file.Path;
import java.util.concurrent.Callable;
import picocli.CommandLine.Command;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Option;
import picocli.CommandLine.Spec;

/** {@code codemode generate}: a larger deterministic data set, e.g. for benchmarks. */
@Command(
    name = "generate",
    exitCodeListHeading = "%nExit codes:%n",
    exitCodeList = {
      "0:written",
      "1:the files could not be written",
      "2:usage error (a bad --invoices, --out not a directory)"
    },
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
  public Integer call() {
    GeneratorConfig config;
    try {
      config = GeneratorConfig.forInvoices(invoices);
    } catch (IllegalArgumentException e) {
      throw CodemodeCli.usage(spec, "--" + e.getMessage());
    }
    if (Files.exists(out) && !Files.isDirectory(out)) {
      throw CodemodeCli.usage(
          spec,
          "--out "
              + out
              + " is a file, not a directory: give a directory (created if absent) to write"
              + " the three parquet files into");
    }
    PrintWriter err = spec.commandLine().getErr();
    ProgressBar bar =
        new ProgressBar(
            err,
            "generating " + String.format("%,d", invoices) + " invoices",
            CodemodeCli.environment(spec).terminal());
    long start = System.nanoTime();
    try {
      SampleDataGenerator.generate(config, out, bar::update);
    } catch (IOException e) {
      err.println();
      err.println(
          "error: cannot write the data set into --out "
              + out
              + ": "
              + TerminalText.escape(reason(e), TerminalText.Context.MESSAGE)
              + " (give a directory you can write to)");
      return CodemodeCli.EXIT_FAILED;
    }
    bar.finish((System.nanoTime() - start) / 1_000_000);
    spec.commandLine().getOut().println(out.toAbsolutePath());
    return CodemodeCli.EXIT_OK;
  }

  /**
   * What went wrong, in words: a file system exception's message is often only its path, which
   * printed alone said nothing.
   */
  private static String reason(IOException e) {
    return switch (e) {
      case AccessDeniedException denied -> "permission denied on " + denied.getFile();
      case FileAlreadyExistsException exists -> exists.getFile() + " exists and is in the way";
      case NoSuchFileException missing -> "no such file or directory " + missing.getFile();
      case FileSystemException other when other.getReason() != null ->
          other.getReason() + " (" + other.getFile() + ")";
      default -> e.getMessage() == null ? "an input or output error" : e.getMessage();
    };
  }
}
