package io.codemode4j.cli;

import java.io.OutputStreamWriter;
import java.io.PrintWriter;
import java.nio.charset.StandardCharsets;
import java.util.List;
import picocli.CommandLine;
import picocli.CommandLine.Command;

/**
 * The {@code codemode} command line. Exit codes are part of its contract: 0 success, 1 the work
 * failed (database error, program failure), 2 usage error, 3 the SQL allowlist refused the query.
 */
@Command(
    name = "codemode",
    mixinStandardHelpOptions = true,
    versionProvider = CodemodeCli.Version.class,
    description = "Code Mode for analyst agents over a read-only data warehouse.")
public final class CodemodeCli {

  /** Every subcommand, in the order the usage message lists them. */
  private static final List<Class<?>> SUBCOMMANDS =
      List.of(
          RunCommand.class,
          QueryCommand.class,
          TablesCommand.class,
          GenerateCommand.class,
          BenchCommand.class,
          DescribeCommand.class,
          DiscoverCommand.class,
          AskCommand.class,
          McpCommand.class,
          ToolCommand.class,
          LoadSampleCommand.class);

  static final int EXIT_OK = 0;
  static final int EXIT_FAILED = 1;
  static final int EXIT_USAGE = 2;
  static final int EXIT_REFUSED = 3;

  public static void main(String[] args) {
    DuckDbMemoryEvent.skipUnlessRecording();
    PrintWriter out =
        new PrintWriter(new OutputStreamWriter(System.out, StandardCharsets.UTF_8), true);
    PrintWriter err =
        new PrintWriter(new OutputStreamWriter(System.err, StandardCharsets.UTF_8), true);
    System.exit(run(out, err, args));
  }

  /** Runs one command line against the given streams and returns its exit code. */
  public static int run(PrintWriter out, PrintWriter err, String... args) {
    CommandLine cli = new CommandLine(new CodemodeCli());
    // Decided: only the chosen subcommand is built. Picocli builds the model of every registered
    // command
    // (reflection over its options, converters, an instance) before parsing, which cost about 0.35
    // s of a
    // 2.2 s `codemode run`; a command line whose first word is not a subcommand's name (--help,
    // --version, a
    // typo) still gets all of them, so the usage message and picocli's suggestions stay the same.
    List<Class<?>> registered =
        SUBCOMMANDS.stream()
            .filter(
                command ->
                    args.length > 0 && command.getAnnotation(Command.class).name().equals(args[0]))
            .toList();
    (registered.isEmpty() ? SUBCOMMANDS : registered).forEach(cli::addSubcommand);
    // After the subcommands: picocli applies these to the commands registered at the time of the
    // call.
    cli.setOut(out);
    cli.setErr(err);
    cli.setExecutionExceptionHandler(
        (e, commandLine, parseResult) -> {
          commandLine.getErr().println("error: " + TerminalText.message(e));
          return EXIT_FAILED;
        });
    return cli.execute(args);
  }

  /** The version from the jar's manifest, or "development" when run from classes. */
  static final class Version implements CommandLine.IVersionProvider {
    @Override
    public String[] getVersion() {
      String version = CodemodeCli.class.getPackage().getImplementationVersion();
      return new String[] {"codemode " + (version == null ? "development" : version)};
    }
  }
}
