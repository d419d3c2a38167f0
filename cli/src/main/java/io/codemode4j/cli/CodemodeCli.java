package io.codemode4j.cli;

import java.io.OutputStreamWriter;
import java.io.PrintWriter;
import java.io.Writer;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.sql.Connection;
import java.sql.DriverManager;
import java.sql.SQLException;
import java.util.List;
import org.graalvm.polyglot.Engine;
import org.graalvm.polyglot.Language;
import picocli.AutoComplete;
import picocli.CommandLine;
import picocli.CommandLine.Command;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.ParameterException;
import picocli.CommandLine.PropertiesDefaultProvider;
import picocli.CommandLine.UnmatchedArgumentException;

/**
 * The {@code codemode} command line. Exit codes are part of its contract: 0 success, 1 the work
 * failed (database error, program failure), 2 usage error, 3 the SQL allowlist refused the query.
 */
@Command(
    name = "codemode",
    mixinStandardHelpOptions = true,
    versionProvider = CodemodeCli.Version.class,
    description = "Code Mode for analyst agents over a read-only data warehouse.",
    footer = {
      "",
      "Option defaults can be kept in ~/.codemode.properties (or the file the system property",
      "picocli.defaults.codemode.path names), one per line as COMMAND.OPTION=VALUE without dashes,",
      "e.g. codemode.query.format=markdown; the command line wins over the file.",
      "",
      "In a checkout, ./codemode bench measures Code Mode (the benchmarks module's launcher)."
    },
    exitCodeListHeading = "%nExit codes:%n",
    exitCodeList = {
      "0:success",
      "1:the work failed (database error, program failure)",
      "2:usage error (a bad option or value; the message names it)",
      "3:the SQL allowlist refused the query"
    })
public final class CodemodeCli {

  /** Every subcommand, in the order the usage message lists them. */
  private static final List<Class<?>> SUBCOMMANDS =
      List.of(
          RunCommand.class,
          ApplyCommand.class,
          QueryCommand.class,
          TablesCommand.class,
          GenerateCommand.class,
          DescribeCommand.class,
          DiscoverCommand.class,
          AskCommand.class,
          McpCommand.class,
          ToolCommand.class,
          InitCommand.class,
          LoadSampleCommand.class);

  static final int EXIT_OK = 0;
  static final int EXIT_FAILED = 1;
  static final int EXIT_USAGE = 2;
  static final int EXIT_REFUSED = 3;

  private final CliEnvironment environment;

  private CodemodeCli(CliEnvironment environment) {
    this.environment = environment;
  }

  /**
   * The environment of the command line that {@code spec}'s command is part of; this process's for
   * a command run on its own (as a test or an embedding application may run one).
   */
  static CliEnvironment environment(CommandSpec spec) {
    return spec.root().userObject() instanceof CodemodeCli cli
        ? cli.environment
        : CliEnvironment.system();
  }

  public static void main(String[] args) {
    DuckDbMemoryEvent.skipUnlessRecording();
    PrintWriter out =
        new PrintWriter(new OutputStreamWriter(System.out, StandardCharsets.UTF_8), true);
    PrintWriter err =
        new PrintWriter(new OutputStreamWriter(System.err, StandardCharsets.UTF_8), true);
    System.exit(run(out, err, CliEnvironment.system(), args));
  }

  /**
   * Runs one command line against the given streams in this process's environment ({@link
   * CliEnvironment#system()}) and returns its exit code.
   */
  public static int run(PrintWriter out, PrintWriter err, String... args) {
    return run(out, err, CliEnvironment.system(), args);
  }

  /** Runs one command line against the given streams and environment; returns its exit code. */
  static int run(PrintWriter out, PrintWriter err, CliEnvironment environment, String... args) {
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
    return commandLine(out, err, environment, registered.isEmpty() ? SUBCOMMANDS : registered)
        .execute(args);
  }

  /**
   * The root command line with every subcommand, configured as {@link #run} configures it, its
   * output discarded: for a tool that checks command lines against the CLI's own options without
   * running them (the docs-check module parses every {@code codemode} line of the documentation
   * with it, so a renamed option fails the build instead of the reader).
   */
  public static CommandLine commandLine() {
    PrintWriter discarded = new PrintWriter(Writer.nullWriter());
    return commandLine(discarded, discarded, CliEnvironment.system(), SUBCOMMANDS);
  }

