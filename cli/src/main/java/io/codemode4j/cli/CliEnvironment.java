package io.codemode4j.cli;

import java.io.Console;
import java.nio.file.Path;
import java.util.Objects;

/**
 * What a command line runs in besides its arguments and streams: whether a person is reading the
 * output on a terminal, and the defaults file. Decided: both are values given to {@link
 * CodemodeCli#run}, so a test states a terminal or a defaults file instead of needing one; {@link
 * #system()} is what {@code main} gives.
 *
 * @param terminal standard input and output are a terminal: progress is redrawn in place and a
 *     table shows at most {@link QueryCommand#TERMINAL_ROWS} rows unless {@code --max-rows} is
 *     given; otherwise progress is plain lines and every row is printed
 * @param defaultsFile picocli's {@code PropertiesDefaultProvider} file of option defaults (absent
 *     is no defaults)
 */
record CliEnvironment(boolean terminal, Path defaultsFile) {

  /** The system property picocli's own {@code PropertiesDefaultProvider} reads for the file. */
  static final String DEFAULTS_PROPERTY = "picocli.defaults.codemode.path";

  CliEnvironment {
    Objects.requireNonNull(defaultsFile, "defaultsFile");
  }

  /**
   * This process: a terminal when {@link Console#isTerminal()} says so (standard input and output
   * both are), and the defaults file where picocli looks for it: {@value #DEFAULTS_PROPERTY}, else
   * {@code ~/.codemode.properties}.
   */
  static CliEnvironment system() {
    Console console = System.console();
    String explicit = System.getProperty(DEFAULTS_PROPERTY);
    Path defaults =
        explicit != null && !explicit.isBlank()
            ? Path.of(explicit)
            : Path.of(System.getProperty("user.home"), ".codemode.properties");
    return new CliEnvironment(console != null && isTerminal(console), defaults);
  }

  /**
   * {@code Console.isTerminal()} where the JDK has it (22 and later, which return a console even
   * when output is redirected); on 21, which the code is compiled for, a console exists only for a
   * terminal.
   */
  private static boolean isTerminal(Console console) {
    try {
      return (boolean) Console.class.getMethod("isTerminal").invoke(console);
    } catch (NoSuchMethodException e) {
      return true;
    } catch (ReflectiveOperationException e) {
      throw new IllegalStateException("Console.isTerminal() failed", e);
    }
  }
}