  private static CommandLine commandLine(
      PrintWriter out, PrintWriter err, CliEnvironment environment, List<Class<?>> subcommands) {
    CommandLine cli = new CommandLine(new CodemodeCli(environment));
    subcommands.forEach(cli::addSubcommand);
    cli.addSubcommand(new CommandLine.HelpCommand());
    CommandLine completion = new CommandLine(new AutoComplete.GenerateCompletion());
    // Picocli hides it by default; a user looking for completion finds it in the usage message.
    completion.getCommandSpec().usageMessage().hidden(false);
    cli.addSubcommand(completion);
    // After the subcommands: picocli applies these to the commands registered at the time of the
    // call.
    cli.setOut(out);
    cli.setErr(err);
    cli.setCaseInsensitiveEnumValuesAllowed(true);
    // Only a file that exists: picocli warns on stderr about a missing one, and most users have
    // none.
    if (Files.isRegularFile(environment.defaultsFile())) {
      cli.setDefaultValueProvider(
          new PropertiesDefaultProvider(environment.defaultsFile().toFile()));
    }
    cli.setParameterExceptionHandler(CodemodeCli::usageError);
    cli.setExecutionExceptionHandler(
        (e, commandLine, parseResult) -> {
          commandLine.getErr().println("error: " + TerminalText.message(e));
          return EXIT_FAILED;
        });
    return cli;
  }

  /**
   * A usage error found by a command's own check, for it to throw: picocli hands it to {@link
   * #usageError}, which prints it as every other usage error and exits {@value #EXIT_USAGE}.
   */
  static ParameterException usage(CommandSpec spec, String message) {
    return new ParameterException(spec.commandLine(), message);
  }

  /** As {@link #usage(CommandSpec, String)}, the message and cause those of {@code cause}. */
  static ParameterException usage(CommandSpec spec, Throwable cause) {
    return new ParameterException(spec.commandLine(), TerminalText.message(cause), cause);
  }

  /**
   * Every usage error, from parsing or a command's own check (a command throws {@link
   * ParameterException}, which picocli routes here): the problem, picocli's suggestions for a typo,
   * and where to read more. Decided: not the usage message, which buried a one-line problem under
   * 20-25 lines of options.
   */
  static int usageError(ParameterException e, String[] args) {
    CommandLine commandLine = e.getCommandLine();
    PrintWriter err = commandLine.getErr();
    err.println("error: " + TerminalText.message(e));
    UnmatchedArgumentException.printSuggestions(e, err);
    err.println("try '" + commandLine.getCommandSpec().qualifiedName() + " --help'");
    err.flush();
    return EXIT_USAGE;
  }

  /**
   * The version from the jar's manifest (or "development" when run from classes), and the versions
   * a bug report needs: the JDK, GraalJS and DuckDB, each asked of the running component rather
   * than of a build file.
   */
  static final class Version implements CommandLine.IVersionProvider {
    @Override
    public String[] getVersion() {
      String version = CodemodeCli.class.getPackage().getImplementationVersion();
      return new String[] {
        "codemode " + (version == null ? "development" : version),
        "JDK " + Runtime.version() + " (" + System.getProperty("java.vm.name") + ")",
        "GraalJS " + graalJs(),
        "DuckDB " + duckDb()
      };
    }

    private static String graalJs() {
      try (Engine engine =
          Engine.newBuilder("js").option("engine.WarnInterpreterOnly", "false").build()) {
        Language js = engine.getLanguages().get("js");
        return (js == null ? "not installed" : js.getVersion())
            + " (polyglot "
            + engine.getVersion()
            + ")";
      }
    }

    private static String duckDb() {
      try (Connection connection = DriverManager.getConnection("jdbc:duckdb:")) {
        return connection.getMetaData().getDatabaseProductVersion();
      } catch (SQLException e) {
        return "unavailable: " + e.getMessage();
      }
    }
  }
}
